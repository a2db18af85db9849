import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import RestackStore
import RestackTestSupport
import Testing

/// The persistence policies through a store given them in its options (issue 41 item 1): what a
/// class never saved is found in no file of the store, and a restore drops what is not restored
/// or too old.
@Suite("Persistence policies in a store")
struct PersistencePolicyStoreTests {
    static let secretClass = "SecretController"
    static let secretIdentifier = "never-id-7f3a9c"
    static let secretPayload = Data("never-payload-e41b".utf8)

    /// A generated tree with each record of the generators' `MessageController` class made a
    /// secret: the class never saved, the marker identifier and payload.
    static func withSecrets(_ tree: RestorationTree) -> RestorationTree {
        func secret(_ container: RestorationContainer) -> RestorationContainer {
            container.map { (record: RestorationRecord) -> RestorationRecord in
                var result = record
                result.container = record.container.map(secret)
                if record.className == "MessageController" {
                    result.identifier = secretIdentifier
                    result.className = secretClass
                    result.payload = secretPayload
                }
                return result
            }
        }
        var result = tree
        result.root = secret(tree.root)
        return result
    }

    /// The synchronous save, from async code.
    static func saveSynchronously(_ store: SnapshotStore, _ tree: RestorationTree, session: String) throws {
        try store.save(tree, session: session)
    }

    /// Whether `haystack` holds `needle`'s bytes anywhere.
    static func contains(_ haystack: Data, _ needle: Data) -> Bool {
        haystack.range(of: needle) != nil
    }

    /// As an app's test would: after any sequence of saves, synchronous and asynchronous, through
    /// a store given `never` for a class, the bytes of every file in the store's folder (the
    /// database, its `-wal` and `-shm`) are read, and none holds the class's records' identifier,
    /// class name or payload. The same trees saved without the policy do write them (the check
    /// can see them).
    @Test func aNeverRecordsBytesAreInNoFileOfTheStore() async throws {
        let policies = try PersistencePolicies([Self.secretClass: .never])
        let needles = [Data(Self.secretIdentifier.utf8), Data(Self.secretClass.utf8), Self.secretPayload]
        var sawSecrets = false
        await checkProperty(count: 40, input: zip(TreeGenerators.tree.array(of: 1...6), Gen.bool().array(of: 6))) { trees, async in
            let folder = try TemporaryFolder()
            let store = try SnapshotStore(path: folder.path("s.sqlite"), options: .init(policies: policies))
            for (index, tree) in trees.enumerated() {
                let secret = Self.withSecrets(tree)
                if async[index] {
                    try await store.save(secret, session: index.isMultiple(of: 2) ? "a" : "b")
                } else {
                    try Self.saveSynchronously(store, secret, session: index.isMultiple(of: 2) ? "a" : "b")
                }
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(files.contains("s.sqlite-wal"), "the side files are read too")
            for file in files {
                let bytes = try Data(contentsOf: folder.url.appendingPathComponent(file))
                for needle in needles {
                    #expect(!Self.contains(bytes, needle), "\(file) holds \(String(decoding: needle, as: UTF8.self))")
                }
            }
            // The control: without the policy, the same bytes are found.
            if trees.contains(where: { $0.allRecords.contains { $0.record.className == "MessageController" } }) {
                let plain = try TemporaryFolder()
                let unguarded = try SnapshotStore(path: plain.path("s.sqlite"))
                for tree in trees { try Self.saveSynchronously(unguarded, Self.withSecrets(tree), session: "a") }
                let all = try FileManager.default.contentsOfDirectory(atPath: plain.url.path)
                    .map { try Data(contentsOf: plain.url.appendingPathComponent($0)) }
                #expect(all.contains { Self.contains($0, Data(Self.secretIdentifier.utf8)) })
                sawSecrets = true
            }
        }
        #expect(sawSecrets, "some generated tree held a secret")
    }

    static func node(_ id: String, _ cls: String, _ payload: String? = nil, container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: cls, payload: payload.map { Data($0.utf8) }, container: container)
    }

    @Test(arguments: RestoreForm.allCases)
    func aRestoreDropsWhatIsNotRestoredAndWhatIsTooOld(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        let policies = try PersistencePolicies(["Login": .never, "Checkout": .notRestored, "Search": .restoredWithin(1800)])
        let store = try SnapshotStore(path: folder.path("p.sqlite"), options: .init(clock: clock.clock, policies: policies))
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            Self.node("shop", "Shop", container: .stack(StackContainer(records: [Self.node("cart", "Cart"), Self.node("checkout", "Checkout"), Self.node("card", "Card")], afterDrop: .truncate))),
            Self.node("find", "Find", container: .stack(StackContainer(records: [Self.node("results", "Search")]))),
            Self.node("account", "Account", container: .stack(StackContainer(records: [Self.node("home", "Home"), Self.node("login", "Login", "pw"), Self.node("x", "X")]))),
        ], selected: 0)))
        let info = try await store.save(tree, session: "s")
        #expect(info.recordCount == 9, "the login and what was above it are one note")
        clock.advance(1800)
        let fresh = try await form.peek(store, session: "s").restored.plan
        #expect(fresh.dropped.map { "\($0.path) \($0.reason)" } == [
            "tabs[0]/records[1] not-restored", "tabs[0]/records[2] truncated", "tabs[2]/records[1] not-saved",
        ])
        clock.advance(1)
        let old = try await form.peek(store, session: "s").restored.plan
        #expect(old.dropped.map { "\($0.path) \($0.reason)" } == [
            "tabs[0]/records[1] not-restored", "tabs[0]/records[2] truncated", "tabs[1]/records[0] expired-screen", "tabs[2]/records[1] not-saved",
        ])
        let history = try store.snapshot(id: info.id).tree
        #expect(history.allRecords.contains { $0.record.identifier == "checkout" }, "not-restored is saved: history shows it")
    }
}
