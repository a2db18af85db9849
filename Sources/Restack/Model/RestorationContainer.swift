/// A container controller's children, as saved: one of the four container kinds Restack knows.
///
/// A ``RestorationRecord`` whose controller is itself a container holds one of these in its
/// ``RestorationRecord/container``; the root of a ``RestorationTree`` is one too. Each kind keeps
/// its children in named slots (role-tagged stacks), never in a layout-specific arrangement: the
/// arrangement for the layout at restore time is derived by ``Restorer``.
///
/// ```swift
/// let root = RestorationContainer.split(SplitContainer(
///     primary: [RestorationRecord(identifier: "mailboxes", className: "MailboxesController")],
///     detail: [RestorationRecord(identifier: "message-42", className: "MessageController")]
/// ))
/// ```
public indirect enum RestorationContainer: Hashable, Sendable {
    /// A left stack and an optional right record: SGBDrillDownController.
    case drillDown(DrillDownContainer)
    /// One stack: a navigation controller, Reinstate's navigation stack of states.
    case stack(StackContainer)
    /// A primary and a detail stack: TidySplits, IndexDetailViewController, split-or-flip,
    /// UISplitViewController.
    case split(SplitContainer)
    /// Tabs and a selected tab: a tab bar controller, Reinstate's tab bar.
    case tabs(TabsContainer)

    /// The container's kind.
    public var kind: Kind {
        switch self {
        case .drillDown: .drillDown
        case .stack: .stack
        case .split: .split
        case .tabs: .tabs
        }
    }

    /// Every child record with its step, in document order: slots in the order the kind lists
    /// them (`left` then `right`; `primary` then `detail`), each sequence bottom first.
    public var children: [(step: RecordPath.Step, record: RestorationRecord)] {
        switch self {
        case .drillDown(let container):
            var result = container.left.enumerated().map { (step: RecordPath.Step.left($0.offset), record: $0.element) }
            if let right = container.right {
                result.append((step: .right, record: right))
            }
            return result
        case .stack(let container):
            return container.records.enumerated().map { (step: .records($0.offset), record: $0.element) }
        case .split(let container):
            return container.primary.enumerated().map { (step: RecordPath.Step.primary($0.offset), record: $0.element) }
                + container.detail.enumerated().map { (step: .detail($0.offset), record: $0.element) }
        case .tabs(let container):
            return container.tabs.enumerated().map { (step: .tabs($0.offset), record: $0.element) }
        }
    }

    /// The number of records in this container and in every container below it.
    public var recordCount: Int {
        var count = 0
        var pending = [self]
        while let container = pending.popLast() {
            for (_, record) in container.children {
                count += 1
                if let nested = record.container { pending.append(nested) }
            }
        }
        return count
    }

    /// The number of container levels: 1 for a container whose records hold no container.
    public var depth: Int {
        var deepest = 0
        var pending = [(container: self, level: 1)]
        while let (container, level) = pending.popLast() {
            deepest = max(deepest, level)
            for (_, record) in container.children {
                if let nested = record.container { pending.append((nested, level + 1)) }
            }
        }
        return deepest
    }
}

extension RestorationContainer {
    /// The four container kinds; the raw values are the `kind` of state files and plans.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// ``DrillDownContainer``.
        case drillDown
        /// ``StackContainer``.
        case stack
        /// ``SplitContainer``.
        case split
        /// ``TabsContainer``.
        case tabs
    }
}
