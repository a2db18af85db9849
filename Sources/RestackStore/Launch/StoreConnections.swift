import Foundation
import GRDB

/// The store's connections: GRDB's, through which it writes and reads, and, for a store opened
/// at a path, the lean connection that serves the launch read (``LaunchConnection``).
///
/// GRDB's connection is open from the start, or, for a store its launch connection examined,
/// opened when it is first needed: the launch read then never pays for it. A failed opening is
/// not remembered: the next use tries again, and throws what it meets.
final class StoreConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: (any DatabaseWriter)?
    private let opening: @Sendable () throws(StoreError) -> any DatabaseWriter
    /// The lean connection of the launch read, if the store has one.
    let launch: LaunchConnection?

    /// A GRDB connection that is already open, and a launch connection or none.
    init(_ writer: any DatabaseWriter, launch: LaunchConnection? = nil) {
        opened = writer
        self.launch = launch
        opening = { () throws(StoreError) in writer }
    }

    /// A GRDB connection that `opening` opens when it is first needed, and the launch connection
    /// that examined the file.
    init(launch: LaunchConnection, opening: @escaping @Sendable () throws(StoreError) -> any DatabaseWriter) {
        self.launch = launch
        self.opening = opening
    }

    deinit {
        // The launch connection closes first, so that GRDB's, when it is open, is the file's
        // last connection in this process and checkpoints the log into the file as it closes,
        // as it did before there were two: a read-only launch connection never checkpoints.
        launch?.close()
    }

    /// GRDB's connection, opened first if it was not yet.
    func writer() throws(StoreError) -> any DatabaseWriter {
        lock.lock()
        defer { lock.unlock() }
        if let opened {
            return opened
        }
        let writer = try opening()
        opened = writer
        return writer
    }

    /// Whether GRDB's connection is open (for tests of the launch path).
    var isWriterOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return opened != nil
    }
}
