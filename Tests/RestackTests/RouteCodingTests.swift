import Foundation
import Restack
import Testing

/// Version 1 of an app's routes: a route enum, and an item type pushed beside it.
enum RoutesV1 {
    enum Route: Codable, Hashable, Sendable {
        case mailbox(String)
        case search(query: String)
        case settings
    }

    struct Item: Codable, Hashable, Sendable {
        var id: Int
    }
}

/// Version 2: `search` was removed from the enum, and `Item` was renamed `Message`.
enum RoutesV2 {
    enum Route: Codable, Hashable, Sendable {
        case mailbox(String)
        case settings
    }

    struct Message: Codable, Hashable, Sendable {
        var id: Int
    }

    /// What version 2 pushes: its route enum or a message.
    enum Element: Hashable, Sendable {
        case route(Route)
        case message(Message)
    }
}

/// Counts calls from `@Sendable` closures.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func count(_ key: String) {
        lock.lock()
        counts[key, default: 0] += 1
        lock.unlock()
    }

    subscript(key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[key, default: 0]
    }
}

@Suite("Typed routes")
struct RouteCodingTests {
    static let v1 = RouteCoding<AnyHashableSendable>([
        .codable(RoutesV1.Route.self, named: "App.Route", route: { AnyHashableSendable($0) }, value: { $0.base as? RoutesV1.Route }),
        .codable(RoutesV1.Item.self, named: "App.Item", route: { AnyHashableSendable($0) }, value: { $0.base as? RoutesV1.Item }),
    ])

    static func v2(counting counter: CallCounter? = nil) throws -> RouteCoding<RoutesV2.Element> {
        let route = RouteCoding<RoutesV2.Element>.RouteType.codable(
            RoutesV2.Route.self, named: "App.Route", route: { .route($0) }, value: { if case .route(let r) = $0 { r } else { nil } })
        let message = RouteCoding<RoutesV2.Element>.RouteType.codable(
            RoutesV2.Message.self, named: "App.Message", route: { .message($0) }, value: { if case .message(let m) = $0 { m } else { nil } })
        let counted = [route, message].map { type in
            RouteCoding<RoutesV2.Element>.RouteType(name: type.name, decode: { payload in
                counter?.count(type.name)
                return try type.decode(payload)
            }, encode: type.encode)
        }
        return RouteCoding(counted, aliases: try ClassAliases(["App.Item": "App.Message"]))
    }

    /// The path version 1 saved: mailbox, item 7, a search (removed in 2), settings.
    static func savedByVersion1() throws -> RestorationTree {
        try v1.tree(for: [
            AnyHashableSendable(RoutesV1.Route.mailbox("INBOX")),
            AnyHashableSendable(RoutesV1.Item(id: 7)),
            AnyHashableSendable(RoutesV1.Route.search(query: "invoice")),
            AnyHashableSendable(RoutesV1.Route.settings),
        ])
    }

    /// The issue's example: version 2 lost a case and renamed a type; a version-1 path restores
    /// the prefix below the removed case, the renamed element under its new name.
    @Test func version2RestoresThePrefixItStillKnowsWithReasons() throws {
        let restored = try Self.v2().restore(try Self.savedByVersion1())
        // A navigator's stack truncates (tree(for:)'s default): the removed case goes, and what was pushed on it.
        #expect(restored.routes == [.route(.mailbox("INBOX")), .message(RoutesV2.Message(id: 7))])
        #expect(restored.plan.dropped.map(\.path.description) == ["records[2]", "records[3]"])
        #expect(restored.plan.dropped.map(\.reason) == [.stalePayload, .truncated])
        let renamed = try #require(restored.plan.root?.children.first { $0.renamedFrom != nil })
        #expect(renamed.renamedFrom == "App.Item")
        #expect(renamed.restoredRecord.className == "App.Message")
    }

    /// Routes that stand on their own close the gap instead (rule 4).
    @Test func routesThatCloseGapsKeepWhatWasAboveTheRemovedCase() throws {
        let saved = try Self.v1.tree(for: [
            AnyHashableSendable(RoutesV1.Route.mailbox("INBOX")),
            AnyHashableSendable(RoutesV1.Item(id: 7)),
            AnyHashableSendable(RoutesV1.Route.search(query: "invoice")),
            AnyHashableSendable(RoutesV1.Route.settings),
        ], afterDrop: .closeGap)
        let restored = try Self.v2().restore(saved)
        #expect(restored.routes == [.route(.mailbox("INBOX")), .message(RoutesV2.Message(id: 7)), .route(.settings)])
        #expect(restored.plan.dropped.map(\.reason) == [.stalePayload])
    }

    /// A tab bar whose tabs each hold a route array, and a split whose columns do: saved with
    /// the selection and the columns, restored tab by tab, each array truncated on its own.
    @Test func tabsAndSplitColumnsOfRoutesRestoreEachArrayWithItsSelection() throws {
        let v1Routes = Self.v1
        let mail = [AnyHashableSendable(RoutesV1.Route.mailbox("INBOX")), AnyHashableSendable(RoutesV1.Route.search(query: "x")),
                    AnyHashableSendable(RoutesV1.Route.settings)]
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            try v1Routes.record(identifier: "mail", className: "MailTab", holding: mail),
            RestorationRecord(identifier: "split", className: "SplitTab", container: .split(SplitContainer(
                primary: [try v1Routes.record(identifier: "list", className: "Column", holding: [AnyHashableSendable(RoutesV1.Route.mailbox("Sent"))])],
                detail: [try v1Routes.record(identifier: "detail", className: "Column", holding: [AnyHashableSendable(RoutesV1.Item(id: 3))])],
                focus: .detail))),
        ], selected: 1)))
        let restored = try Self.v2().restore(tree, others: .knownClasses(["MailTab", "SplitTab", "Column"]))
        // The mail tab's array is cut at the removed case; the other tab's columns come back whole.
        #expect(restored.routes(under: ["mail"]) == [.route(.mailbox("INBOX"))])
        #expect(restored.routes(under: ["split", "list"]) == [.route(.mailbox("Sent"))])
        #expect(restored.routes(under: ["split", "detail"]) == [.message(RoutesV2.Message(id: 3))])
        #expect(restored.routes(under: ["nowhere"]).isEmpty)
        #expect(restored.routes.isEmpty, "the root is a tab bar, not a stack")
        guard case .tabs(let plannedTabs)? = restored.plan.root?.content else {
            Issue.record("the root restores as a tab bar")
            return
        }
        #expect(plannedTabs.selected == 1)
        #expect(restored.plan.dropped.map(\.reason) == [.stalePayload, .truncated])
    }

    @Test func eachElementIsDecodedOnce() throws {
        let counter = CallCounter()
        let restored = try Self.v2(counting: counter).restore(try Self.savedByVersion1())
        #expect(restored.routes.count == 2)
        // Two App.Route payloads (the second stale) and one App.Item read as App.Message: three
        // decodes in all; the truncated settings route is never decoded.
        #expect(counter["App.Route"] == 2)
        #expect(counter["App.Message"] == 1)
    }

    @Test func aRouteTypeTheAppNoLongerHasIsUnresolvedUnlessOthersSaySo() throws {
        let onlyRoutes = RouteCoding<RoutesV2.Route>(named: "App.Route")
        let restored = onlyRoutes.restore(try Self.savedByVersion1())
        #expect(restored.routes == [.mailbox("INBOX")])
        #expect(restored.plan.dropped.map(\.reason) == [.unresolvedClass, .truncated, .truncated])
        let lenient = onlyRoutes.restore(try Self.savedByVersion1(), others: .acceptAll)
        #expect(lenient.plan.dropped.map(\.reason) == [.stalePayload, .truncated])
        #expect(lenient.routes == [.mailbox("INBOX")], "a record of no route type has no route value")
    }

    @Test func aRecordWithoutPayloadIsStale() throws {
        let tree = RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "0", className: "App.Route", payload: nil),
        ])))
        let restored = RouteCoding<RoutesV2.Route>(named: "App.Route").restore(tree)
        #expect(restored.plan.dropped.map(\.reason) == [.stalePayload])
        #expect(restored.routes.isEmpty)
    }

    @Test func savingNamesTheRouteNoTypeWrites() throws {
        let coding = RouteCoding<AnyHashableSendable>([
            .codable(Int.self, named: "Swift.Int", route: { AnyHashableSendable($0) }, value: { $0.base as? Int }),
        ])
        let error = try #require(throws: RouteCodingError.self) {
            try coding.records(for: [AnyHashableSendable(1), AnyHashableSendable("two")])
        }
        #expect(error == .noRouteType(index: 1))
        #expect(try coding.records(for: [AnyHashableSendable(5)]).map(\.identifier) == ["0"])
    }

    /// A NavigationPath of mixed types in which every type is known restores whole and is written
    /// back byte for byte, for `NavigationPath(_:)`.
    @Test func aMixedNavigationPathRoundTripsByteForByte() throws {
        let saved = #"["App.Item","{\"id\":2}","Swift.String","\"foo\"","Swift.Int","1"]"#
        let coding = RouteCoding<AnyHashableSendable>([
            .codable(Int.self, route: { AnyHashableSendable($0) }, value: { $0.base as? Int }),
            .codable(String.self, route: { AnyHashableSendable($0) }, value: { $0.base as? String }),
            .codable(RoutesV1.Item.self, named: "App.Item", route: { AnyHashableSendable($0) }, value: { $0.base as? RoutesV1.Item }),
        ])
        let restored = coding.restore(try NavigationPathRepresentation.decode(Data(saved.utf8)))
        #expect(restored.plan.dropped.isEmpty)
        #expect(restored.routes == [AnyHashableSendable(1), AnyHashableSendable("foo"), AnyHashableSendable(RoutesV1.Item(id: 2))])
        let written = StateFile.encode(try #require(restored.plan.restoredTree))
        #expect(String(decoding: written, as: UTF8.self) == saved)
    }

    /// A route type that gives its routes their own identifiers: every record of it carries its
    /// route's, saved or seen by a deep link's merge; routes of a type that gives none keep their
    /// position.
    @Test func aRouteTypeGivesItsRoutesTheirOwnIdentifiers() throws {
        var coding = RouteCoding<AnyHashableSendable>([
            .codable(RoutesV1.Item.self, named: "App.Item", route: { AnyHashableSendable($0) }, value: { $0.base as? RoutesV1.Item },
                     identifier: { "item-\($0.id)" }),
            .codable(Int.self, route: { AnyHashableSendable($0) }, value: { $0.base as? Int }),
        ])
        let routes = [AnyHashableSendable(RoutesV1.Item(id: 7)), AnyHashableSendable(5), AnyHashableSendable(RoutesV1.Item(id: 9))]
        #expect(try coding.records(for: routes).map(\.identifier) == ["item-7", "1", "item-9"])
        let restored = coding.restore(try coding.tree(for: routes))
        #expect(restored.routes == routes)
        coding.identifiesRoutesByContent = true
        #expect(try coding.records(for: routes).map(\.identifier) == ["item-7", "5", "item-9"])
    }

    @Test func theDefaultNameIsTheFullyQualifiedTypeName() {
        #expect(RouteCoding<Int>().types.map(\.name) == ["Swift.Int"])
        #expect(RouteCoding<RoutesV2.Route>().types.map(\.name) == ["RestackTests.RoutesV2.Route"])
    }
}

/// A type-erased route, as a `NavigationPath` holds its elements.
struct AnyHashableSendable: Hashable, @unchecked Sendable {
    let base: AnyHashable

    init(_ base: some Hashable & Sendable) {
        self.base = AnyHashable(base)
    }
}
