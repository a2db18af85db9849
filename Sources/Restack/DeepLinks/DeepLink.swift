import Foundation

/// A deep link, as a value: the records to reveal from the root down, and new records to show on
/// top of the last one.
///
/// An app launched from a link (a notification, a URL, a widget) also has a restored state.
/// ``RestorationPlan/merging(_:resolver:)`` applies the link to the plan, after the restoration
/// rules, by the deep-link rules of <doc:TheRestorationRules>: the link never replaces the
/// restored state, and is never half-applied.
///
/// ```swift
/// let link = DeepLink(path: ["mail", "inbox"],
///                     push: [RestorationRecord(identifier: "message-99", className: "MessageController")])
/// let plan = Restorer.plan(tree).merging(link, resolver: resolver)
/// ```
///
/// Its JSON form, as `restore-inspect plan --deep-link FILE` reads it, is read by
/// ``decode(_:)``.
public struct DeepLink: Hashable, Sendable {
    /// The identifiers of the records to reveal, from the root container down: each names a
    /// restored record among the children of the container of the record before it (the root's
    /// children for the first). Empty: the link pushes onto the root.
    public var path: [String]
    /// The records to show on top of the last record of ``path``, bottom first. They are planned
    /// as any saved record is (rules 1 to 3, the resolver asked with their identifier path).
    public var push: [RestorationRecord]

    /// Creates a deep link.
    ///
    /// - Parameters:
    ///   - path: The identifiers to reveal, from the root down.
    ///   - push: The records to push on top of the last one, bottom first.
    public init(path: [String] = [], push: [RestorationRecord] = []) {
        self.path = path
        self.push = push
    }

    /// The longest ``path`` a deep-link file may hold: one identifier per level of containers
    /// a state may nest (``RestorationTree/maxContainerDepth``).
    package static let maxPathLength = RestorationTree.maxContainerDepth

    /// The most records a deep-link file may push, the records inside their containers
    /// included: as many as a store keeps in one snapshot by default.
    package static let maxPushedRecords = 1_000
}

extension RecordPath.Step {
    /// A record pushed by a deep link, by its index in ``DeepLink/push``: `push[i]`. It names a
    /// pushed record's place in the link wherever a plan needs a path: its
    /// ``PlannedRecord/from``, a compact arrangement, a dropped entry. No container has a slot of
    /// that name.
    package static func push(_ index: Int) -> RecordPath.Step { RecordPath.Step("push", index) }
}

extension RecordPath {
    /// Whether the path names a place in a deep link (it starts with `push[i]`) rather than a
    /// place in the saved state.
    package var isInDeepLink: Bool {
        steps.first?.slotName == "push"
    }
}
