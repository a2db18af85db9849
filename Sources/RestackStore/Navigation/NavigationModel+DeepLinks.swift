import Restack

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension NavigationModel {
    /// Opens a deep link: reveals the records `path` names, then shows `push` on top, by the
    /// deep-link rules (the Restack library's article "The restoration rules"), and makes the result the state (saved).
    ///
    /// A route already shown is recognised by what it is, wherever it stands: opening the same
    /// link twice shows it once, and the second plan notes `deep-link-shown`. Revealing a record
    /// pops what is above it (`deep-link-popped`); a link whose path names no record, or whose
    /// routes find no stack, changes nothing and says why (`deep-link-unmatched`,
    /// `deep-link-no-stack`). Where the routes go is the shape's: onto the stack of
    /// ``StackNavigation``, of the tab `path` names in ``TabNavigation`` (a tab's identifier is its
    /// JSON, a string without its quotes: `["mail"]`), onto the detail of ``SplitNavigation``.
    ///
    /// ```swift
    /// navigation.open(push: [.mailbox("INBOX"), .message(id: 42)])
    /// let again = navigation.open(push: [.mailbox("INBOX"), .message(id: 42)])
    /// // again?.notes: deep-link-shown; navigation.path is unchanged
    /// ```
    ///
    /// - Parameters:
    ///   - path: The identifiers of the records to reveal, from the root down (a tab's).
    ///   - push: The routes to show on top, bottom first.
    /// - Returns: The merged plan, with the link's notes and what it popped; `nil` when a route
    ///   could not be encoded (``error`` says which).
    @discardableResult
    public func open(path: [String] = [], push: [State.Route]) -> RestorationPlan? {
        var byContent = coding
        byContent.identifiesRoutesByContent = true
        let tree: RestorationTree
        let link: DeepLink
        do {
            tree = try state.tree(byContent)
            link = DeepLink(path: path, push: try byContent.records(for: push))
        } catch {
            self.error = error
            return nil
        }
        let merged = byContent.restore(tree, merging: link, others: State.othersResolver)
        var next = state
        next.restore(from: merged)
        state = next
        return merged.plan
    }
}
