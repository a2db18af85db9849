import Foundation
import GRDB
import Restack
import RestackMigrations
@testable import RestackStore
import RestackTestSupport
import Testing

/// Container settings are stored by name (rows since migration 8, tree entries since migration
/// 9), judged by what each kind declares.
@Suite("Settings stored by name")
struct SettingsStorageTests {
    static func r(_ identifier: String, _ container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: identifier, className: "C", container: container)
    }

    /// A store made by migrations 1 to 7, its settings in the columns of their names, as the
    /// code of migration 7 wrote them: every kind, every setting with and without a value.
    /// Session "damaged" holds a split whose focus names no side (written outside Restack; 7,
    /// text by the column's affinity).
    static let m007Rows = """
        INSERT INTO restack_session (id, name, created_at) VALUES
            (1, 'split', 0), (2, 'tabs', 0), (3, 'defaults', 0), (4, 'empty-tabs', 0), (5, 'chain', 0), (6, 'damaged', 0);
        INSERT INTO restack_snapshot (id, session_id, format_version, saved_at, shape) VALUES
            (1, 1, 2, 1000, 'tree'), (2, 2, 2, 2000, 'tree'), (3, 3, 2, 3000, 'tree'), (4, 4, 2, 4000, 'tree'),
            (5, 5, 2, 5000, 'tree'), (6, 6, 2, 6000, 'tree');
        INSERT INTO restack_container (snapshot_id, owner, kind, focus, compact, selected, after_drop) VALUES
            (1, '', 'split', 'detail', 'omitDetail', NULL, NULL),
            (2, '', 'tabs', NULL, NULL, 1, NULL),
            (2, 'tabs[0]', 'stack', NULL, NULL, NULL, 'truncate'),
            (2, 'tabs[1]', 'columns', 'content', NULL, NULL, NULL),
            (3, '', 'split', 'primary', 'merge', NULL, NULL),
            (3, 'primary[0]', 'stack', NULL, NULL, NULL, NULL),
            (3, 'detail[0]', 'columns', NULL, NULL, NULL, NULL),
            (3, 'detail[0]/detail[0]', 'split', 'detail', 'focus', NULL, NULL),
            (4, '', 'tabs', NULL, NULL, NULL, NULL),
            (5, '', 'presentation', NULL, NULL, NULL, NULL),
            (5, 'base', 'drillDown', NULL, NULL, NULL, NULL),
            (6, '', 'split', 7, 'merge', NULL, NULL);
        INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload) VALUES
            (1, 'primary[0]', '', 'primary', 0, 'p', 'C', NULL),
            (1, 'detail[0]', '', 'detail', 0, 'd', 'C', NULL),
            (2, 'tabs[0]', '', 'tabs', 0, 'a', 'C', NULL),
            (2, 'tabs[0]/records[0]', 'tabs[0]', 'records', 0, 'x', 'C', NULL),
            (2, 'tabs[1]', '', 'tabs', 1, 'b', 'C', NULL),
            (2, 'tabs[1]/sidebar[0]', 'tabs[1]', 'sidebar', 0, 's', 'C', NULL),
            (2, 'tabs[1]/content[0]', 'tabs[1]', 'content', 0, 'c', 'C', NULL),
            (3, 'primary[0]', '', 'primary', 0, 'nav', 'C', NULL),
            (3, 'primary[0]/records[0]', 'primary[0]', 'records', 0, 'y', 'C', NULL),
            (3, 'detail[0]', '', 'detail', 0, 'mail', 'C', NULL),
            (3, 'detail[0]/sidebar[0]', 'detail[0]', 'sidebar', 0, 'z', 'C', NULL),
            (3, 'detail[0]/detail[0]', 'detail[0]', 'detail', 0, 'inner', 'C', NULL),
            (3, 'detail[0]/detail[0]/primary[0]', 'detail[0]/detail[0]', 'primary', 0, 'ip', 'C', NULL),
            (5, 'base', '', 'base', 0, 'home', 'C', NULL),
            (5, 'base/left[0]', 'base', 'left', 0, 'l', 'C', NULL),
            (5, 'base/right', 'base', 'right', 0, 'rr', 'C', NULL),
            (5, 'presented[0]', '', 'presented', 0, 'sheet', 'C', NULL),
            (6, 'primary[0]', '', 'primary', 0, 'p', 'C', NULL);
        """

    /// What each session of ``m007Rows`` reads as (all but "damaged").
    static let m007Trees: [String: RestorationTree] = [
        "split": RestorationTree(root: .split(SplitContainer(primary: [r("p")], detail: [r("d")], focus: .detail, compact: .omitDetail))),
        "tabs": RestorationTree(root: .tabs(TabsContainer(tabs: [
            r("a", .stack(StackContainer(records: [r("x")], afterDrop: .truncate))),
            r("b", .columns(ColumnsContainer(sidebar: [r("s")], content: [r("c")], detail: [], focus: .content))),
        ], selected: 1))),
        "defaults": RestorationTree(root: .split(SplitContainer(
            primary: [r("nav", .stack(StackContainer(records: [r("y")])))],
            detail: [r("mail", .columns(ColumnsContainer(sidebar: [r("z")], content: [], detail: [
                r("inner", .split(SplitContainer(primary: [r("ip")], detail: [], focus: .detail, compact: .focus))),
            ])))],
            focus: .primary, compact: .merge))),
        "empty-tabs": RestorationTree(root: .tabs(TabsContainer(tabs: [], selected: nil))),
        "chain": RestorationTree(root: .presentation(PresentationContainer(
            base: r("home", .drillDown(DrillDownContainer(left: [r("l")], right: r("rr")))), presented: [r("sheet")]))),
    ]

    /// The settings as migration 8 keeps them, from the columns as they are: a row per
    /// non-NULL value, named as its kind names it, the value and its class as stored.
    static let oldSettingsSQL = """
        SELECT snapshot_id, owner, 'focus', focus, typeof(focus) FROM restack_container WHERE focus IS NOT NULL
        UNION ALL SELECT snapshot_id, owner, 'compact', compact, typeof(compact) FROM restack_container WHERE compact IS NOT NULL
        UNION ALL SELECT snapshot_id, owner, 'selected', selected, typeof(selected) FROM restack_container WHERE selected IS NOT NULL
        UNION ALL SELECT snapshot_id, owner, 'afterDrop', after_drop, typeof(after_drop) FROM restack_container WHERE after_drop IS NOT NULL
        ORDER BY 1, 2, 3
        """

    static func rows(_ db: Database, _ sql: String) throws -> [[String]] {
        try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { $0.description } }
    }

    /// Every snapshot's tree, decoded, with the path of each record (``TreeReader/paths(_:)``).
    static func trees(_ db: Database) throws -> [(snapshot: Int64, tree: TreeBlob, paths: [String])] {
        try Row.fetchAll(db, sql: "SELECT id, tree FROM restack_snapshot ORDER BY id").map { row in
            let tree = try TreeBlob(decoding: row[1])
            return (row[0], tree, TreeReader.paths(tree))
        }
    }

    /// The settings of every tree as ``oldSettingsSQL`` lists them: snapshot, owner, name,
    /// value, class.
    static func treeSettings(_ db: Database) throws -> [[String]] {
        try trees(db).flatMap { snapshot, tree, paths in
            tree.containers.flatMap { container in
                container.settings.map { setting -> [String] in
                    let value: DatabaseValue = switch setting.value {
                    case .null: .null
                    case .integer(let number): number.databaseValue
                    case .real(let number): number.databaseValue
                    case .text(let text): text.databaseValue
                    case .blob(let data): data.databaseValue
                    }
                    return [String(snapshot), paths[container.owner].databaseValue.description, setting.name.databaseValue.description,
                            value.description, setting.value.storageClass.rawValue.databaseValue.description]
                }
            }
        }.sorted { ($0[0].count, $0[0], $0[1], $0[2]) < ($1[0].count, $1[0], $1[1], $1[2]) }
    }

    /// The containers of every tree: snapshot, owner, kind.
    static func treeContainers(_ db: Database) throws -> [[String]] {
        try trees(db).flatMap { snapshot, tree, paths in
            tree.containers.map { [String(snapshot), paths[$0.owner].databaseValue.description, $0.kind.databaseValue.description] }
        }.sorted { ($0[0].count, $0[0], $0[1]) < ($1[0].count, $1[0], $1[1]) }
    }

    @Test func anM007StoreOfEverySettingReadsUnmigratedAndUpgradesRowForRow() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m007.sqlite")
        let old = try storeMadeByMigrations(7, at: file)
        let (settingsBefore, containersBefore) = try old.write { db in
            try db.execute(sql: Self.m007Rows)
            return (try Self.rows(db, Self.oldSettingsSQL),
                    try Self.rows(db, "SELECT snapshot_id, owner, kind FROM restack_container ORDER BY 1, 2"))
        }
        try old.close()
        #expect(settingsBefore.count == 11)

        func expectEverySnapshotReads(_ store: SnapshotStore) throws {
            for (session, tree) in Self.m007Trees {
                let stored = try store.latestSnapshot(session: session).tree
                #expect(stored == tree, "\(session)")
                #expect(StateFile.encode(stored) == StateFile.encode(tree), "export of \(session) byte for byte")
            }
            // The damaged focus is still damaged, and named.
            let error = #expect(throws: StoreError.self) { try store.latestSnapshot(session: "damaged") }
            guard case .corrupt(_, let detail)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(detail.contains("restack_snapshot.tree of snapshot 6") && detail.contains("\"focus\""), "\(detail)")
            let report = try store.check()
            #expect(report.problems.count == 1 && report.problems.allSatisfy { $0.contains("restack_snapshot.tree of snapshot 6") && $0.contains("\"focus\"") },
                    "\(report.problems)")
        }

        // Read as it is: migrated in a copy in memory, nothing written.
        let before = FileFingerprint(file)
        try expectEverySnapshotReads(try SnapshotStore(readingAt: file))
        #expect(FileFingerprint(file) == before)

        // Migrated: every setting an entry of its tree, as it was (value and class); every
        // container kept; no row left behind.
        let store = try SnapshotStore(path: file)
        #expect(try store.check().appliedMigrations == SnapshotStore.knownMigrations)
        try expectEverySnapshotReads(store)
        let queue = try DatabaseQueue(path: file)
        let (settingsAfter, containersAfter, left) = try queue.read { db in
            (try Self.treeSettings(db), try Self.treeContainers(db),
             try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM restack_legacy_container) + (SELECT COUNT(*) FROM restack_legacy_setting)"))
        }
        #expect(settingsAfter == settingsBefore)
        #expect(containersAfter == containersBefore)
        #expect(left == 0)
        try queue.close()
    }

    /// No setting of any kind has a column: a setting, or a kind, added later is stored with no
    /// migration. The columns kind, added after migration 7, keeps its focus as a row.
    @Test func noSettingHasAColumnAndANewKindsSettingIsARow() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("t.sqlite")
        let store = try SnapshotStore(path: file)
        let tree = RestorationTree(root: .columns(ColumnsContainer(sidebar: [Self.r("s")], content: [Self.r("c")], detail: [Self.r("d")], focus: .detail)))
        let info = try store.save(tree, session: "s")
        #expect(try store.snapshot(id: info.id).tree == tree)
        let settingNames = Set(RestorationContainer.Kind.allCases.flatMap { $0.definition.settingNames })
        #expect(settingNames.isSuperset(of: ["focus", "compact", "selected", "afterDrop"]))
        let queue = try DatabaseQueue(path: file)
        let (columns, settings) = try queue.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'restack%'")
            let columns = try tables.map { table in
                (table, try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]))
            }
            return (columns, try Self.treeSettings(db).map { Array($0[1...3]) })
        }
        #expect(columns.count >= 6)
        for (table, names) in columns {
            #expect(settingNames.isDisjoint(with: names) && !names.contains("after_drop"), "\(table): \(names)")
        }
        #expect(settings == [["\"\"", "\"focus\"", "\"detail\""]])
        try queue.close()
    }

    /// One tree holding a container of every kind with settings, each setting away from its
    /// unwritten default (so that each has a row).
    static let everySetting = RestorationTree(root: .tabs(TabsContainer(tabs: [
        r("a", .split(SplitContainer(primary: [r("p")], detail: [r("d")], focus: .detail, compact: .omitDetail))),
        r("b", .stack(StackContainer(records: [r("x")], afterDrop: .truncate))),
        r("c", .columns(ColumnsContainer(sidebar: [r("s")], content: [r("c")], detail: [], focus: .content))),
    ], selected: 2)))

    /// Every setting every kind declares, broken in each way its declaration forbids, is
    /// reported by `check` and read as `.corrupt`: the judgements come from the declarations,
    /// so a kind or setting added later is judged with no change to the store.
    @Test func everyDeclaredSettingIsJudgedByItsDeclaration() throws {
        let folder = try TemporaryFolder()
        let template = folder.path("template.sqlite")
        try SnapshotStore(path: template).save(Self.everySetting, session: "s")
        #expect(try SnapshotStore(readingAt: template).check().isHealthy)
        let stored = try DatabaseQueue(path: template).read { db in
            try Self.trees(db).flatMap { _, tree, paths in
                tree.containers.flatMap { container in
                    container.settings.map { (owner: paths[container.owner], name: $0.name, kind: container.kind) }
                }
            }
        }
        let declared = RestorationContainer.Kind.allCases.flatMap { kind in kind.definition.settingDeclarations.map { (kind.rawValue, $0) } }
        #expect(Set(stored.map { "\($0.kind).\($0.name)" }) == Set(declared.map { "\($0.0).\($0.1.name)" }),
                "the tree has a row for every declared setting")
        var cases = 0
        for (owner, name, kind) in stored {
            let declaration = try #require(declared.first { $0.0 == kind && $0.1.name == name }?.1)
            /// A change to the setting's entry, and what the problem then says.
            typealias Break = (what: String, edit: (inout TreeBlob.Setting?) -> Void, problem: String)
            let named = "the setting \"\(name)\" of the container at \"\(owner)\""
            var breaks: [Break] = [("named zoom", { $0?.name = "zoom" }, "has no setting \"zoom\"")]
            switch declaration.values {
            case .choice:
                breaks.append(("bogus", { $0?.value = .text("bogus") }, named))
                breaks.append(("1", { $0?.value = .integer(1) }, named + ": expected text, found an integer"))
            case .index:
                breaks.append(("-1", { $0?.value = .integer(-1) }, named))
                breaks.append(("'one'", { $0?.value = .text("one") }, named + ": expected an integer, found text"))
                breaks.append(("3", { $0?.value = .integer(3) }, named))
            }
            if declaration.isRequired || { if case .index = declaration.values { true } else { false } }() {
                breaks.append(("none", { $0 = nil }, named))
            }
            for (what, edit, problem) in breaks {
                cases += 1
                let file = folder.path("\(cases).sqlite")
                try FileManager.default.copyItem(atPath: template, toPath: file)
                let queue = try DatabaseQueue(path: file)
                try queue.write { db in
                    try editTree(db, snapshot: 1) { tree in
                        let paths = TreeReader.paths(tree)
                        for container in tree.containers.indices where paths[tree.containers[container].owner] == owner {
                            let settings = tree.containers[container].settings
                            tree.containers[container].settings = settings.compactMap { setting in
                                guard setting.name == name else { return setting }
                                var changed: TreeBlob.Setting? = setting
                                edit(&changed)
                                return changed
                            }
                        }
                    }
                }
                try queue.close()
                let sql = "\(name) at \(owner): \(what)"
                let store = try SnapshotStore(readingAt: file)
                let report = try store.check()
                #expect(report.problems.contains { $0.contains(problem) }, "\(kind) \(name): \(sql): \(report.problems)")
                #expect(throws: StoreError.self, "\(kind) \(name): \(sql)") { try store.restore(session: "s") }
            }
        }
        #expect(cases == 19)
    }
}
