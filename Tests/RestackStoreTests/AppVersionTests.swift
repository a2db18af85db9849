import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The app's version has one place, the store's options: every snapshot saved (by `save`, its
/// async form and the autosaver) and every restore outcome records it; without one, the main
/// bundle's `Info.plist` gives it.
@Suite("The app's version")
struct AppVersionTests {
    static let state = RestorationTree(root: .stack(StackContainer(records: [record("mailboxes"), record("inbox")])))

    @Test func everySaveAndOutcomeRecordsTheStoresVersion() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("v.sqlite"), options: .init(appVersion: "3.0 (45)"))
        let synchronous = try Self.saveSynchronously(Self.state, to: store, session: "sync")
        let asynchronous = try await store.save(Self.state, session: "async")
        let autosaver = Autosaver(store: store, session: "autosaver")
        autosaver.submit(Self.state)
        try await autosaver.flush()
        let autosaved = try store.latestSnapshot(session: "autosaver").info
        #expect([synchronous, asynchronous, autosaved].map(\.appVersion) == ["3.0 (45)", "3.0 (45)", "3.0 (45)"])
        #expect(try store.snapshots(session: "sync").map(\.appVersion) == ["3.0 (45)"], "as it reads back")
        try await store.confirmRestore(store.beginRestore(session: "autosaver").restored)
        #expect(try store.restoreOutcomes().map(\.appVersion) == ["3.0 (45)"])
    }

    /// The synchronous `save`, which an async test would not choose by itself.
    static func saveSynchronously(_ tree: RestorationTree, to store: SnapshotStore, session: String) throws -> SnapshotInfo {
        try store.save(tree, session: session)
    }

    /// A later version opening the same file records its own version; the snapshots keep theirs.
    @Test func eachStoreOpeningRecordsItsOwnVersion() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v.sqlite")
        try SnapshotStore(path: path, options: .init(appVersion: "2.9")).save(Self.state, session: "s")
        let next = try SnapshotStore(path: path, options: .init(appVersion: "3.0"))
        let restoration = try next.beginRestore(session: "s").restored
        try next.confirmRestore(restoration)
        try next.save(Self.state, session: "s")
        #expect(try next.snapshots(session: "s").map(\.appVersion) == ["2.9", "3.0"])
        let outcome = try #require(try next.restoreOutcomes().first)
        #expect(outcome.appVersion == "3.0" && outcome.snapshotAppVersion == "2.9")
    }

    @Test func withoutOneTheStoreRecordsNone() throws {
        let store = try SnapshotStore.inMemory(options: .init(appVersion: nil))
        #expect(try store.save(Self.state, session: "s").appVersion == nil)
    }

    /// The default is the main bundle's version, read as `version(of:)` reads any bundle.
    @Test func theDefaultIsTheMainBundlesVersion() {
        #expect(SnapshotStore.Options().appVersion == SnapshotStore.Options.version(of: .main))
    }

    @Test(arguments: [
        (["CFBundleShortVersionString": "3.0", "CFBundleVersion": "45"], "3.0 (45)"),
        (["CFBundleShortVersionString": "3.0"], "3.0"),
        (["CFBundleVersion": "45"], "45"),
        (["CFBundleShortVersionString": "", "CFBundleVersion": "45"], "45"),
        (["CFBundleShortVersionString": "3.0", "CFBundleVersion": ""], "3.0"),
        (["CFBundleIdentifier": "com.example.mail"], nil),
    ] as [([String: String], String?)])
    func aBundlesVersionIsItsInfoPlists(_ info: [String: String], _ expected: String?) throws {
        let folder = try TemporaryFolder()
        let bundlePath = folder.path("App.app")
        try FileManager.default.createDirectory(atPath: bundlePath, withIntermediateDirectories: true)
        var plist = info
        plist["CFBundleExecutable"] = "App"
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: bundlePath + "/Info.plist"))
        let bundle = try #require(Bundle(path: bundlePath))
        #expect(bundle.infoDictionary?["CFBundleExecutable"] as? String == "App", "the bundle's Info.plist is read")
        #expect(SnapshotStore.Options.version(of: bundle) == expected)
    }

    @Test func aBundleWithoutAnInfoPlistHasNoVersion() throws {
        let folder = try TemporaryFolder()
        let bundlePath = folder.path("Bare.bundle")
        try FileManager.default.createDirectory(atPath: bundlePath, withIntermediateDirectories: true)
        let bundle = try #require(Bundle(path: bundlePath))
        #expect(SnapshotStore.Options.version(of: bundle) == nil)
    }
}
