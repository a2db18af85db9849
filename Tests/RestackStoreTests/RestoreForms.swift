import Restack
import RestackStore
import Testing

/// The two forms of each restore entry. A restore behaviour test takes one as its argument and
/// runs once per form: the synchronous form plans in the call, the asynchronous one loads off the
/// caller's actor and the test plans the loaded snapshot, as an app does on the main actor.
enum RestoreForm: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sync
    case async

    var testDescription: String { rawValue }

    /// `beginRestore` in this form, planned for `layout` with `resolver`.
    func begin(_ store: SnapshotStore, session: String, layout: Layout = .regular,
               resolver: RecordResolver = .acceptAll) async throws -> RestoreAnswer<StoreRestoration> {
        switch self {
        case .sync:
            try store.beginRestore(session: session, layout: layout, resolver: resolver)
        case .async:
            Self.planned(try await store.beginRestore(session: session), layout: layout, resolver: resolver)
        }
    }

    /// `restore` (the peek that counts nothing) in this form, planned for `layout` with `resolver`.
    func peek(_ store: SnapshotStore, session: String, layout: Layout = .regular,
              resolver: RecordResolver = .acceptAll) async throws -> RestoreAnswer<StoreRestoration> {
        switch self {
        case .sync:
            try store.restore(session: session, layout: layout, resolver: resolver)
        case .async:
            Self.planned(try await store.restore(session: session), layout: layout, resolver: resolver)
        }
    }

    /// `confirmRestore` in this form.
    func confirm(_ store: SnapshotStore, _ restoration: StoreRestoration) async throws {
        switch self {
        case .sync: try Self.confirmSynchronously(store, restoration)
        case .async: try await store.confirmRestore(restoration)
        }
    }

    /// The synchronous `confirmRestore`, which an `async` context would not choose over the
    /// asynchronous one of the same name.
    private static func confirmSynchronously(_ store: SnapshotStore, _ restoration: StoreRestoration) throws {
        try store.confirmRestore(restoration)
    }

    private static func planned(_ answer: RestoreAnswer<LoadedRestoration>, layout: Layout, resolver: RecordResolver) -> RestoreAnswer<StoreRestoration> {
        switch answer {
        case .restore(let loaded): .restore(loaded.plan(layout: layout, resolver: resolver))
        case .expired(let info): .expired(info)
        case .nothingSaved: .nothingSaved
        }
    }
}
