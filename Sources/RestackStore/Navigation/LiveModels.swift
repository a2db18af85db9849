/// The navigation models alive in the process, by store file and session.
///
/// SwiftUI evaluates a `@State` property's initial value each time it makes the view value, and
/// keeps the first instance: a model made again for the same session must not begin a restore
/// again (the crash-loop guard would count the first one as a launch that crashed). A model made
/// while another of its store file and session is alive starts from that model's state, and
/// neither restores nor confirms.
@MainActor
enum LiveModels {
    /// A store file (or an in-memory store, by identity) and a session.
    struct Key: Hashable {
        var store: String
        var session: String

        init(_ store: SnapshotStore, session: String) {
            self.store = store.path == ":memory:" ? "memory \(ObjectIdentifier(store).hashValue)" : store.path
            self.session = session
        }
    }

    private final class Entry {
        weak var model: AnyObject?

        init(_ model: AnyObject) {
            self.model = model
        }
    }

    private static var entries: [Key: Entry] = [:]

    /// The model alive for `key`, if any.
    static func model(for key: Key) -> AnyObject? {
        entries[key]?.model
    }

    /// Records `model` as the one alive for `key`.
    static func register(_ model: AnyObject, for key: Key) {
        entries = entries.filter { $0.value.model != nil }
        entries[key] = Entry(model)
    }

    /// Forgets `model` (stopped: the next model of its session is a new launch).
    static func remove(_ model: AnyObject, for key: Key) {
        if entries[key]?.model === model {
            entries[key] = nil
        }
    }
}
