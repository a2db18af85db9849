import Foundation
import RestackStore
import RestackTestSupport
import Testing

/// An empty database (a file of no bytes, as `touch` or an app's failed first write leaves):
/// a read-only opening, which creates nothing, refuses it by name and leaves it as it is; a
/// writable opening makes it a store.
@Suite("an empty database file")
struct EmptyDatabaseTests {
    @Test func aReadOnlyOpeningRefusesItAndLeavesIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        var refusal: StoreError?
        do {
            _ = try SnapshotStore(readingAt: path)
        } catch {
            refusal = error
        }
        if case .foreignDatabase(_, let tables)? = refusal {
            #expect(tables.isEmpty)
        } else {
            Issue.record("an empty file is not refused as an empty database: \(String(describing: refusal))")
        }
        #expect(refusal?.description.hasSuffix("is an empty database, not a Restack store") == true, "\(String(describing: refusal))")
        #expect(FileManager.default.contents(atPath: path) == Data(), "the file is left as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["empty.sqlite"], "no side file")

        let store = try SnapshotStore(path: path)
        #expect(try store.sessions().isEmpty)
    }
}
