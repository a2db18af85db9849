import Foundation
import Observation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// What SwiftUI does with the model, without SwiftUI: a binding made of a key path from the
/// model (`$navigation.path`, `$navigation[path: .mail]`), and views that observe it.
@Suite("Binding and observing the model")
@MainActor
struct BindingTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aPathBindingReadsAndWritesTheStateAndTheWriteIsSaved() async throws {
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Screen>(), on: store)
        let path = Bindable(model: navigation).path                    // $navigation.path
        path.set([.mailbox("INBOX")])                                   // NavigationStack pushes
        #expect(path.get() == [.mailbox("INBOX")])
        #expect(navigation.state.path == [.mailbox("INBOX")])
        await navigation.flush()
        #expect(try await latestTree(store) == (try screens().tree(for: [.mailbox("INBOX")])))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTabsPathBindingGoesThroughTheSubscript() throws {
        let navigation = model(TabNavigation<Tab, Screen>(selection: .mail), on: try SnapshotStore.inMemory())
        let bindable = Bindable(model: navigation)
        bindable[path: .settings].set([.mailbox("x")])                 // $navigation[path: .settings]
        bindable.selection.set(.settings)                               // TabView(selection: $navigation.selection)
        #expect(navigation[path: .settings] == [.mailbox("x")])
        #expect(navigation.selection == .settings)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aViewReadingThePathIsToldOfItsChanges() throws {
        let navigation = model(StackNavigation<Screen>(), on: try SnapshotStore.inMemory())
        let changed = Changed()
        withObservationTracking { _ = navigation.path } onChange: { changed.mark() }
        navigation.path.append(.mailbox("INBOX"))
        #expect(changed.value)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aViewShowingTheErrorIsToldOfAFailedSave() async throws {
        let folder = try TemporaryFolder()
        let navigation = model(StackNavigation<Screen>(), on: try readOnlyStore(in: folder).store)
        let changed = Changed()
        withObservationTracking { _ = navigation.error } onChange: { changed.mark() }
        navigation.path.append(.mailbox("INBOX"))
        #expect(await eventually { changed.value })
        #expect(navigation.error is StoreError)
    }
}

/// SwiftUI's `Bindable` and `Binding`, reduced to what they do with a key path.
@dynamicMemberLookup
struct Bindable<Model: AnyObject> {
    let model: Model
    subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>) -> (get: () -> Value, set: (Value) -> Void) {
        ({ self.model[keyPath: keyPath] }, { self.model[keyPath: keyPath] = $0 })
    }
}

/// Whether an observation fired.
final class Changed: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    var value: Bool { lock.lock(); defer { lock.unlock() }; return fired }
    func mark() { lock.lock(); fired = true; lock.unlock() }
}
