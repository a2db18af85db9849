import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport

/// Every byte of a file and the names of the files beside it: what must not change.
struct FileFingerprint: Equatable {
    var bytes: Data?
    var siblings: [String]

    init(_ path: String) {
        bytes = FileManager.default.contents(atPath: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

func record(_ id: String?, _ cls: String? = nil, _ payload: String? = nil) -> RestorationRecord {
    RestorationRecord(identifier: id, className: cls ?? id.map { "\($0)Controller" }, payload: payload.map { Data($0.utf8) })
}

let mailState = RestorationTree.drillDown(
    left: [record("mailboxes"), record("inbox", "InboxController", "folder=INBOX"), record(nil, "ComposeController")],
    right: record("message-42", "MessageController", "id=42")
)

/// Store tests read a drill-down plan slot by slot: its root drill-down.
extension RestorationPlan {
    var rootDrillDown: DrillDownContainer<PlannedRecord>? {
        if case .drillDown(let root)? = root?.content { root } else { nil }
    }
    var left: [PlannedRecord] { rootDrillDown?.left ?? [] }
    var right: PlannedRecord? { rootDrillDown?.right }
}

/// Store tests read a drill-down tree slot by slot.
extension RestorationTree {
    var left: [RestorationRecord] { drillDown?.left ?? [] }
    var right: RestorationRecord? { drillDown?.right }
}

