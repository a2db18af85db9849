import Foundation
import Restack
import Testing

/// `TreeDiff` is symmetric: the diff from B to A says what the diff from A to B says, each change
/// in the other direction (added is removed, a move goes back, old and new values swap). One pair
/// of states per change a diff reports, each compared both ways.
@Suite("TreeDiff in both directions")
struct TreeDiffSymmetryTests {
    /// A state file's tree (the JSON contract, so that the cases read as the files a user diffs).
    static func tree(_ json: String) throws -> RestorationTree {
        try StateFile.decode(Data(json.utf8))
    }

    static func stack(_ records: String, afterDrop: String? = nil) -> String {
        #"{"formatVersion": 2, "root": {"kind": "stack", "# + (afterDrop.map { #""afterDrop": "\#($0)", "# } ?? "") + #""records": [\#(records)]}}"#
    }

    /// Each change a diff reports, as a pair of states: its name, A, B.
    static let pairs: [(change: String, a: String, b: String)] = [
        ("added and removed", stack(#"{"identifier": "a", "class": "A"}"#),
         stack(#"{"identifier": "a", "class": "A"}, {"identifier": "b", "class": "B"}"#)),
        ("moved", stack(#"{"identifier": "a", "class": "A"}, {"identifier": "b", "class": "B"}"#),
         stack(#"{"identifier": "b", "class": "B"}, {"identifier": "a", "class": "A"}"#)),
        ("class changed", stack(#"{"identifier": "a", "class": "A"}"#), stack(#"{"identifier": "a", "class": "A2"}"#)),
        ("payload changed", stack(#"{"identifier": "a", "class": "A"}"#), stack(#"{"identifier": "a", "class": "A", "payload": "aGVsbG8="}"#)),
        ("identifier given", stack(#"{"identifier": null, "class": "A"}"#), stack(#"{"identifier": "a", "class": "A"}"#)),
        ("container added to a record", stack(#"{"identifier": "nav", "class": "Nav"}"#),
         stack(#"{"identifier": "nav", "class": "Nav", "container": {"kind": "stack", "records": [{"identifier": "x", "class": "X"}]}}"#)),
        ("container added with its record", stack(#"{"identifier": "a", "class": "A"}"#),
         stack(#"{"identifier": "a", "class": "A"}, {"identifier": "nav", "class": "Nav", "container": {"kind": "stack", "records": []}}"#)),
        ("container kind changed", stack(#"{"identifier": "nav", "class": "Nav", "container": {"kind": "stack", "records": []}}"#),
         stack(#"{"identifier": "nav", "class": "Nav", "container": {"kind": "tabs", "selected": null, "tabs": []}}"#)),
        ("selected tab changed",
         #"{"formatVersion": 2, "root": {"kind": "tabs", "selected": 0, "tabs": [{"identifier": "a", "class": "A"}, {"identifier": "b", "class": "B"}]}}"#,
         #"{"formatVersion": 2, "root": {"kind": "tabs", "selected": 1, "tabs": [{"identifier": "a", "class": "A"}, {"identifier": "b", "class": "B"}]}}"#),
        ("focus and compact policy changed",
         #"{"formatVersion": 2, "root": {"kind": "split", "focus": "primary", "compact": "merge", "primary": [], "detail": []}}"#,
         #"{"formatVersion": 2, "root": {"kind": "split", "focus": "detail", "compact": "focus", "primary": [], "detail": []}}"#),
        ("afterDrop changed", stack(#"{"identifier": "a", "class": "A"}"#), stack(#"{"identifier": "a", "class": "A"}"#, afterDrop: "truncate")),
        ("format changed", #"{"formatVersion": 1, "left": [{"identifier": "a", "class": "A"}]}"#,
         #"{"formatVersion": 2, "root": {"kind": "drillDown", "left": [{"identifier": "a", "class": "A"}]}}"#),
    ]

    /// What a diff says, as lines that name the two states (`A`, `B`) instead of old and new: the
    /// diff from A to B and the one from B to A give the same lines when the diff is symmetric.
    static func said(_ diff: TreeDiff, from old: String, to new: String) -> Set<String> {
        /// `A:value B:value`, A first whichever side it is.
        func sides(_ oldValue: String?, _ newValue: String?) -> String {
            [(old, oldValue), (new, newValue)].sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1 ?? "none")" }.joined(separator: " ")
        }
        func changes(_ changes: [TreeDiff.Change]) -> String {
            changes.map { "\($0.field) \(sides($0.old, $0.new))" }.sorted().joined(separator: "; ")
        }
        var lines: Set<String> = []
        if diff.oldFormatVersion != diff.newFormatVersion {
            lines.insert("format \(sides("\(diff.oldFormatVersion)", "\(diff.newFormatVersion)"))")
        }
        for entry in diff.added { lines.insert("only in \(new): \(entry.path) \(entry.record.identifier ?? "nil")") }
        for entry in diff.removed { lines.insert("only in \(old): \(entry.path) \(entry.record.identifier ?? "nil")") }
        for moved in diff.moved {
            lines.insert("moved \(sides(moved.from.description, moved.to.description)) \(changes(moved.changes))")
        }
        for changed in diff.changed { lines.insert("changed \(changed.path) \(changes(changed.changes))") }
        for container in diff.containers { lines.insert("container at \(container.path): \(changes(container.changes))") }
        return lines
    }

    @Test(arguments: pairs.map(\.change))
    func eachChangeReadsTheSameBothWays(change: String) throws {
        let pair = try #require(Self.pairs.first { $0.change == change })
        let a = try Self.tree(pair.a), b = try Self.tree(pair.b)
        let forward = TreeDiff(from: a, to: b), backward = TreeDiff(from: b, to: a)
        #expect(!forward.isEmpty && !backward.isEmpty, "\(change): both directions see a difference")
        #expect(Self.said(forward, from: "A", to: "B") == Self.said(backward, from: "B", to: "A"), "\(change)")
        #expect(forward.added.count == backward.removed.count && forward.removed.count == backward.added.count)
        #expect(forward.moved.count == backward.moved.count && forward.changed.count == backward.changed.count)
        #expect(forward.containers.count == backward.containers.count, "\(change): \(forward.containers) against \(backward.containers)")
    }

    /// The case that was not symmetric: a container that goes with its record shows
    /// `container stack -> none`, as one that comes with its record shows `none -> stack`.
    @Test func aContainerRemovedWithItsRecordIsReported() throws {
        let pair = try #require(Self.pairs.first { $0.change == "container added with its record" })
        let removed = TreeDiff(from: try Self.tree(pair.b), to: try Self.tree(pair.a))
        let change = try #require(removed.containers.first)
        #expect(change.path.description == "records[1]")
        #expect(change.changes.map { "\($0.field) \($0.old ?? "none") -> \($0.new ?? "none")" } == ["container stack -> none"])
        let added = TreeDiff(from: try Self.tree(pair.a), to: try Self.tree(pair.b))
        #expect(added.containers.first?.changes.map { "\($0.field) \($0.old ?? "none") -> \($0.new ?? "none")" } == ["container none -> stack"])
    }
}
