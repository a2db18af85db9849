import Foundation
import RestackTestSupport
import PropertyBased
import RestackPropertyTesting
import Restack
import RestackStore
import Testing

/// Save then load returns the identical state, byte for byte, for random states.
@Suite("Store properties")
struct StorePropertyTests {
    @Test func saveThenLoadIsIdentity() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("p.sqlite"))
        await checkProperty(count: 200, input: zip(StoreGenerators.state, StoreGenerators.sessionName)) { state, session in
            let info = try store.save(state, session: session)
            let loaded = try store.snapshot(id: info.id)
            #expect(loaded.tree == state)
            #expect(loaded.info.session.utf8.elementsEqual(session.utf8))
            let pairs = zip(loaded.tree.allRecords, state.allRecords)
            #expect(pairs.allSatisfy { a, b in
                a.path == b.path && a.record.identifier.map { Array($0.utf8) } == b.record.identifier.map { Array($0.utf8) }
            })
        }
    }
}

/// Consecutive saves of a session whose payloads differ only in their last byte (issue 38: value
/// sharing was caught comparing less than every byte only by the luck of a random seed): each
/// snapshot loads back exactly as saved, drill-downs and trees alike.
@Suite("Store properties of consecutive saves")
struct ConsecutiveSavePropertyTests {
    static func expectBothLoadBack(_ first: RestorationTree, in store: SnapshotStore, session: String) throws {
        let second = StoreGenerators.lastBytesChanged(first)
        let saved = [try store.save(first, session: session), try store.save(second, session: session)]
        #expect(try store.snapshot(id: saved[0].id).tree == first)
        #expect(try store.snapshot(id: saved[1].id).tree == second)
    }

    @Test func drillDownsDifferingInTheLastByteLoadBackExactly() async throws {
        let store = try SnapshotStore.inMemory()
        await checkProperty(count: 150, input: zip(StoreGenerators.state, StoreGenerators.sessionName)) { state, session in
            try Self.expectBothLoadBack(state, in: store, session: session)
        }
    }

    @Test func treesDifferingInTheLastByteLoadBackExactly() async throws {
        let store = try SnapshotStore.inMemory(options: .init(limits: .init(maxContainerDepth: 64)))
        await checkProperty(count: 150, input: TreeGenerators.tree) { tree in
            try Self.expectBothLoadBack(tree, in: store, session: "trees")
        }
    }
}

/// Random format-2 trees (every kind and policy, depth up to 4, hostile identifiers) saved and
/// loaded back: identical, and their state files round-trip through the store.
@Suite("Store properties of trees")
struct TreeStorePropertyTests {
    @Test func savedTreesLoadBackIdentical() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("trees.sqlite"), options: .init(limits: .init(maxContainerDepth: 64)))
        await checkProperty(count: 150, input: TreeGenerators.tree) { tree in
            let info = try store.save(tree, session: "trees")
            let loaded = try store.snapshot(id: info.id)
            #expect(loaded.tree == tree)
            #expect(loaded.info.form == .tree && info.form == .tree)
            #expect(loaded.info.recordCount == tree.recordCount)
            #expect(try store.check().isHealthy)
            // The state file of the stored tree saves back as the same tree.
            let file = StateFile.encode(loaded.tree)
            let again = try store.save(try StateFile.decode(file), session: "trees")
            #expect(StateFile.encode(try store.snapshot(id: again.id).tree) == file, "export, import, export is stable")
        }
    }
}
