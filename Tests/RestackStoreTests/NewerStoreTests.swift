import Foundation
import GRDB
import Observation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// A store a newer Restack migrated (a TestFlight build, then the App Store build again), met
/// calmly: one typed answer, `newerSchema`, through every opening, restore and the autosaver;
/// the file left byte for byte, with no side file created.
@Suite("A store from a newer Restack")
struct NewerStoreTests {
    static let unknown = "restack.m999_from_a_newer_library"

    /// Migrates the store at `path` as a newer library would: Restack's migrations, then one
    /// this library does not know, which changes the schema.
    static func migrateAsANewerRestack(_ path: String) throws {
        var migrator = StoreSchema.migrator
        migrator.registerMigration(unknown) { db in
            try db.execute(sql: "ALTER TABLE restack_snapshot ADD COLUMN written_by_a_newer_library TEXT")
        }
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue)
        try queue.close()
    }

    /// A store with one saved session, then migrated by a newer Restack.
    static func newerStore(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path("newer.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "main")
        try migrateAsANewerRestack(path)
        return path
    }

    static func refusal(_ path: String) -> StoreError {
        .newerSchema(path: path, unknownMigrations: [unknown])
    }

    @Test func theNewerMigrationIsWhatTheStoreReads() throws {
        let folder = try TemporaryFolder()
        let path = try Self.newerStore(folder)
        let status = try DatabaseQueue(path: path).read(StoreSchema.status)
        #expect(status == .restack(unknown: [Self.unknown], missing: []))
    }

    /// Every opening refuses it with the one answer, and leaves the file and its folder as they
    /// were: not a byte changed, no `-wal` or `-shm` left.
    @Test func everyOpeningRefusesItAndLeavesItByteForByte() async throws {
        let folder = try TemporaryFolder()
        let path = try Self.newerStore(folder)
        let before = FileFingerprint(path)
        #expect(before.siblings == ["newer.sqlite"])
        #expect(throws: Self.refusal(path)) { try SnapshotStore(path: path) }
        #expect(throws: Self.refusal(path)) { try SnapshotStore(readingAt: path) }
        #expect(throws: Self.refusal(path)) { try SnapshotStore(path: path, options: .init(durability: .normal)) }
        // Again while another process has the file open in WAL mode (its side files exist).
        let other = try DatabaseQueue(path: path)
        try await other.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM restack_snapshot") }
        #expect(throws: Self.refusal(path)) { try SnapshotStore(path: path) }
        #expect(throws: Self.refusal(path)) { try SnapshotStore(readingAt: path) }
        try other.close()
        #expect(FileFingerprint(path) == before)
    }

    /// A store opened before a newer Restack migrated the file: its begun restores answer the same,
    /// and its autosaver reports the refusal once, however many changes follow, and tries no
    /// write after it. The file stays as the newer library left it.
    @Test func anOpenStoresRestoresAndAutosaverAnswerTheSame() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("newer.sqlite")
        _ = try await SnapshotStore(path: path).save(mailState, session: "main")
        let store = try SnapshotStore(path: path)
        try Self.migrateAsANewerRestack(path)
        let after = FileFingerprint(path)
        #expect(throws: Self.refusal(path)) { try store.beginRestore(session: "main") }
        await #expect(throws: Self.refusal(path)) { try await store.beginRestore(session: "main") }
        let failures = Failures()
        let autosaver = Autosaver(store: store, session: "main") { failures.append($0) }
        for index in 0..<4 {
            autosaver.submit(RestorationTree(root: .stack(StackContainer(records: [record("screen-\(index)")]))))
            await #expect(throws: Self.refusal(path)) { try await autosaver.flush() }
        }
        #expect(failures.all == [Self.refusal(path)], "one failure, said once")
        #expect(await autosaver.snapshotsWritten == 0)
        #expect(FileFingerprint(path) == after)
    }

    enum Screen: Codable, Hashable, Sendable {
        case mailbox(String)
        case message(Int)
    }

    /// The navigation model on a store it opens itself: the initial state, `newerSchema` said
    /// once as its error, no answer, and changes that go nowhere without a failure each. The file
    /// stays byte for byte.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor @Test func theModelStartsWithItsInitialStateAndSaysWhyOnce() async throws {
        let folder = try TemporaryFolder()
        let path = try Self.newerStore(folder)
        let before = FileFingerprint(path)
        let initial = StackNavigation<Screen>(path: [.mailbox("INBOX")])
        let navigation = NavigationModel(initial, storeURL: URL(fileURLWithPath: path), coding: RouteCoding(named: "App.Screen"))
        #expect(navigation.state == initial)
        #expect(navigation.error as? StoreError == Self.refusal(path))
        #expect(navigation.answer == nil && navigation.restored == nil)
        let errorsSet = Counter()
        for index in 0..<3 {
            withObservationTracking { _ = navigation.error } onChange: { errorsSet.add() }
            navigation.path.append(.message(index))
            await navigation.flush()
        }
        #expect(errorsSet.count == 0, "a failure said again for a change")
        #expect(navigation.path.count == 4)
        #expect(navigation.error as? StoreError == Self.refusal(path))
        #expect(FileFingerprint(path) == before)
    }

    /// The same with a store the app opened before a newer Restack migrated the file (shared by
    /// scenes, or given by the app): the launch's restore answers `newerSchema`, and no change is
    /// tried against the file.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor @Test func aModelOnAStoreMigratedSinceItOpenedTriesNoSave() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("newer.sqlite")
        _ = try await SnapshotStore(path: path).save(mailState, session: "main")
        let store = try SnapshotStore(path: path)
        try Self.migrateAsANewerRestack(path)
        let after = FileFingerprint(path)
        let initial = StackNavigation<Screen>()
        let navigation = NavigationModel(initial, store: store, coding: RouteCoding(named: "App.Screen"))
        #expect(navigation.state == initial)
        #expect(navigation.error as? StoreError == Self.refusal(path))
        let errorsSet = Counter()
        for index in 0..<3 {
            withObservationTracking { _ = navigation.error } onChange: { errorsSet.add() }
            navigation.path.append(.message(index))
            await navigation.flush()
        }
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(errorsSet.count == 0, "a failure said again for a change")
        #expect(FileFingerprint(path) == after)
        await navigation.stop()
    }

    /// How many times the model's error was set.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// What `onFailure` heard.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [StoreError] = []
        func append(_ error: StoreError) { lock.lock(); errors.append(error); lock.unlock() }
        var all: [StoreError] { lock.lock(); defer { lock.unlock() }; return errors }
    }
}
