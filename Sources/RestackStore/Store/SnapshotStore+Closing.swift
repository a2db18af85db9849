import Foundation
import GRDB

extension SnapshotStore {
    /// Closes the store, leaving its folder with the `.sqlite` file alone, which then holds every
    /// snapshot: it can be copied, moved or sent on its own.
    ///
    /// While a store is open, SQLite keeps its latest writes in the `-wal` file beside it until a
    /// checkpoint copies them into the file: a copy of the `.sqlite` file alone may lack them,
    /// or read as an empty database. `close()` checkpoints (every page of the log copied into
    /// the file, synced, and the log emptied), then closes the store's connections; SQLite,
    /// closing the file's last connection, removes the `-wal` and `-shm` files.
    ///
    /// ```swift
    /// try store.close()
    /// try FileManager.default.copyItem(atPath: store.path, toPath: copyPath)   // every snapshot
    /// ```
    ///
    /// - Another connection to the file (another store value of the same path, an app
    ///   extension's process) keeps the `-wal` and `-shm` files: the checkpoint still copies
    ///   every snapshot saved until the close into the `.sqlite` file and empties the log, and
    ///   what the other connection saves later goes to its log as usual.
    /// - Operations in flight on other threads finish first, and the checkpoint runs with none in
    ///   flight. After the close every operation throws ``StoreError/closed(path:)``, one
    ///   that began during the close included. Closing again does nothing.
    /// - When the checkpoint fails (``StoreError/unavailable(path:)`` while the device is
    ///   locked, ``StoreError/locked(path:)`` when another process's read outlasts the busy
    ///   timeout, ``StoreError/diskFull(path:)``), nothing is closed: the store works as before,
    ///   and `close()` may be called again. When the device locks after the checkpoint, as the
    ///   connections close, the store is closed and the file holds every snapshot, but SQLite
    ///   could not remove the emptied log: ``StoreError/unavailable(path:)`` says so, and the
    ///   next closing removes it.
    /// - A store opened for reading only has nothing to copy into its file: its connection is
    ///   closed. A store ``inMemory(options:)`` is gone.
    /// - A store hosted in the app's database (``init(database:options:)``) is not closed by
    ///   Restack: this store value refuses every operation after the close, and the app's
    ///   `DatabaseQueue` or `DatabasePool` stays open, for the app to checkpoint and close with
    ///   its own `close()`.
    ///
    /// - Throws: The checkpoint's errors, the store then still open; ``StoreError/unavailable(path:)``
    ///   as above.
    public func close() throws(StoreError) {
        let closedNow = try connections.close { () throws(StoreError) in
            guard writeRefusal == nil, connections.ownsWriter, path.hasPrefix("/") else { return }
            try withStoreErrors(path: path) {
                if let writer = connections.openWriter {
                    try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
                } else {
                    try connections.launch?.checkpoint()
                }
            }
        }
        // SQLite removes the log as the last connection closes, and says nothing when it cannot.
        if closedNow, writeRefusal == nil, connections.ownsWriter, path.hasPrefix("/"),
           !StoreLocation(path: path, exists: true).existingSideFiles.isEmpty, FileProtection.isUnavailable(path) {
            throw .unavailable(path: path)
        }
    }
}
