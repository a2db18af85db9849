/// One slot of a container kind: its name (the state file's key, the path step, the stored
/// `slot`), whether it holds a sequence of records or at most one, and whether the app shows its
/// placeholder where it restores empty.
package struct ContainerSlot: Sendable {
    /// The slot's name: `left`, `right`, `records`...
    package let name: String
    /// A sequence of records, bottom first (`left`, `tabs`), or at most one record (`right`).
    package let isSequence: Bool
    /// Whether a state file must have the key; a single slot's value may be `null` even then.
    package let isRequired: Bool
    /// Whether the app shows its placeholder where the slot restores empty (a split's `detail`):
    /// a plan says so (`detailPlaceholder`, ``PlannedContainer/detailPlaceholder``), its text
    /// lists it and the picture draws it.
    package let showsPlaceholder: Bool

    package init(name: String, isSequence: Bool, isRequired: Bool, showsPlaceholder: Bool = false) {
        self.name = name
        self.isSequence = isSequence
        self.isRequired = isRequired
        self.showsPlaceholder = showsPlaceholder
    }

    /// The step of the record at `index` of this slot (`0` for a single slot).
    package func step(_ index: Int) -> RecordPath.Step {
        RecordPath.Step(name, isSequence ? index : nil)
    }
}

/// Everything specific to one container kind, kept in that kind's own file: its slots, its
/// settings (each declared once, ``visitSettings(_:)``), its restoration rules, its compact
/// arrangement, its deep-link steps, and how the inspector draws it. The planner, the JSON
/// layer, the store, the diff, the adapter and the inspector go through this protocol (a
/// container as `any ContainerKind<Element>`, ``Container/definition``) and never name a kind.
///
/// A kind is generic over the element its slots hold: saved records, planned records, an app's
/// nodes. What does not depend on the element (slots, settings, rules on the settings) is
/// written once for every element. What every kind does with its settings (reading and writing
/// state files and stored rows, judging them, the plan's JSON and text, the generators) is
/// written once for every kind, from the declarations (`ContainerSettings.swift`).
///
/// Adding a kind or a setting: <doc:AddingAContainerKind>.
package protocol ContainerKind<Element> {
    /// What the slots hold.
    associatedtype Element

    /// The kind.
    static var kind: ContainerKindName { get }
    /// How messages name a container of this kind: `split`, `tab bar`.
    static var noun: String { get }
    /// The slots, in document order.
    static var slots: [ContainerSlot] { get }
    /// Declares the settings to `visitor`, in order, each once: its name (the state file's key,
    /// the stored setting's name, the diff's field), the property that holds it, its values (or
    /// the slot it indexes), its default, and where files and plans state it
    /// (``ContainerSettingVisitor``).
    mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor)

    /// The elements of each slot, in the order of ``slots`` (a single slot: none or one).
    var slotContents: [[Element]] { get }
    /// A container of this kind holding `slotContents` (in the order of ``slots``), every
    /// setting at its default: the settings are then set through their declarations.
    init(slotContents: [[Element]])
    /// The container.
    var container: Container<Element> { get }

    /// The kind's rules: plans its slots through `planner` (rules 1 to 4, in the order and with
    /// the skips the rules decide) and returns the restored container and what moved.
    func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind])

    /// Rule 8: the arrangement in a compact layout, the one stack shown and the elements
    /// hidden; `nil` for a kind that shows as it is.
    var compactArrangement: (stack: [Element], hidden: [Element])? { get }
    /// How `restore-inspect` draws a container of this kind: its panes or tab row, the words
    /// after its title, its compact stack's title (``ContainerDrawing``). By default a pane per
    /// slot. The settings a plan states, the focused pane and the placeholder come from the
    /// declarations (``Container/drawing``).
    var drawing: ContainerDrawing { get }

    /// A deep link reveals the child at `index` (in document order) with `replacement` in its
    /// place: a tab bar selects it; a sequence pops every element above it; a split focuses its
    /// side.
    func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element>
    /// Where a deep link's pushed records go: here (in a sequence that truncates or not), into a
    /// child's container, or nowhere.
    var pushTarget: DeepLinkTarget { get }
    /// The container with a deep link's restored pushed records put where ``pushTarget`` said, by
    /// the rule that makes a link idempotent (``DeepLinkRun``, applied to the sequence the kind
    /// pushes onto): those already shown are revealed, what is above them popped, only the rest
    /// pushed. `candidates` are the children (in document order) that the path's last identifier
    /// names, when the path's last record is in this container and holds none; empty when the
    /// records go into a container the path revealed no record of.
    func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element>
}

extension ContainerKind {
    package var compactArrangement: (stack: [Element], hidden: [Element])? { nil }

    /// A framed pane per slot, titled with the slot's name, in slot order.
    package var drawing: ContainerDrawing {
        ContainerDrawing(body: .panePerSlot(Self.slots))
    }
}
