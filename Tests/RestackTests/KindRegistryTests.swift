import Restack
import Testing

/// The registry (`Container.swift`'s two switches) gives each kind's name its own type, and a
/// container assembled from a kind's parts is that kind again: a case wired to another kind's
/// type fails here (the compiler sees only that every case is handled).
@Suite("the kinds' registry")
struct KindRegistryTests {
    @Test func everyKindIsRegisteredUnderItsOwnName() {
        for kind in ContainerKindName.allCases {
            #expect(kind.definition.kind == kind, "\(kind) is registered as \(kind.definition)")
            let slots = kind.definition.slots.map { _ in [RestorationRecord]() }
            let settings = kind.definition.validSettings(slotCounts: slots.map(\.count)).first ?? []
            let container = RestorationContainer(kind: kind, slots: slots, settings: settings)
            #expect(container.kind == kind && container.definition.settings == settings, "\(kind)")
            #expect(type(of: container.definition).kind == kind && container.parts.kind.kind == kind, "\(kind)")
        }
    }
}
