/// A container controller's children: one of the container kinds Restack knows, each defined in
/// its own file (its slots, settings, validation, rules and arrangement), holding elements of
/// one type in its slots.
///
/// One container type serves every form: saved records (``RestorationContainer``), planned
/// records (``PlannedContainer/Content``) and an app's own nodes (``NodeContainer``). Slots,
/// paths, children and mapping from one element type to another are written once, here, for
/// every kind; what differs between kinds lives in the kind's file.
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
public indirect enum Container<Element> {
    /// A left stack and an optional right element: SGBDrillDownController.
    case drillDown(DrillDownContainer<Element>)
    /// One stack: a navigation controller, Reinstate's navigation stack of states.
    case stack(StackContainer<Element>)
    /// A primary and a detail stack: TidySplits, IndexDetailViewController, split-or-flip,
    /// UISplitViewController.
    case split(SplitContainer<Element>)
    /// Tabs and a selected tab: a tab bar controller, Reinstate's tab bar.
    case tabs(TabsContainer<Element>)
    /// A base and the chain of elements presented on it: UIKit's modal presentations, SwiftUI's
    /// sheets and full-screen covers.
    case presentation(PresentationContainer<Element>)
    /// A sidebar, a content and a detail column: SwiftUI's three-column `NavigationSplitView`,
    /// UIKit's `.tripleColumn` split.
    case columns(ColumnsContainer<Element>)

    /// The container kinds; the raw values are the `kind` of state files, plans and stored rows.
    public typealias Kind = ContainerKindName
}

/// A saved container: records in its slots.
public typealias RestorationContainer = Container<RestorationRecord>

/// A container of an app's own nodes (view controllers, routes, screens), as a
/// ``RestorationAdapter`` captures and rebuilds them.
///
/// A navigation controller's children are a `.stack`, bottom first; a tab bar controller's are
/// `.tabs`: UIKit's adapter, <doc:AdaptingUIKit>.
public typealias NodeContainer<Node> = Container<Node>

extension Container: Equatable where Element: Equatable {}
extension Container: Hashable where Element: Hashable {}
extension Container: Sendable where Element: Sendable {}

/// The container kinds; the raw values are the `kind` of state files, plans and stored rows.
public enum ContainerKindName: String, Hashable, Sendable, CaseIterable {
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
    /// ``ColumnsContainer``.
    case columns
}

// MARK: - The registry: the only switches over the kinds

/// An operation on a container of any kind, given the kind's own type.
///
/// What a kind does (its rules, arrangement, deep-link steps, drawing, the questions its
/// settings answer) is asked of the container as `any ContainerKind<Element>`
/// (``Container/definition``). The few operations the restore path runs on every container (its
/// parts, assembling one, reading one from stored rows) are visitors instead: the switch below
/// calls them with each kind's own type, so that the compiler specializes them for the element
/// (an existential's unspecialized code looks up the metadata of `[[Element]]` at each call;
/// figures: the store's Performance article).
package protocol ContainerVisitor {
    associatedtype Element
    associatedtype Result
    func visit<Kind: ContainerKind>(_ container: Kind) -> Result where Kind.Element == Element
}

/// An operation on a kind's type, for a kind named at run time (see ``ContainerVisitor``).
package protocol ContainerKindVisitor {
    associatedtype Element
    associatedtype Result
    func visit<Kind: ContainerKind>(_ kind: Kind.Type) -> Result where Kind.Element == Element
}

extension Container {
    /// Runs `visitor` on the container as its kind's own type.
    package func open<Visitor: ContainerVisitor>(_ visitor: Visitor) -> Visitor.Result where Visitor.Element == Element {
        switch self {
        case .drillDown(let container): visitor.visit(container)
        case .stack(let container): visitor.visit(container)
        case .split(let container): visitor.visit(container)
        case .tabs(let container): visitor.visit(container)
        case .presentation(let container): visitor.visit(container)
        case .columns(let container): visitor.visit(container)
        }
    }

    /// Runs `visitor` on the type of the kind named `kind`, with this element type.
    package static func open<Visitor: ContainerKindVisitor>(_ kind: Kind, _ visitor: Visitor) -> Visitor.Result where Visitor.Element == Element {
        switch kind {
        case .drillDown: visitor.visit(DrillDownContainer<Element>.self)
        case .stack: visitor.visit(StackContainer<Element>.self)
        case .split: visitor.visit(SplitContainer<Element>.self)
        case .tabs: visitor.visit(TabsContainer<Element>.self)
        case .presentation: visitor.visit(PresentationContainer<Element>.self)
        case .columns: visitor.visit(ColumnsContainer<Element>.self)
        }
    }

    private struct Definition: ContainerVisitor {
        func visit<Kind: ContainerKind>(_ container: Kind) -> any ContainerKind<Element> where Kind.Element == Element { container }
    }

    private struct KindType: ContainerKindVisitor {
        func visit<Kind: ContainerKind>(_ kind: Kind.Type) -> any ContainerKind<Element>.Type where Kind.Element == Element { kind }
    }

    /// The container as its kind's own type, for what differs between kinds: its rules,
    /// arrangement, deep-link steps, drawing, and the questions its settings answer.
    package var definition: any ContainerKind<Element> {
        open(Definition())
    }

    /// The type of the kind named `kind`, holding this element type.
    package static func definition(of kind: Kind) -> any ContainerKind<Element>.Type {
        open(kind, KindType())
    }
}

extension ContainerKindName {
    /// The kind's definition (for its declarations: slots, settings, noun).
    package var definition: any ContainerKind.Type {
        RestorationContainer.definition(of: self)
    }

    /// The slots of every kind, in kind order: the stored slot names.
    package static let allSlots: [ContainerSlot] = allCases.flatMap { $0.definition.slots }
}

// MARK: - Written once for every kind and every element

/// A container taken apart: its kind, the elements of each slot in the kind's order, and its
/// settings in the kind's order.
package struct ContainerParts<Element> {
    package var kind: any ContainerKind.Type
    package var slots: [[Element]]
    package var settings: [ContainerSetting?]
}

extension Container {
    private struct Parts: ContainerVisitor {
        func visit<Kind: ContainerKind>(_ container: Kind) -> ContainerParts<Element> where Kind.Element == Element {
            ContainerParts(kind: Kind.self, slots: container.slotContents, settings: container.settings)
        }
    }

    private struct Assemble: ContainerKindVisitor {
        let slots: [[Element]]
        let settings: [ContainerSetting?]
        func visit<Kind: ContainerKind>(_ kind: Kind.Type) -> Container<Element> where Kind.Element == Element {
            Kind(slotContents: slots, settings: settings).container
        }
    }

    /// The container taken apart: its kind, slots and settings.
    package var parts: ContainerParts<Element> {
        open(Parts())
    }

    /// The container of kind `kind` with these slots (in the kind's order) and settings.
    package init(kind: Kind, slots: [[Element]], settings: [ContainerSetting?]) {
        self = Self.open(kind, Assemble(slots: slots, settings: settings))
    }

    /// The container's kind.
    public var kind: Kind {
        type(of: definition).kind
    }

    /// Every element with its step, in document order: slots in the order the kind lists them
    /// (`left` then `right`; `primary` then `detail`), each sequence bottom first.
    public var children: [(step: RecordPath.Step, element: Element)] {
        let parts = parts
        var result: [(step: RecordPath.Step, element: Element)] = []
        for (slot, elements) in zip(parts.kind.slots, parts.slots) {
            for (index, element) in elements.enumerated() {
                result.append((step: slot.step(index), element: element))
            }
        }
        return result
    }

    /// Every element of every slot, in document order.
    public var elements: [Element] {
        parts.slots.flatMap { $0 }
    }

    /// The same container with each element replaced by `transform`'s result, given the
    /// element's step: kind, slots, order and settings kept.
    package func map<Other, Failure: Error>(
        _ transform: (RecordPath.Step, Element) throws(Failure) -> Other
    ) throws(Failure) -> Container<Other> {
        let parts = parts
        var slots: [[Other]] = []
        for (slot, elements) in zip(parts.kind.slots, parts.slots) {
            var mapped: [Other] = []
            for (index, element) in elements.enumerated() {
                mapped.append(try transform(slot.step(index), element))
            }
            slots.append(mapped)
        }
        return Container<Other>(kind: kind, slots: slots, settings: parts.settings)
    }

    /// The same container with each element replaced by `transform`'s result: kind, slots,
    /// order and settings kept.
    public func map<Other, Failure: Error>(_ transform: (Element) throws(Failure) -> Other) throws(Failure) -> Container<Other> {
        try map { (_, element) throws(Failure) in try transform(element) }
    }
}

extension Container where Element == RestorationRecord {
    /// The number of records in this container and in every container below it.
    package var recordCount: Int {
        var count = 0
        var pending = [self]
        while let container = pending.popLast() {
            for record in container.elements {
                count += 1
                if let nested = record.container { pending.append(nested) }
            }
        }
        return count
    }

    /// The number of container levels: 1 for a container whose records hold no container.
    package var depth: Int {
        var deepest = 0
        var pending = [(container: self, level: 1)]
        while let (container, level) = pending.popLast() {
            deepest = max(deepest, level)
            for record in container.elements {
                if let nested = record.container { pending.append((nested, level + 1)) }
            }
        }
        return deepest
    }
}

// MARK: - A kind's own steps, for a container of any kind

extension Container {
    /// Rule 8, as the kind says: the one stack a compact layout shows and the elements it
    /// hides; `nil` for a kind that shows as it is.
    package var compactArrangement: (stack: [Element], hidden: [Element])? {
        definition.compactArrangement
    }

    /// The kind's deep-link reveal of the child at `index` (in document order).
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        definition.revealing(index, replacedBy: replacement)
    }

    /// The kind's deep-link push of `pushed`, where ``ContainerKind/pushTarget`` said, the
    /// records already shown revealed (``ContainerKind/pushing(_:revealing:same:)``).
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        definition.pushing(pushed, revealing: candidates, same: same)
    }
}
