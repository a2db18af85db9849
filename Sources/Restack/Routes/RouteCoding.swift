import Foundation

/// An app's own route values, saved as records and restored with each element decoded once.
///
/// Apps that navigate with typed routes (`[Route]` bound to a `NavigationStack`, a `NavigationPath`
/// of `Codable` values, TCA's `StackState`) usually persist the whole array with one `Codable`
/// call: one element whose case was removed or whose shape changed in an update fails it all.
/// `RouteCoding` saves each route as a record instead (its type's name as the class, its JSON as
/// the payload, in ``RecordPayload``'s encoding), and restores through the restorer, so that an
/// element that no longer decodes is dropped with `stale-payload` and the rest comes back:
///
/// ```swift
/// enum Route: Codable, Sendable { case mailbox(String), message(id: Int) }
///
/// let routes = RouteCoding<Route>(named: "App.Route")
/// let tree = try routes.tree(for: [.mailbox("INBOX"), .message(id: 42)])   // save this tree
///
/// let restored = routes.restore(tree)        // at launch, with the tree the store gives back
/// path = restored.routes                      // the routes that still decode, each decoded once
/// for dropped in restored.plan.dropped { log("\(dropped.path): \(dropped.reason)") }
/// ```
///
/// A record's class is looked up, after ``ClassAliases``, among the route types; the resolver
/// decodes its payload then, and the decoded value is the one ``RestoredRoutes`` hands back: a
/// payload is never decoded twice (records with equal class and payload bytes share one decode).
/// Records of no route type (a tab, a split's column) are judged by the `others` resolver.
public struct RouteCoding<Route>: Sendable {
    /// One type of route: the name saved as the class of its records, and how to read and write
    /// its values.
    public struct RouteType: Sendable {
        /// The name saved as the record's class (for a `NavigationPath`, the fully qualified type
        /// name SwiftUI writes, such as `App.Item`).
        package let name: String
        private let readBody: @Sendable (Data) -> PayloadReading<Route>
        private let encodeBody: @Sendable (Route) throws -> Data?
        private let identifierBody: (@Sendable (Route) -> String?)?

        /// The route type's undecodable payload, for ``decode(_:)``.
        private struct Unreadable: Error, CustomStringConvertible {
            var description: String
        }

        /// Creates a route type from its functions.
        ///
        /// - Parameters:
        ///   - name: The class name its records are saved with.
        ///   - decode: Reads a payload into a route; a throw means the payload is stale.
        ///   - encode: Writes a route of this type as a payload, or returns `nil` when the route is
        ///     not of this type.
        ///   - identifier: The identifier of a route's record, for routes that carry their own (a
        ///     message's id): what the store keeps and the inspector shows, what a deep link's path
        ///     names, and how a link recognises a route already shown. It must be unique among the
        ///     records of the route's container. By default (`nil`, or when it returns `nil`), a
        ///     route is identified by its position in its stack, and by its content in a deep
        ///     link's merge.
        public init(name: String, decode: @escaping @Sendable (Data) throws -> Route, encode: @escaping @Sendable (Route) throws -> Data?,
                    identifier: (@Sendable (Route) -> String?)? = nil) {
            self.name = name
            self.readBody = { payload in (try? decode(payload)).map { .current($0) } ?? .stale }
            self.encodeBody = encode
            self.identifierBody = identifier
        }

        private init(name: String, read: @escaping @Sendable (Data) -> PayloadReading<Route>, encode: @escaping @Sendable (Route) throws -> Data?,
                     identifier: (@Sendable (Route) -> String?)?) {
            self.name = name
            self.readBody = read
            self.encodeBody = encode
            self.identifierBody = identifier
        }

        /// Reads a payload into a route, upgrading it when the type reads older shapes.
        package func read(_ payload: Data) -> PayloadReading<Route> {
            readBody(payload)
        }

        /// Reads a payload into a route (upgraded, for a type with older shapes); throws when the
        /// payload is stale.
        package func decode(_ payload: Data) throws -> Route {
            switch readBody(payload) {
            case .current(let route), .upgraded(let route, _, _): return route
            case .failed(let step): throw Unreadable(description: "the upgrade step \(step) threw")
            case .stale: throw Unreadable(description: "the payload is no shape of \(name)")
            }
        }

        /// Writes a route of this type as a payload; `nil` when the route is of another type.
        package func encode(_ route: Route) throws -> Data? {
            try encodeBody(route)
        }

        /// The identifier a route of this type carries, if its type gives one.
        package func identifier(of route: Route) -> String? {
            identifierBody?(route)
        }

        /// A `Codable` type whose values are routes, such as one element type of a
        /// `NavigationPath`, read and written in ``RecordPayload``'s encoding.
        ///
        /// - Parameters:
        ///   - type: The value type.
        ///   - name: The class name its records are saved with; by default the fully qualified
        ///     type name (`String(reflecting:)`), as `NavigationPath` writes it.
        ///   - route: Makes a route from a value.
        ///   - value: The value of a route of this type, or `nil` for a route of another type.
        ///   - identifier: The identifier a value carries, for routes that carry their own; see
        ///     ``init(name:decode:encode:identifier:)``. By default, none.
        public static func codable<Value: Codable & Sendable>(
            _ type: Value.Type,
            named name: String = String(reflecting: Value.self),
            route: @escaping @Sendable (Value) -> Route,
            value: @escaping @Sendable (Route) -> Value?,
            identifier: (@Sendable (Value) -> String)? = nil
        ) -> RouteType {
            // One shape: read as it is, or stale.
            codable(upgrading: PayloadShapes(type), named: name, route: route, value: value, identifier: identifier)
        }

        /// A `Codable` type whose values are routes, read from any of its ``PayloadShapes``: a
        /// payload saved in an older shape is upgraded (the record restores with the upgraded
        /// payload, noted `payload-upgraded`) instead of dropped `stale-payload`. Routes are
        /// written in the newest shape.
        ///
        /// - Parameters:
        ///   - shapes: The value type's shapes, oldest first, the newest being `Value`.
        ///   - name: The class name its records are saved with; by default the fully qualified
        ///     name of `Value`.
        ///   - route: Makes a route from a value.
        ///   - value: The value of a route of this type, or `nil` for a route of another type.
        ///   - identifier: As for ``codable(_:named:route:value:identifier:)``: the identifier of
        ///     a route's record, for routes that carry their own.
        public static func codable<Value>(
            upgrading shapes: PayloadShapes<Value>,
            named name: String = String(reflecting: Value.self),
            route: @escaping @Sendable (Value) -> Route,
            value: @escaping @Sendable (Route) -> Value?,
            identifier: (@Sendable (Value) -> String)? = nil
        ) -> RouteType {
            var identifierOfRoute: (@Sendable (Route) -> String?)?
            if let identifier {
                identifierOfRoute = { (route: Route) -> String? in value(route).map(identifier) }
            }
            return RouteType(
                name: name,
                read: { payload in shapes.read(payload).map(route) },
                encode: { route in try value(route).map { try RecordPayload.encode($0) } },
                identifier: identifierOfRoute
            )
        }
    }

    /// The route types, looked up by name; the first of two with the same name wins.
    package let types: [RouteType]
    /// Renamed route types: a record saved under an old name is read as the new one.
    package let aliases: ClassAliases
    /// Whether a route's record is identified by its content (its payload's text) rather than
    /// by its position: how a deep link's merge sees routes, so that a route already shown is
    /// recognised by what it is (the merge compares identifier and class), wherever it stands.
    /// Saved states use positions. A route whose type gives it its own identifier keeps it in both.
    package var identifiesRoutesByContent = false

    /// Creates the coding of an app's routes.
    ///
    /// - Parameters:
    ///   - types: The route types.
    ///   - aliases: Type names renamed by updates (`"App.Item": "App.Message"`).
    public init(_ types: [RouteType], aliases: ClassAliases = ClassAliases()) {
        self.types = types
        self.aliases = aliases
    }

    /// The record of a route, at a position of its stack.
    ///
    /// - Parameters:
    ///   - route: The route.
    ///   - index: Its position from the bottom: its identifier (as in
    ///     ``NavigationPathRepresentation/identifier(at:)``), unless its type gives routes their
    ///     own or the coding identifies routes by their content.
    /// - Throws: ``RouteCodingError`` when no route type writes the route, or its type's encoding
    ///   fails.
    package func record(for route: Route, at index: Int) throws(RouteCodingError) -> RestorationRecord {
        for type in types {
            let payload: Data?
            do {
                payload = try type.encode(route)
            } catch {
                throw .unencodable(index: index, type: type.name, message: "\(error)")
            }
            if let payload {
                let identifier = type.identifier(of: route) ?? (identifiesRoutesByContent ? Self.contentIdentifier(payload)
                    : NavigationPathRepresentation.identifier(at: index))
                return RestorationRecord(identifier: identifier, className: type.name, payload: payload)
            }
        }
        throw .noRouteType(index: index)
    }

    /// A payload as an identifier: its text (a route's JSON), or, for bytes that are not UTF-8 or
    /// none, `#` and their Base64, so that two payloads never share an identifier unless equal.
    private static func contentIdentifier(_ payload: Data) -> String {
        if !payload.isEmpty, payload.first != UInt8(ascii: "#"), let text = String(data: payload, encoding: .utf8) {
            return text
        }
        return "#" + payload.base64EncodedString()
    }

    /// The records of routes, bottom first, each identified by its position, counted from
    /// `index` (or by its own identifier, when its type gives one): for an app that builds its own ``RestorationTree`` (a `NavigationState` of its
    /// own shape), a split's sides, a presentation chain's presented records. Identifiers must be
    /// unique among a container's records, whatever their slot: number a split's detail after its
    /// primary (`records(for: detail, from: primary.count)`). Read them back with
    /// ``RestoredRoutes/route(for:)``.
    ///
    /// - Throws: ``RouteCodingError`` when no route type writes a route, or its type's encoding
    ///   fails.
    public func records(for routes: [Route], from index: Int = 0) throws(RouteCodingError) -> [RestorationRecord] {
        var records: [RestorationRecord] = []
        records.reserveCapacity(routes.count)
        for (offset, route) in routes.enumerated() {
            records.append(try record(for: route, at: index &+ offset))
        }
        return records
    }

    /// A tree whose root is a stack of the routes, bottom first: what an app saves for a
    /// `NavigationStack(path:)` or a `[Route]` back stack.
    ///
    /// - Parameters:
    ///   - routes: The routes, bottom first.
    ///   - afterDrop: What a route that does not restore does to the routes above it. By default
    ///     the stack truncates there (restoration rule 12), as a navigator's does: each route was
    ///     pushed from the one below it. Pass ``StackAfterDrop/closeGap`` for routes that
    ///     stand on their own (rule 4).
    public func tree(for routes: [Route], afterDrop: StackAfterDrop = .truncate) throws(RouteCodingError) -> RestorationTree {
        RestorationTree(root: .stack(StackContainer(records: try records(for: routes), afterDrop: afterDrop)))
    }

    /// A record holding a stack of routes: a tab, or a split's column, whose content is a route
    /// array. Put such records in a ``TabsContainer`` (with its selection) or a
    /// ``SplitContainer`` (its columns), and read each one's routes back with
    /// ``RestoredRoutes/routes(under:)``.
    ///
    /// ```swift
    /// let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
    ///     try routes.record(identifier: "mail", className: "MailTab", holding: mailPath),
    ///     try routes.record(identifier: "settings", className: "SettingsTab", holding: settingsPath),
    /// ], selected: 0)))
    /// let restored = routes.restore(tree, others: .knownClasses(["MailTab", "SettingsTab"]))
    /// mailPath = restored.routes(under: ["mail"])
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The record's identifier (the tab's or column's), unique among its siblings.
    ///   - className: Its class, which the `others` resolver of ``restore(_:layout:others:policies:snapshotAge:)``
    ///     must rebuild.
    ///   - routes: The routes, bottom first.
    ///   - afterDrop: As for ``tree(for:afterDrop:)``: the stack truncates by default.
    public func record(identifier: String, className: String, holding routes: [Route],
                       afterDrop: StackAfterDrop = .truncate) throws(RouteCodingError) -> RestorationRecord {
        RestorationRecord(identifier: identifier, className: className,
                          container: .stack(StackContainer(records: try records(for: routes), afterDrop: afterDrop)))
    }
}

extension RouteCoding where Route: Codable & Sendable {
    /// The coding of one `Codable` route type, such as an app's `Route` enum.
    ///
    /// - Parameters:
    ///   - name: The class name its records are saved with; by default the fully qualified type
    ///     name.
    ///   - aliases: Earlier names of the type.
    public init(named name: String = String(reflecting: Route.self), aliases: ClassAliases = ClassAliases()) {
        self.init(upgrading: PayloadShapes(Route.self), named: name, aliases: aliases)
    }

    /// The coding of one `Codable` route type that was saved in older shapes: a route saved in
    /// one of them is upgraded when it restores (``PayloadShapes``).
    ///
    /// - Parameters:
    ///   - shapes: The route type's shapes, oldest first, the newest being `Route`.
    ///   - name: The class name its records are saved with; by default the fully qualified type
    ///     name.
    ///   - aliases: Earlier names of the type.
    public init(upgrading shapes: PayloadShapes<Route>, named name: String = String(reflecting: Route.self), aliases: ClassAliases = ClassAliases()) {
        self.init([.codable(upgrading: shapes, named: name, route: { $0 }, value: { $0 })], aliases: aliases)
    }
}

/// Why routes could not be saved as records.
public enum RouteCodingError: Error, Hashable, Sendable {
    /// No route type writes the route at this position.
    case noRouteType(index: Int)
    /// The route's type could not encode it: the encoder's message.
    case unencodable(index: Int, type: String, message: String)
}

extension RouteCodingError: CustomStringConvertible {
    /// A sentence that names the route.
    public var description: String {
        switch self {
        case .noRouteType(let index):
            "the route at \(index) is of no registered route type"
        case .unencodable(let index, let type, let message):
            "the route at \(index) (\(type)) could not be encoded: \(message)"
        }
    }
}
