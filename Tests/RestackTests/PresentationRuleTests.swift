import Foundation
import Restack
import Testing

/// Rule 12: a presentation chain is truncated at its first record that is not restored.
@Suite("Rule 12: presentation chains")
struct PresentationRuleTests {
    @Test func theResolverIsNotAskedAboutATruncatedRecord() {
        var asked: [String?] = []
        let saved = tree(presentation(node("inbox"), node("compose"), node("picker"), node(nil), node("preview", stack(node("inner")))))
        let plan = Restorer.plan(saved, resolver: RecordResolver { record in
            asked.append(record.identifier)
            return record.identifier != "picker"
        })
        #expect(asked == ["inbox", "compose", "picker"], "nothing above the first record not restored is asked about")
        #expect(plan.drops == ["presented[1]:unresolved-class", "presented[2]:truncated", "presented[3]:truncated",
                               "presented[3]/records[0]:ancestor-dropped"])
        #expect(plan.restoredRecords.map(\.from.description) == ["base", "presented[0]"])
    }

    @Test func aNullOrDroppedBaseTruncatesTheWholeChain() {
        #expect(Restorer.plan(tree(presentation(nil, node("a"), node("b")))).drops == ["presented[0]:truncated", "presented[1]:truncated"])
        let dropped = Restorer.plan(tree(presentation(node(""), node("a"))))
        #expect(dropped.drops == ["base:empty-identifier", "presented[0]:truncated"])
        #expect(dropped.root?.content == .presentation(PresentationContainer(base: nil, presented: [])))
    }

    @Test func aChainHasNoCompactArrangementAndRestoresAsSaved() throws {
        let saved = tree(presentation(node("base", drillDown([node("a")], right: node("b"))), node("sheet", stack(node("x"), node("y")))))
        let plan = Restorer.plan(saved, layout: .compact)
        #expect(plan.root?.compact == nil)
        #expect(plan.root?.children.first?.container?.compact?.stack.map(\.description) == ["base/left[0]", "base/right"])
        #expect(plan.dropped.isEmpty)
        #expect(try #require(plan.restoredTree) == saved)
    }

    @Test func theStateFileHasBothKeysAndReadsBackByteForByte() throws {
        let saved = tree(presentation(nil, node("a")))
        let data = StateFile.encode(saved)
        #expect(String(decoding: data, as: UTF8.self).contains(#""base" : null"#))
        #expect(try StateFile.decode(data) == saved)
        #expect(StateFile.encode(try StateFile.decode(data)) == data)
        #expect(throws: StateFileError(path: "root.base", problem: "required key is missing")) {
            try StateFile.decode(Data(#"{"formatVersion": 2, "root": {"kind": "presentation", "presented": []}}"#.utf8))
        }
        #expect(throws: StateFileError(path: "root.presented", problem: "required key is missing")) {
            try StateFile.decode(Data(#"{"formatVersion": 2, "root": {"kind": "presentation", "base": null}}"#.utf8))
        }
        #expect(throws: StateFileError(path: "root", problem: #"unknown key "left" (expected "kind", "base", "presented")"#)) {
            try StateFile.decode(Data(#"{"formatVersion": 2, "root": {"kind": "presentation", "base": null, "presented": [], "left": []}}"#.utf8))
        }
    }

    @Test func thePlannedJSONMirrorsTheStateFile() throws {
        let plan = Restorer.plan(tree(presentation(nil, node("a"))))
        let object = try #require(JSONSerialization.jsonObject(with: plan.jsonData()) as? [String: Any])
        let root = try #require(object["root"] as? [String: Any])
        #expect(root["kind"] as? String == "presentation")
        #expect(root["base"] is NSNull)
        #expect((root["presented"] as? [Any])?.isEmpty == true)
        #expect(Set(root.keys) == ["kind", "base", "presented"])
    }

    @Test func aDiffFollowsARecordFromTheChainToItsBase() {
        let before = tree(presentation(node("inbox"), node("compose")))
        let after = tree(presentation(node("compose"), node("inbox")))
        let diff = TreeDiff(from: before, to: after)
        #expect(diff.moved.map { "\($0.from) -> \($0.to)" } == ["presented[0] -> base", "base -> presented[0]"])
    }
}
