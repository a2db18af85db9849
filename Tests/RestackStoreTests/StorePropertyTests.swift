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
            #expect(loaded.state == state)
            #expect(loaded.info.session.utf8.elementsEqual(session.utf8))
            #expect(zip(loaded.state?.slottedRecords ?? [], state.slottedRecords).allSatisfy { a, b in
                a.slot == b.slot && a.record.identifier.map { Array($0.utf8) } == b.record.identifier.map { Array($0.utf8) }
            })
        }
    }
}
