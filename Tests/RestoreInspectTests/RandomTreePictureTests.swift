import Foundation
import Restack
import Testing

/// Random trees through `--picture` and `diff`: every saved record drawn exactly once, every
/// line one line; a diff that accounts for every record.
@Suite("random trees: picture and diff")
struct RandomTreePictureTests {
    /// `tree` with every non-empty identifier replaced by a unique `r0`, `r1`...; nil and empty
    /// identifiers kept (rule 1 still drops them).
    static func relabelled(_ tree: RestorationTree) -> (tree: RestorationTree, names: [String]) {
        var names: [String] = []
        func record(_ record: RestorationRecord) -> RestorationRecord {
            var result = record
            if let id = record.identifier, !id.isEmpty {
                result.identifier = "r\(names.count)"
                names.append("r\(names.count)")
            }
            result.container = record.container.map(container)
            return result
        }
        func container(_ container: RestorationContainer) -> RestorationContainer {
            container.map(record)
        }
        let root = container(tree.root)
        return (RestorationTree(formatVersion: tree.formatVersion, root: root), names)
    }

    @Test func everySavedRecordIsDrawnExactlyOnce() throws {
        for seed in UInt64(100)..<140 {
            let (tree, names) = Self.relabelled(PlanThinShellTests.tree(seed: seed))
            for layout in ["regular", "compact"] {
                let result = try CLI.run(["plan", "--input", "-", "--picture", "--layout", layout, "--known-class", "Known", "--color", "always"],
                                         stdin: StateFile.encode(tree))
                #expect(result.status == 0, "seed \(seed): \(result.stderr)")
                let plain = PictureTests.stripped(result.stdout)
                for name in names {
                    #expect(plain.components(separatedBy: "\"\(name)\"").count == 2, "seed \(seed) \(layout): \(name) once in\n\(plain)")
                }
                let dropped = Restorer.plan(tree, layout: layout == "compact" ? .compact : .regular, resolver: .knownClasses(["Known"])).dropped.count
                #expect(plain.components(separatedBy: "(dropped: ").count - 1 == dropped, "seed \(seed) \(layout): every dropped record marked")
                for line in plain.split(separator: "\n") {
                    expectOneLine(line + "\n")
                }
            }
        }
    }

    @Test func aDiffAccountsForEveryRecord() throws {
        for seed in UInt64(0)..<60 {
            let a = PlanThinShellTests.tree(seed: seed), b = PlanThinShellTests.tree(seed: seed + 1000)
            #expect(TreeDiff(from: a, to: a).isEmpty, "seed \(seed): a tree is identical to itself")
            let diff = TreeDiff(from: a, to: b)
            // Matched records are on both sides: what is not removed of a is what is not added of b.
            #expect(a.recordCount - diff.removed.count == b.recordCount - diff.added.count, "seed \(seed)")
            let oldPaths = Set(a.allRecords.map(\.path)), newPaths = Set(b.allRecords.map(\.path))
            #expect(diff.moved.allSatisfy { oldPaths.contains($0.from) && newPaths.contains($0.to) && $0.from != $0.to })
            #expect(diff.removed.allSatisfy { oldPaths.contains($0.path) } && diff.added.allSatisfy { newPaths.contains($0.path) })
        }
        // Through the binary, for a few: the JSON counts are the library's.
        for seed in UInt64(0)..<5 {
            let scratch = try Scratch()
            let a = PlanThinShellTests.tree(seed: seed), b = PlanThinShellTests.tree(seed: seed + 1000)
            let fileA = scratch.path("a.json"), fileB = scratch.path("b.json")
            try StateFile.encode(a).write(to: URL(fileURLWithPath: fileA))
            try StateFile.encode(b).write(to: URL(fileURLWithPath: fileB))
            let result = try CLI.run(["diff", "--input", fileA, "--input", fileB, "--json"])
            let json = try #require(result.json as? [String: Any], "\(result.stderr)")
            let diff = TreeDiff(from: a, to: b)
            #expect((json["added"] as? [Any])?.count == diff.added.count)
            #expect((json["removed"] as? [Any])?.count == diff.removed.count)
            #expect((json["moved"] as? [Any])?.count == diff.moved.count)
            #expect((json["changed"] as? [Any])?.count == diff.changed.count)
            #expect((json["containers"] as? [Any])?.count == diff.containers.count)
            for line in try CLI.run(["diff", "--input", fileA, "--input", fileB]).stdout.split(separator: "\n") {
                expectOneLine(line + "\n")
            }
        }
    }
}
