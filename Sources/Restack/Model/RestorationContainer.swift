/// A container controller's children, as saved: one of the container kinds Restack knows, each
/// defined in its own file (its slots, settings, validation, rule and arrangement).
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
    /// A base and the chain of records presented on it: UIKit's modal presentations, SwiftUI's
    /// sheets and full-screen covers.
    case presentation(PresentationContainer)

    /// The container's kind.
    public var kind: Kind {
        type(of: definition).kind
    }

    /// Every child record with its step, in document order: slots in the order the kind lists
    /// them (`left` then `right`; `primary` then `detail`), each sequence bottom first.
    public var children: [(step: RecordPath.Step, record: RestorationRecord)] {
        // One line per kind, so that each kind's slots are read without boxing it: this runs for
        // every container of every save and restore.
        switch self {
        case .drillDown(let container): Self.children(of: container)
        case .stack(let container): Self.children(of: container)
        case .split(let container): Self.children(of: container)
        case .tabs(let container): Self.children(of: container)
        case .presentation(let container): Self.children(of: container)
        }
    }

    /// The children of a container of any kind, slot by slot in its kind's order.
    private static func children<Kind: ContainerKind>(of container: Kind) -> [(step: RecordPath.Step, record: RestorationRecord)] {
        var result: [(step: RecordPath.Step, record: RestorationRecord)] = []
        for (slot, records) in zip(Kind.slots, container.slotContents) {
            for (index, record) in records.enumerated() {
                result.append((step: slot.step(index), record: record))
            }
        }
        return result
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
    /// The container kinds; the raw values are the `kind` of state files, plans and stored rows.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// ``DrillDownContainer``.
        case drillDown
        /// ``StackContainer``.
        case stack
        /// ``SplitContainer``.
        case split
        /// ``TabsContainer``.
        case tabs
        /// ``PresentationContainer``.
        case presentation
    }
}
