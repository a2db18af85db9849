import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// A store that a launch, a save and retention would each change: for the tests of the locked
/// device, which show that none of them acts while the file is unavailable.
///
/// Session `a` crashed while restoring: its restore is pending, with a provisional save (the next
/// `beginRestore` quarantines that save and counts a second attempt). Session `b` restored and
/// confirmed (an outcome recorded), and holds `keepLast` snapshots (the next save prunes one).
struct LockedStoreFixture {
    static let options = SnapshotStore.Options(retention: .init(keepLast: 2))

    static func state(_ name: String, _ counter: Int = 0) -> RestorationTree {
        RestorationTree.drillDown(left: [record("list"), RestorationRecord(identifier: name, className: "ItemController", payload: Data("\(counter)".utf8))])
    }

    let folder: TemporaryFolder
    /// The fixture's file, closed: no side file.
    let template: String

    init() throws {
        LockedDevice.install()
        folder = try TemporaryFolder(prefix: "restack-locked")
        template = folder.path("template.sqlite")
        let store = try SnapshotStore(path: template, options: Self.options)
        for counter in 0..<3 {
            try store.save(Self.state("a", counter), session: "a")
            try store.save(Self.state("b", counter), session: "b")
        }
        try store.confirmRestore(try store.beginRestore(session: "b").restored)
        _ = try store.beginRestore(session: "a").restored
        try store.save(Self.state("a", 99), session: "a")   // provisional; the launch then crashed
        try store.close()
    }

    /// A copy of the fixture, alone in a new folder (inside the fixture's), at its real path.
    func copy() throws -> String {
        let copyFolder = folder.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: copyFolder, withIntermediateDirectories: false)
        let path = copyFolder.appendingPathComponent("s.sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        return (path as NSString).resolvingSymlinksInPath
    }

    /// Every row of Restack's tables, each as text, read through a connection of its own (the
    /// file must be available).
    static func rows(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var rows: [String] = []
            for table in ["restack_session", "restack_snapshot", "restack_value", "restack_outcome", "restack_outcome_drop", "restack_meta"] {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { "\(table) \($0)" }
            }
            return rows
        }
    }

    /// The names of the files in the folder of `path`.
    static func files(beside path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted()
    }
}
