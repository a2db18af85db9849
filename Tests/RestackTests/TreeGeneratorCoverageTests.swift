import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// The random trees the property tests run on are made from the kinds' own declarations
/// (``TreeGenerators``): over a few hundred trees, every kind comes up, with every value each of
/// its settings may take, a tab bar with no tabs (nothing selected), and every slot both empty and
/// not, so that no kind or setting escapes the properties.
@Suite("the tree generator covers every kind")
struct TreeGeneratorCoverageTests {
    @Test func everyKindSettingAndSlotComesUp() {
        var rng: any SeededRandomNumberGenerator = Xoshiro(seed: (1, 2, 3, 4))
        var settings: Set<String> = []
        var slots: Set<String> = []
        for _ in 0..<400 {
            var pending = [TreeGenerators.tree.run(using: &rng).root]
            while let container = pending.popLast() {
                let parts = container.parts
                for (name, value) in zip(parts.kind.settingNames, parts.settings) {
                    settings.insert("\(container.kind.rawValue).\(name)=\(value?.text ?? "nil")")
                }
                for (slot, elements) in zip(parts.kind.slots, parts.slots) {
                    slots.insert("\(container.kind.rawValue).\(slot.name)\(elements.isEmpty ? " empty" : "")")
                }
                pending += container.elements.compactMap(\.container)
            }
        }
        var expected: Set<String> = ["tabs.selected=nil", "tabs.selected=0", "tabs.selected=2"]
        for kind in ContainerKindName.allCases {
            for name in kind.definition.settingNames {
                for value in kind.definition.settingValues[name] ?? [] {
                    expected.insert("\(kind.rawValue).\(name)=\(value)")
                }
            }
            for slot in kind.definition.slots {
                expected.insert("\(kind.rawValue).\(slot.name)")
                expected.insert("\(kind.rawValue).\(slot.name) empty")
            }
        }
        #expect(expected.subtracting(settings.union(slots)).isEmpty, "never generated: \(expected.subtracting(settings.union(slots)).sorted())")
    }
}
