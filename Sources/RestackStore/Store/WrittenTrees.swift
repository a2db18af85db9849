import Foundation

/// The tree each session's last save through this store wrote, so that the next save of the
/// session shares its values without asking whether a tree of another session names them
/// (``RecordValues/previous(_:sessionID:written:)``).
///
/// The values of such a tree are the session's own: each was inserted by one of the session's
/// saves, or shared from a tree that was asked about, or was itself written here. When the
/// session's newest tree is any other (another process saved it, a change behind Restack's back,
/// this store's first save of the session), the save asks: one read of the other sessions'
/// trees. Kept for a bounded number of sessions; forgetting costs that read only.
final class WrittenTrees: @unchecked Sendable {
    private let lock = NSLock()
    /// Bytes, not `Data`: a `Data` kept in a collection holds its storage through a pointer
    /// carrying enum tag bits, which LeakSanitizer takes for no pointer at all (the fuzz target
    /// reported each kept tree as a leak).
    private var trees: [Int64: [UInt8]] = [:]

    /// How many sessions' trees are kept at most.
    static let capacity = 256

    /// The tree this store last wrote for the session with id `sessionID`, if it is known.
    func tree(of sessionID: Int64) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return trees[sessionID]
    }

    /// Keeps `tree` as the session's last written tree: called once its save committed.
    func record(_ tree: Data, of sessionID: Int64) {
        lock.lock()
        defer { lock.unlock() }
        if trees.count >= Self.capacity && trees[sessionID] == nil {
            trees.removeAll(keepingCapacity: true)
        }
        trees[sessionID] = [UInt8](tree)
    }
}
