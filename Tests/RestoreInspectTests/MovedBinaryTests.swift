import Foundation
import RestackTestSupport
import Testing

/// The built tool runs when moved away from the build folder, where the resource bundles (of
/// RestackStore's privacy manifest, and GRDB's) are not: nothing reads a resource at run time (no
/// `Bundle.module`), as a tool installed on its own needs. SwiftPM's `Bundle.module` would find a
/// bundle beside the binary, else at its build path: the build's bundles are hidden while the
/// moved binary runs, and put back.
@Suite("restore-inspect moved away from .build")
struct MovedBinaryTests {
    @Test func theToolRunsWithoutItsBuildFolder() throws {
        let scratch = try Scratch()
        let build = CLI.binary.deletingLastPathComponent()
        let bundles = ["Restack_RestackStore.resources", "GRDB_GRDB.resources"].map { build.appendingPathComponent($0).path }
        for bundle in bundles where FileManager.default.fileExists(atPath: bundle + ".hidden") {
            try? FileManager.default.moveItem(atPath: bundle + ".hidden", toPath: bundle)   // left by an interrupted run
        }
        let hidden = bundles.filter { (try? FileManager.default.moveItem(atPath: $0, toPath: $0 + ".hidden")) != nil }
        defer {
            for bundle in hidden {
                try? FileManager.default.moveItem(atPath: bundle + ".hidden", toPath: bundle)
            }
        }
        #expect(!hidden.isEmpty || ProcessInfo.processInfo.environment["RESTORE_INSPECT"] != nil, "the build's bundles are hidden")
        let moved = scratch.path("bin/restore-inspect")
        try FileManager.default.createDirectory(atPath: scratch.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.binary.path, toPath: moved)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("bin/Restack_RestackStore.resources")), "no resource bundle beside it")
        let store = scratch.path("demo.sqlite")
        let commands: [[String]] = [
            ["demo", "--db", store],
            ["plan", "--demo", "--db", store, "--session", "demo/swiftui-path-type-removed", "--picture"],
            ["show", "--db", store, "--session", "demo/mail-gap", "--json"],
            ["check", "--db", store],
            ["report", "--db", store],
            ["import", "--db", scratch.path("new.sqlite"), "--session", "s", "--input", scratch.write("s.json", #"{"formatVersion":1,"left":[],"right":null}"#)],
        ]
        for arguments in commands {
            let result = try CLI.runTool(moved, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("resource bundle") && !result.stderr.contains("Fatal error"), "\(result.stderr)")
        }
    }
}
