import Foundation
import GRDB
import Restack
import RestackMigrations
@testable import RestackStore
import RestackTestSupport
import Testing

/// Container settings are rows by name (migration 8), judged by what each kind declares.
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
            #expect(detail.contains("restack_setting.value") && detail.contains("\"focus\""), "\(detail)")
            let report = try store.check()
            #expect(report.problems.count == 1 && report.problems.allSatisfy { $0.contains("restack_setting.value") && $0.contains("snapshot 6") },
                    "\(report.problems)")
        }

        // Read as it is: through views, nothing written.
        let before = FileFingerprint(file)
        try expectEverySnapshotReads(try SnapshotStore(readingAt: file))
        #expect(FileFingerprint(file) == before)

        // Migrated: every setting a row, as it was; every container row kept.
        let store = try SnapshotStore(path: file)
        #expect(try store.check().appliedMigrations == SnapshotStore.knownMigrations)
        try expectEverySnapshotReads(store)
        let queue = try DatabaseQueue(path: file)
        let (settingsAfter, containersAfter, columns) = try queue.read { db in
            (try Self.rows(db, "SELECT snapshot_id, owner, name, value, typeof(value) FROM restack_setting ORDER BY 1, 2, 3"),
             try Self.rows(db, "SELECT snapshot_id, owner, kind FROM restack_container ORDER BY 1, 2"),
             try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('restack_container')"))
        }
        #expect(settingsAfter == settingsBefore)
        #expect(containersAfter == containersBefore)
        #expect(columns == ["snapshot_id", "owner", "kind"])
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
            return (columns, try Self.rows(db, "SELECT owner, name, value FROM restack_setting"))
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
            try Row.fetchAll(db, sql: "SELECT s.owner, s.name, c.kind FROM restack_setting s JOIN restack_container c USING (snapshot_id, owner)")
                .map { (owner: $0[0] as String, name: $0[1] as String, kind: $0[2] as String) }
        }
        let declared = RestorationContainer.Kind.allCases.flatMap { kind in kind.definition.settingDeclarations.map { (kind.rawValue, $0) } }
        #expect(Set(stored.map { "\($0.kind).\($0.name)" }) == Set(declared.map { "\($0.0).\($0.1.name)" }),
                "the tree has a row for every declared setting")
        var cases = 0
        for (owner, name, kind) in stored {
            let declaration = try #require(declared.first { $0.0 == kind && $0.1.name == name }?.1)
            var breaks: [(String, String)] = [("UPDATE restack_setting SET name = 'zoom' WHERE owner = '\(owner)' AND name = '\(name)'", "restack_setting.name: a setting its container's kind does not have")]
            switch declaration.values {
            case .choice:
                breaks.append(("UPDATE restack_setting SET value = 'bogus' WHERE owner = '\(owner)' AND name = '\(name)'", "restack_setting.value: a choice its setting does not have"))
                breaks.append(("UPDATE restack_setting SET value = 1 WHERE owner = '\(owner)' AND name = '\(name)'", "restack_setting.value: a value of a class its setting does not hold"))
            case .index:
                breaks.append(("UPDATE restack_setting SET value = -1 WHERE owner = '\(owner)' AND name = '\(name)'", "restack_setting.value: a negative index"))
                breaks.append(("UPDATE restack_setting SET value = 'one' WHERE owner = '\(owner)' AND name = '\(name)'", "restack_setting.value: a value of a class its setting does not hold"))
                breaks.append(("UPDATE restack_setting SET value = 3 WHERE owner = '\(owner)' AND name = '\(name)'", "settings out of range"))
            }
            if declaration.isRequired || { if case .index = declaration.values { true } else { false } }() {
                breaks.append(("DELETE FROM restack_setting WHERE owner = '\(owner)' AND name = '\(name)'", "settings out of range"))
            }
            for (sql, problem) in breaks {
                cases += 1
                let file = folder.path("\(cases).sqlite")
                try FileManager.default.copyItem(atPath: template, toPath: file)
                let queue = try DatabaseQueue(path: file)
                try queue.write { try $0.execute(sql: sql) }
                try queue.close()
                let store = try SnapshotStore(readingAt: file)
                let report = try store.check()
                #expect(report.problems.contains { $0.contains(problem) }, "\(kind) \(name): \(sql): \(report.problems)")
                #expect(throws: StoreError.self, "\(kind) \(name): \(sql)") { try store.restore(session: "s") }
            }
        }
        #expect(cases == 19)
    }
}
