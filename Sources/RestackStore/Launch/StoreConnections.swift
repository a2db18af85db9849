import Foundation
import GRDB

/// The store's connections: GRDB's, through which it writes and reads, and, for a store opened
/// at a path, the lean connection that serves the launch read (``LaunchConnection``).
///
/// GRDB's connection is open from the start, or, for a store its launch connection examined,
/// opened when it is first needed: the launch read then never pays for it. A failed opening is
/// not remembered: the next use tries again, and throws what it meets.
///
/// Every use goes through ``enter()`` and ``leave()``, so that ``close(finishing:)`` closes
/// the connections only once no use is in flight, and every use after it is refused.
final class StoreConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: (any DatabaseWriter)?
    private let opening: @Sendable () throws(StoreError) -> any DatabaseWriter
    /// The lean connection of the launch read, if the store has one.
    let launch: LaunchConnection?
    /// Whether GRDB's connection is the store's own, to close with it; `false` for the app's
    /// database that hosts the store (``SnapshotStore/init(database:options:)``).
    let ownsWriter: Bool

    /// Guards the uses in flight and the closing.
    private let gate = NSCondition()
    private var inFlight = 0
    private var closing = false
    private var closed = false

    /// A GRDB connection that is already open, and a launch connection or none.
    init(_ writer: any DatabaseWriter, launch: LaunchConnection? = nil, owned: Bool = true) {
        opened = writer
        self.launch = launch
        ownsWriter = owned
        opening = { () throws(StoreError) in writer }
    }

    /// A GRDB connection that `opening` opens when it is first needed, and the launch connection
    /// that examined the file.
    init(launch: LaunchConnection, opening: @escaping @Sendable () throws(StoreError) -> any DatabaseWriter) {
        self.launch = launch
        self.opening = opening
        ownsWriter = true
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

    /// GRDB's connection if it is open, without opening it.
    var openWriter: (any DatabaseWriter)? {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    /// Whether GRDB's connection is open (for tests of the launch path).
    var isWriterOpen: Bool {
        openWriter != nil
    }

    // MARK: - Uses and closing

    /// Begins a use of the connections: `false` once they are closed. While a closing is under
    /// way, waits for its end (a closing that fails leaves them open).
    func enter() -> Bool {
        gate.lock()
        defer { gate.unlock() }
        while closing {
            gate.wait()
        }
        guard !closed else { return false }
        inFlight += 1
        return true
    }

    /// Ends a use begun by ``enter()``.
    func leave() {
        gate.lock()
        defer { gate.unlock() }
        inFlight -= 1
        if inFlight == 0 {
            gate.broadcast()
        }
    }

    /// Closes the connections once no use is in flight: first `finish` (the checkpoint), which
    /// runs with no other use in flight and, when it throws, leaves everything open; then the
    /// launch connection and GRDB's, when it is the store's own. Closing again does nothing;
    /// a closing that another thread has under way is waited for.
    ///
    /// - Returns: Whether this call closed them (`false` when they were closed already).
    @discardableResult
    func close(finishing finish: () throws(StoreError) -> Void) throws(StoreError) -> Bool {
        gate.lock()
        while closing {
            gate.wait()
        }
        if closed {
            gate.unlock()
            return false
        }
        closing = true
        while inFlight > 0 {
            gate.wait()
        }
        gate.unlock()
        do {
            try finish()
        } catch {
            end(closed: false)
            throw error
        }
        launch?.close()
        if ownsWriter {
            // GRDB's close fails only while statements of the connection are alive, and none is:
            // no use is in flight. The connection answers SQLITE_MISUSE after it.
            try? openWriter?.close()
        }
        end(closed: true)
        return true
    }

    /// Ends a closing, closed or left open, and wakes the uses that waited for it.
    private func end(closed: Bool) {
        gate.lock()
        defer { gate.unlock() }
        self.closed = closed
        closing = false
        gate.broadcast()
    }
}
