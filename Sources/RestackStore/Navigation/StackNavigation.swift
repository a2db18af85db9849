import Restack

/// One navigation stack of an app's routes: a `NavigationStack(path:)` bound to ``path``.
///
/// Saved as a stack of the routes, bottom first, that truncates at its first route that does not
/// restore (restoration rule 12): each route was pushed from the one below it. A deep link's
/// routes are pushed on top.
///
/// ```swift
/// var state = StackNavigation<Screen>(path: [.mailbox("INBOX")])
/// state.path.append(.message(id: 42))
/// let tree = try state.tree(RouteCoding(named: "MailApp.Screen"))   // what the model saves
/// ```
public struct StackNavigation<Route: Codable & Hashable & Sendable>: NavigationState {
    /// The routes, bottom first: what `NavigationStack(path:)` shows.
    public var path: [Route]

    /// Creates a stack: on a first launch, the path the app starts with (empty by default).
    public init(path: [Route] = []) {
        self.path = path
    }

    /// The path as a truncating stack of route records.
    public func tree(_ coding: RouteCoding<Route>) throws(RouteCodingError) -> RestorationTree {
        try coding.tree(for: path)
    }

    /// The routes that restored: the prefix that still decodes.
    public mutating func restore(from restored: RestoredRoutes<Route>) {
        path = restored.routes
    }
}
