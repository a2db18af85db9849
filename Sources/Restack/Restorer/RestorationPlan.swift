/// What a restore of a ``RestorationTree`` gives: the tree to rebuild for the target layout,
/// every record left out with its reason, notes on what moved, and warnings.
///
/// A plan is the result of ``Restorer/plan(_:layout:resolver:)``, whatever the form the state was
/// read in: a format-1 drill-down's plan is a plan whose ``root`` is a drill-down, read slot by
/// slot from its ``PlannedContainer/content``.
///
/// ```swift
/// let plan = Restorer.plan(tree, layout: .compact, resolver: .knownClasses(classes))
/// if let root = plan.root { rebuild(root) }
/// for dropped in plan.dropped { log("\(dropped.path): \(dropped.reason)") }
/// ```
public struct RestorationPlan: Hashable, Sendable {
    /// The format version of the planned state.
    public var formatVersion: Int
    /// The form the planned state was read in: its JSON is written in that form's plan shape (a
    /// format-1 drill-down's, byte for byte as format 1 always wrote it), and its
    /// ``restoredTree`` in that form.
    public var form: RestorationTree.Form
    /// The layout the plan is made for.
    public var layout: Layout
    /// The restored root container, or `nil` when the state restores nothing to plan (rule 10).
    public var root: PlannedContainer?
    /// Every record left out: by the restoration rules in document order, then, in a plan
    /// merged with a deep link (``merging(_:resolver:)``), the records it popped (root first) and
    /// the pushed records that were not restored.
    public var dropped: [Dropped]
    /// What moved without being dropped, in document order of the containers; then, in a plan
    /// merged with a deep link, what the link did.
    public var notes: [Note]
    /// Things worth knowing that did not drop any record.
    public var warnings: [RestorationWarning]
    /// What the plan was made from, when ``Restorer`` made it: an adapter's rebuild plans it
    /// again with the records whose node failed refused. Not part of the plan's value (a plan's
    /// value is what it restores): a plan made with the initializer, which has none, equals the
    /// plan ``Restorer`` made with the same values.
    @NotCompared var source: Source? = nil

    /// The saved tree a plan was made from and the deep links merged into it since, in order.
    struct Source: Sendable {
        var tree: RestorationTree
        var links: [DeepLink]
    }

    /// Creates a plan. Plans normally come from ``Restorer``.
    package init(
        formatVersion: Int, form: RestorationTree.Form = .tree, layout: Layout, root: PlannedContainer?, dropped: [Dropped], notes: [Note],
        warnings: [RestorationWarning]
    ) {
        self.formatVersion = formatVersion
        self.form = form
        self.layout = layout
        self.root = root
        self.dropped = dropped
        self.notes = notes
        self.warnings = warnings
    }

    /// A record the plan leaves out, with its saved path and why.
    public struct Dropped: Hashable, Sendable {
        /// The record, exactly as saved.
        public var record: RestorationRecord
        /// Where the record was saved.
        public var path: RecordPath
        /// Why the record is not restored.
        public var reason: DropReason

        /// Creates a dropped entry.
        package init(record: RestorationRecord, path: RecordPath, reason: DropReason) {
            self.record = record
            self.path = path
            self.reason = reason
        }
    }

    /// Something a rule moved or decided in one container, without dropping a record.
    public struct Note: Hashable, Sendable {
        /// What happened.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// A drill-down's lone surviving right record became its sole left record (rule 5).
            case rightPromoted = "right-promoted"
            /// A split's focused side restored empty and the focus moved to the other (rule 6).
            case focusMoved = "focus-moved"
            /// A split's primary stack restored empty: the app uses its initial primary (rule 6).
            case primaryEmpty = "primary-empty"
            /// A tab bar's selected tab was dropped; the first surviving tab is selected (rule 7).
            case selectionMoved = "selection-moved"
            /// A deep link's ``DeepLink/path`` named an identifier that no restored record of this
            /// container has (the note's ``Note/identifier``): the link changed nothing.
            case deepLinkUnmatched = "deep-link-unmatched"
            /// A deep link's pushed records found no stack to go on in this container (a tab bar
            /// whose selected tab holds no container, a plain tab): the link changed nothing.
            case deepLinkNoStack = "deep-link-no-stack"
            /// A deep link's pushed records would nest the restored tree deeper than
            /// ``RestorationTree/maxContainerDepth`` containers, which no state may (it could not
            /// be saved or read back): the link changed nothing.
            case deepLinkTooDeep = "deep-link-too-deep"
            /// A deep link selected another tab of this tab bar.
            case deepLinkSelected = "deep-link-selected"
            /// A deep link moved this split's focus to the other side.
            case deepLinkFocused = "deep-link-focused"
            /// A deep link's records were pushed in this container (those that were restored).
            case deepLinkPushed = "deep-link-pushed"
            /// A deep link found everything it asks for already shown: it selected, focused,
            /// popped and pushed nothing (the records it would push were revealed where they
            /// are), and no record it pushes was refused. Noted at the container its records
            /// went in (or, for a link without any, the last container of its path).
            case deepLinkShown = "deep-link-shown"
            /// A record's payload was read as an older shape (the note's ``Note/shape``) and
            /// upgraded to the newest (``PayloadShapes``): the record restores with the upgraded
            /// payload. The note's ``Note/path`` is the record's.
            case payloadUpgraded = "payload-upgraded"
            /// A record's payload was read as an older shape, but a step of its upgrade threw (the
            /// note's ``Note/shape``, `"from -> to"`): the record is dropped `stale-payload`. The
            /// note's ``Note/path`` is the record's.
            case payloadUpgradeFailed = "payload-upgrade-failed"
        }

        /// What happened.
        public var kind: Kind
        /// The container's path: the path of the record that owns it, empty for the root; for
        /// a note about one record (``Kind/payloadUpgraded``, ``Kind/payloadUpgradeFailed``),
        /// that record's path.
        public var path: RecordPath
        /// The identifier the note is about, for ``Kind/deepLinkUnmatched``: the first identifier
        /// of the link's path that was not found; `nil` for every other kind.
        public var identifier: String?
        /// For ``Kind/payloadUpgraded``, the name of the shape the payload was read as; for
        /// ``Kind/payloadUpgradeFailed``, the step that threw (`"v1 -> v2"`); `nil` for every
        /// other kind.
        public var shape: String?

        /// Creates a note.
        package init(kind: Kind, path: RecordPath, identifier: String? = nil, shape: String? = nil) {
            self.kind = kind
            self.path = path
            self.identifier = identifier
            self.shape = shape
        }

        /// Whether two notes are equal, comparing ``identifier`` and ``shape`` byte for byte.
        public static func == (lhs: Note, rhs: Note) -> Bool {
            lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.identifier.isExactlyEqual(to: rhs.identifier)
                && lhs.shape.isExactlyEqual(to: rhs.shape)
        }

        /// Hashes the kind, the path and the exact bytes of the identifier and the shape.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(path)
            hasher.combine(identifier.map(ExactString.init))
            hasher.combine(shape.map(ExactString.init))
        }
    }

    /// The restored tree in the current format of the plan's form, ready to save again. `nil`
    /// when nothing is restored (rule 10). Planning it again drops nothing and gives the same
    /// arrangement (rule 11).
    public var restoredTree: RestorationTree? {
        guard let root else { return nil }
        return RestorationTree(formatVersion: form.currentFormatVersion, root: root.restoredContainer, form: form)
    }

    /// Every restored record with its saved path, in document order.
    public var restoredRecords: [PlannedRecord] {
        guard let root else { return [] }
        var result: [PlannedRecord] = []
        var pending = root.children.reversed().map { $0 }
        while let next = pending.popLast() {
            result.append(next)
            if let nested = next.container {
                pending.append(contentsOf: nested.children.reversed())
            }
        }
        return result
    }
}

/// A record that will be restored, with its saved path and, for a container controller, its
/// planned container.
public struct PlannedRecord: Hashable, Sendable {
    /// The record as it restores: as saved, except that a record the resolver renamed
    /// (``ResolverOutcome/renamed(to:)``) has its new class name, and one whose payload it
    /// upgraded (``ResolverOutcome/upgraded(payload:readAs:renamedTo:)``) the upgraded payload. Its
    /// ``RestorationRecord/container`` is the saved one.
    public var record: RestorationRecord
    /// Where the record was saved; for a record a deep link pushed, its place in the link
    /// (`push[0]`, `push[0]/records[1]`: see ``isFromDeepLink``).
    public var from: RecordPath
    /// The record's restored container, if it holds one.
    public var container: PlannedContainer?
    /// The saved class name of a record the resolver renamed, or `nil` when the record restores
    /// under its saved class name. ``record`` has the new name.
    public var renamedFrom: String?

    /// Creates a planned record.
    package init(record: RestorationRecord, from: RecordPath, container: PlannedContainer?, renamedFrom: String? = nil) {
        self.record = record
        self.from = from
        self.container = container
        self.renamedFrom = renamedFrom
    }

    /// Whether the record comes from a deep link (``RestorationPlan/merging(_:resolver:)``)
    /// rather than from the saved state: its ``from`` is its place in the link. A plan's JSON
    /// shows it with a `null` `from` and `"deepLink": true`.
    public var isFromDeepLink: Bool {
        from.isInDeepLink
    }

    /// The record as it restores: its container replaced by the restored one, under its new
    /// class name if it was renamed. Planning it again, with a resolver that knows the new name,
    /// keeps the new name and gives no `renamedFrom`.
    public var restoredRecord: RestorationRecord {
        var result = record
        result.container = container?.restoredContainer
        return result
    }

    /// Whether two planned records are equal, comparing `renamedFrom` byte for byte, as Restack
    /// compares every name.
    public static func == (lhs: PlannedRecord, rhs: PlannedRecord) -> Bool {
        lhs.record == rhs.record && lhs.from == rhs.from && lhs.container == rhs.container
            && lhs.renamedFrom.isExactlyEqual(to: rhs.renamedFrom)
    }

    /// Hashes the record, its path, its container and the exact bytes of `renamedFrom`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(record)
        hasher.combine(from)
        hasher.combine(container)
        hasher.combine(renamedFrom.map(ExactString.init))
    }
}

/// A container as it restores: the surviving records in each slot, the kind's settings after
/// the rules, and in a compact layout the arrangement (rule 8).
public struct PlannedContainer: Hashable, Sendable {
    /// The restored slots and settings: the container's kind holding planned records.
    public typealias Content = Container<PlannedRecord>

    /// The container's path (the path of the record that owns it; empty for the root).
    public var path: RecordPath
    /// The restored slots.
    public var content: Content
    /// The compact arrangement: only for a kind that has one (a split, a drill-down, columns)
    /// planned for ``Layout/compact``.
    public var compact: CompactArrangement?

    /// Creates a planned container.
    package init(path: RecordPath, content: Content, compact: CompactArrangement?) {
        self.path = path
        self.content = content
        self.compact = compact
    }

    /// The container's kind.
    public var kind: RestorationContainer.Kind {
        content.kind
    }

    /// The restored records of every slot, in document order.
    public var children: [PlannedRecord] {
        content.elements
    }

    /// Whether the container restores with an empty detail (a split, columns): the app shows
    /// its placeholder.
    public var detailPlaceholder: Bool {
        content.definition.showsPlaceholder
    }

    /// The slot shown when only one shows (a split's side, a column), as the kind's focus
    /// setting names it after the rules; `nil` for a kind without a focus.
    package var focus: String? {
        content.definition.focusedSlot
    }

    /// The container as it restores, ready to save again.
    package var restoredContainer: RestorationContainer {
        content.map(\.restoredRecord)
    }
}

/// How a container shows in a compact layout (rule 8): one stack of saved paths, and
/// the restored records that are kept hidden until the layout widens.
public struct CompactArrangement: Hashable, Sendable {
    /// The single stack, bottom first, as saved paths.
    public var stack: [RecordPath]
    /// Restored records not shown in compact layout, as saved paths. They are restored, not
    /// dropped.
    public var hidden: [RecordPath]

    /// Creates an arrangement.
    package init(stack: [RecordPath], hidden: [RecordPath]) {
        self.stack = stack
        self.hidden = hidden
    }
}
