import Restack

/// An app's navigation state as a value: what a ``NavigationModel`` restores at launch, saves on
/// every change and merges deep links into.
///
/// Restack's shapes cover what SwiftUI apps have: ``StackNavigation`` (one `NavigationStack`),
/// ``TabNavigation`` (a `TabView` with a stack per tab) and ``SplitNavigation`` (a
/// `NavigationSplitView`). An app with a shape of its own conforms its own type with the same
/// building blocks: its state as a `RestorationTree` whose routes are records made by the
/// `RouteCoding` it is given, and its state read back from what restored.
///
/// ```swift
/// /// A mailbox list and, over it, an optional compose sheet.
/// struct MailNavigation: NavigationState {
///     var path: [Screen] = []
///     var compose: Screen?
///
///     func tree(_ coding: RouteCoding<Screen>) throws(RouteCodingError) -> RestorationTree {
///         let window = try coding.record(identifier: "window", className: "Window", holding: path)
///         return RestorationTree(root: .presentation(PresentationContainer(
///             base: window, presented: try coding.records(for: compose.map { [$0] } ?? []))))
///     }
///
///     mutating func restore(from restored: RestoredRoutes<Screen>) {
///         path = restored.routes(under: ["window"])
///         guard case .presentation(let chain)? = restored.plan.root?.content else { return }
///         compose = chain.presented.compactMap(restored.route(for:)).first
///     }
/// }
/// ```
///
/// The records of no route type (the window above, a tab) are rebuilt when they hold a
/// container, and dropped `unresolved-class` otherwise. `tree(_:)` and `restore(from:)` must
/// agree: what the one saves, the other reads back, so that a state restored whole is the state
/// saved.
public protocol NavigationState: Equatable, Sendable {
    /// The app's route type: one screen of a stack, saved as one record.
    associatedtype Route: Codable & Hashable & Sendable

    /// The state as a tree, each route a record made by `coding`
    /// (`RouteCoding.tree(for:afterDrop:)`, `RouteCoding.record(identifier:className:holding:afterDrop:)`,
    /// `RouteCoding.records(for:)`).
    ///
    /// - Throws: `RouteCodingError` when a route cannot be encoded.
    func tree(_ coding: RouteCoding<Route>) throws(RouteCodingError) -> RestorationTree

    /// Reads back what a launch, or a deep link, restored: the routes that still decode, each
    /// decoded once (`RestoredRoutes.routes(under:)`, `RestoredRoutes.route(for:)`), and the
    /// plan's settings (a selected tab, a focus). It is called on the state of a first launch,
    /// to overwrite what restored.
    mutating func restore(from restored: RestoredRoutes<Route>)
}

/// A state of Restack's own shapes, whose records of no route type (a tab, a selection) carry
/// values the resolver decodes.
protocol StructuredNavigationState: NavigationState {
    /// Judges the records of no route type.
    static var structureResolver: RecordResolver { get }
}

extension NavigationState {
    /// How a state's records of no route type are judged: by the shape's own resolver, or, for an
    /// app's shape, rebuilt when they hold a container and `unresolved-class` otherwise (a route
    /// type the app no longer has).
    package static var othersResolver: RecordResolver {
        if let structured = Self.self as? any StructuredNavigationState.Type {
            return structured.structureResolver
        }
        return RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            record.container != nil ? .rebuild : .classGone
        }
    }
}
