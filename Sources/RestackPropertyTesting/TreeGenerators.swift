import Foundation
import PropertyBased
import Restack

/// Random trees up to four container levels deep: every kind (presentation chains with a null
/// base too, stacks that close gaps and stacks that truncate) and compact policy, both focuses,
/// valid selections, and the identifiers, classes and payloads of ``Generators`` (nil, empty,
/// whitespace, duplicate and hostile Unicode identifiers; a class the resolver refuses).
public enum TreeGenerators {
    public static let maxDepth = 4

    public static let tree = Generator(run: { rng in
        RestorationTree(root: container(level: 1, using: &rng))
    })

    /// A container of a random kind, as the kind declares itself: each sequence slot holds up to
    /// three records, each single slot one or none, and the settings are one of the kind's valid
    /// combinations (``ContainerKind/validSettings(slotCounts:)``). A new kind is generated with
    /// no change here.
    public static func container(level: Int, using rng: inout any SeededRandomNumberGenerator) -> RestorationContainer {
        let kind = RestorationContainer.Kind.allCases.randomElement(using: &rng)!
        let definition = kind.definition
        var slots: [[RestorationRecord]] = []
        for slot in definition.slots {
            let count = slot.isSequence ? Int.random(in: 0...3, using: &rng) : Int.random(in: 0...1, using: &rng)
            slots.append((0..<count).map { _ in record(level: level, using: &rng) })
        }
        let settings = definition.validSettings(slotCounts: slots.map(\.count)).randomElement(using: &rng)!
        return RestorationContainer(kind: kind, slots: slots, settings: settings)
    }

    public static func record(level: Int, using rng: inout any SeededRandomNumberGenerator) -> RestorationRecord {
        var record = Generators.record.run(using: &rng)
        if level < maxDepth, Int.random(in: 0..<10, using: &rng) < 4 {
            record.container = container(level: level + 1, using: &rng)
        }
        return record
    }

    public static let layout = Generator(run: { rng in Layout.allCases.randomElement(using: &rng)! })
}
