import Foundation
import RestackTestSupport
import Restack
@testable import RestackStore
import Testing

/// A record that holds a container (a format-2 tree) cannot be stored by this version: the save
/// is refused with a typed error and writes nothing, rather than losing the container silently.
@Suite("Trees are not storable yet")
struct NotStorableTests {
    @Test(arguments: [
        DrillDownState(left: [record("a"), RestorationRecord(identifier: "nav", container: .stack(StackContainer(records: [record("x")])))]),
        DrillDownState(left: [record("a")], right: RestorationRecord(identifier: "tabs", container: .tabs(TabsContainer(tabs: [], selected: nil)))),
    ])
    func aStateWhoseRecordsHoldContainersIsRefusedAndNothingIsWritten(_ state: DrillDownState) throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        try store.save(mailState, session: "s")
        let before = try store.check()
        #expect(throws: StoreError.self) { try store.save(state, session: "s") }
        do {
            try store.save(state, session: "new")
            Issue.record("saved a tree")
        } catch {
            guard case .notStorable(let detail) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(detail.contains(state.right?.container != nil ? "right" : "left[1]"))
            #expect(error.description.contains("cannot be stored by this version"))
            #expect(error.description.contains("nothing was written"))
        }
        #expect(try store.check() == before, "no session, snapshot or record was written")
        #expect(try store.latestSnapshot(session: "s").state == mailState)
    }
}
