import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// The persistence policies (issue 41 item 1): the table's typed errors, `never`'s cut before a
/// save, and `notRestored` and `restoredWithin` at restore, through the resolver.
@Suite("Persistence policies")
struct PersistencePolicyTests {
    static func record(_ id: String, _ cls: String, _ payload: String? = nil, container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: cls, payload: payload.map { Data($0.utf8) }, container: container)
    }

    static func reasons(_ plan: RestorationPlan) -> [String] {
        plan.dropped.map { "\($0.path) \($0.reason)" }
    }

    // MARK: The table

    @Test func badTablesAreTypedErrorsThatNameTheClass() {
        #expect(throws: PersistencePolicyError.emptyName) { try PersistencePolicies(["": .never]) }
        #expect(throws: PersistencePolicyError.duplicate("Login")) { try PersistencePolicies(["Login": .never, "Login": .never]) }
        #expect(throws: PersistencePolicyError.duplicate("Login")) { try PersistencePolicies(["Login": .never, "Login": .notRestored]) }
        for age in [0, -1, .nan, .infinity, -.infinity] as [TimeInterval] {
            #expect(throws: PersistencePolicyError.self) { try PersistencePolicies(["Search": .restoredWithin(age)]) }
        }
        for name in PersistencePolicies.reservedClassNames {
            #expect(throws: PersistencePolicyError.reservedName(name)) { try PersistencePolicies([name: .always]) }
        }
        #expect(PersistencePolicyError.badAge(className: "Search", age: 0).description.contains("\"Search\""))
    }

    @Test func namesAreComparedByteForByte() throws {
        let policies = try PersistencePolicies(["Caf\u{E9}": .never, "Cafe\u{301}": .notRestored])
        #expect(policies.policy(forClass: "Caf\u{E9}") == .never)
        #expect(policies.policy(forClass: "Cafe\u{301}") == .notRestored)
        #expect(policies.policy(forClass: "Other") == .always)
        #expect(policies.policy(forClass: nil) == .always)
    }

    // MARK: never

    @Test func aNeverRecordAndWhatIsAboveItAreCutAndNotedNotSaved() throws {
        let policies = try PersistencePolicies(["Login": .never])
        let tree = RestorationTree(root: .stack(StackContainer(records: [
            Self.record("home", "Home"), Self.record("login", "Login", "password=hunter2"), Self.record("after", "After"),
        ], afterDrop: .closeGap)))
        let cut = policies.cut(tree)
        guard case .stack(let stack) = cut.root else { Issue.record("not a stack"); return }
        #expect(stack.records.count == 2)
        #expect(stack.records[0] == Self.record("home", "Home"))
        #expect(stack.records[1].identifier == nil && stack.records[1].payload == nil && stack.records[1].container == nil)
        let plan = Restorer.plan(cut)
        #expect(Self.reasons(plan) == ["records[1] not-saved"])
        #expect(plan.restoredRecords.map(\.record.identifier) == ["home"])
        #expect(policies.cut(cut) == cut, "a cut tree is cut no further")
    }

    @Test func aNeverTabIsCutAloneAndTheSelectionIsKept() throws {
        let policies = try PersistencePolicies(["Secret": .never])
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            Self.record("mail", "Mail"), Self.record("vault", "Secret", container: .stack(StackContainer(records: [Self.record("pin", "Pin")]))),
            Self.record("settings", "Settings"),
        ], selected: 2)))
        let cut = policies.cut(tree)
        guard case .tabs(let tabs) = cut.root else { Issue.record("not tabs"); return }
        #expect(tabs.tabs.map(\.identifier) == ["mail", nil, "settings"])
        #expect(tabs.selected == 2)
        #expect(Self.reasons(Restorer.plan(cut)) == ["tabs[1] not-saved"])
    }

    @Test func aNeverBaseCutsTheWholeChainAndANestedNeverCutsInItsOwnStack() throws {
        let policies = try PersistencePolicies(["Pay": .never])
        let chain = RestorationTree(root: .presentation(PresentationContainer(
            base: Self.record("pay", "Pay"), presented: [Self.record("a", "A"), Self.record("b", "B")])))
        #expect(Self.reasons(Restorer.plan(policies.cut(chain))) == ["base not-saved"])
        let nested = RestorationTree(root: .split(SplitContainer(
            primary: [Self.record("nav", "Nav", container: .stack(StackContainer(records: [Self.record("x", "X"), Self.record("pay", "Pay"), Self.record("y", "Y")])))],
            detail: [Self.record("d", "D")], focus: .detail)))
        let plan = Restorer.plan(policies.cut(nested))
        #expect(Self.reasons(plan) == ["primary[0]/records[1] not-saved"])
        #expect(plan.restoredRecords.map(\.record.identifier) == ["nav", "x", "d"])
    }

    @Test func aTableWithoutNeverCutsNothing() throws {
        let policies = try PersistencePolicies(["Login": .notRestored])
        let tree = RestorationTree.navigationPath([Self.record("0", "Login", "{}")])
        #expect(policies.cut(tree) == tree)
        #expect(policies.cut(tree).form == .navigationPath)
    }

    // MARK: notRestored and restoredWithin

    @Test func notRestoredIsDroppedWithItsReasonAndATruncatingStackTruncatesAboveIt() throws {
        let policies = try PersistencePolicies(["Checkout": .notRestored])
        var asked: [String] = []
        let resolver = RecordResolver { (record: RestorationRecord) in
            asked.append(record.identifier ?? "")
            return true
        }.applying(policies, snapshotAge: nil)
        let tree = RestorationTree(root: .stack(StackContainer(records: [
            Self.record("cart", "Cart"), Self.record("checkout", "Checkout"), Self.record("card", "Card"),
        ], afterDrop: .truncate)))
        let plan = Restorer.plan(tree, resolver: resolver)
        #expect(Self.reasons(plan) == ["records[1] not-restored", "records[2] truncated"])
        #expect(asked == ["cart"], "the resolver is not asked about a record the policies drop")
    }

    @Test func restoredWithinDropsOnlyAnOlderSnapshotsRecords() throws {
        let policies = try PersistencePolicies(["Search": .restoredWithin(1800)])
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.record("home", "Home"), Self.record("results", "Search")], afterDrop: .closeGap)))
        #expect(Self.reasons(Restorer.plan(tree, resolver: RecordResolver.acceptAll.applying(policies, snapshotAge: 1801))) == ["records[1] expired-screen"])
        #expect(Self.reasons(Restorer.plan(tree, resolver: RecordResolver.acceptAll.applying(policies, snapshotAge: 1800))).isEmpty)
        #expect(Self.reasons(Restorer.plan(tree, resolver: RecordResolver.acceptAll.applying(policies, snapshotAge: nil))).isEmpty,
                "an unknown age drops nothing")
    }

    @Test func aRenamedClassIsJudgedUnderItsNewNameAndPoliciesSurviveRenaming() throws {
        let policies = try PersistencePolicies(["Checkout": .notRestored])
        let aliases = try ClassAliases(["OldCheckout": "Checkout"])
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.record("c", "OldCheckout")])))
        let before = RecordResolver.acceptAll.renaming(aliases).applying(policies, snapshotAge: nil)
        let after = RecordResolver.acceptAll.applying(policies, snapshotAge: nil).renaming(aliases)
        #expect(Self.reasons(Restorer.plan(tree, resolver: before)) == ["records[0] not-restored"])
        #expect(Self.reasons(Restorer.plan(tree, resolver: after)) == ["records[0] not-restored"])
    }

    @Test func typedRoutesTakeThePolicies() throws {
        let coding = RouteCoding<String>(named: "App.Route")
        let tree = try coding.tree(for: ["a", "b"])
        let policies = try PersistencePolicies(["App.Route": .restoredWithin(60)])
        #expect(coding.restore(tree, policies: policies, snapshotAge: 30).routes == ["a", "b"])
        let old = coding.restore(tree, policies: policies, snapshotAge: 61)
        #expect(old.routes.isEmpty)
        #expect(Self.reasons(old.plan) == ["records[0] expired-screen", "records[1] truncated"])
    }

    // MARK: Properties

    /// The class the properties never save: one of the generators' classes.
    static let neverClass = "MessageController"

    /// After the cut, no record of a class never saved remains, nothing it held does, and a
    /// record whose class is saved and that was below every cut is kept as it was. The plan
    /// drops every note `not-saved` and restores no record of the class.
    @Test func theCutLeavesNothingOfANeverClass() async throws {
        let policies = try PersistencePolicies([Self.neverClass: .never])
        await checkProperty(count: 300, input: TreeGenerators.tree) { tree in
            let cut = policies.cut(tree)
            let records = cut.allRecords.map(\.record)
            #expect(!records.contains { $0.className == Self.neverClass }, "\(cut)")
            #expect(cut.recordCount <= tree.recordCount)
            #expect(policies.cut(cut) == cut, "the cut is done once")
            let plan = Restorer.plan(cut)
            #expect(!plan.restoredRecords.contains { $0.record.className == Self.neverClass })
            let notes = records.filter { $0.identifier == nil && $0.className?.hasPrefix("restack.") == true }.count
            #expect(plan.dropped.filter { $0.reason == .notSaved }.count <= notes)
            if !tree.allRecords.contains(where: { $0.record.className == Self.neverClass }) {
                #expect(cut == tree, "a tree without the class is saved as it is")
            }
        }
    }
}
