/// Three columns: a sidebar, a content and a detail column, and the column shown when only one
/// shows, as SwiftUI's three-column `NavigationSplitView`, UIKit's `.tripleColumn` split and the
/// Mail app keep them.
///
/// Roles are kept across layouts: no record changes column. In a compact layout the columns
/// collapse into one stack up to the focused column, as `NavigationSplitView` collapses with its
/// preferred compact column.
///
/// ```swift
/// let mail = RestorationContainer.columns(ColumnsContainer(
///     sidebar: [RestorationRecord(identifier: "mailboxes", className: "MailboxesController")],
///     content: [RestorationRecord(identifier: "inbox", className: "InboxController")],
///     detail: [RestorationRecord(identifier: "message-42", className: "MessageController")],
///     focus: .detail
/// ))
/// ```
public struct ColumnsContainer<Element> {
    /// A column.
    public typealias Column = ColumnsColumn

    /// The sidebar column, bottom first.
    public var sidebar: [Element]
    /// The content column, bottom first.
    public var content: [Element]
    /// The detail column, bottom first; may be empty (the app shows its placeholder).
    public var detail: [Element]
    /// The column shown when only one shows.
    public var focus: Column

    /// Creates three columns.
    public init(sidebar: [Element], content: [Element] = [], detail: [Element] = [], focus: Column = .sidebar) {
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
        self.focus = focus
    }
}

extension ColumnsContainer: Equatable where Element: Equatable {}
extension ColumnsContainer: Hashable where Element: Hashable {}
extension ColumnsContainer: Sendable where Element: Sendable {}

/// A column of a ``ColumnsContainer``, sidebar first.
public enum ColumnsColumn: String, Hashable, Sendable, CaseIterable {
    /// The sidebar (the leading column: mailboxes).
    case sidebar
    /// The content column (the middle one: a mailbox's messages).
    case content
    /// The detail column (the trailing one: a message).
    case detail
}

extension ColumnsContainer: ContainerKind {
    package static var kind: ContainerKindName { .columns }
    package static var noun: String { "column split" }
    /// A column per ``ColumnsColumn``; the detail shows the app's placeholder when it restores
    /// empty.
    package static var slots: [ContainerSlot] {
        ColumnsColumn.allCases.map { ContainerSlot(name: $0.rawValue, isSequence: true, isRequired: true, showsPlaceholder: $0 == .detail) }
    }
    /// `focus` names the column shown when only one shows; written only when it is not the
    /// sidebar, always stated in a plan.
    package mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor) {
        visitor.choice("focus", &focus, default: .sidebar, writtenAtDefault: false, isFocus: true)
    }

    package var slotContents: [[Element]] { [sidebar, content, detail] }
    package init(slotContents: [[Element]]) {
        self.init(sidebar: slotContents[0], content: slotContents[1], detail: slotContents[2])
    }
    package var container: Container<Element> { .columns(self) }

    /// Rules 1 to 4 on each column (roles are kept: no record changes column), then the focus
    /// rule: if the focused column restores empty and another does not, the focus moves to the
    /// nearest non-empty column toward the sidebar, or, when there is none that way, the nearest
    /// toward the detail (noted `focus-moved`); if all three restore empty it stays.
    package func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind]) {
        let columns = [planner.sequence(0), planner.sequence(1), planner.sequence(2)]
        let saved = Column.allCases.firstIndex(of: focus)!
        var restored = saved
        if columns[saved].isEmpty {
            let towardSidebar = (0..<saved).reversed().first { !columns[$0].isEmpty }
            let towardDetail = (saved + 1..<columns.count).first { !columns[$0].isEmpty }
            restored = towardSidebar ?? towardDetail ?? saved
        }
        var planned = ColumnsContainer<PlannedRecord>(slotContents: columns, settings: settings)
        planned.focus = Column.allCases[restored]
        return (.columns(planned), restored != saved ? [.focusMoved] : [])
    }

    /// Rule 8: one stack of the columns up to and including the focused one, sidebar first; the
    /// columns after it are hidden (restored, not dropped).
    package var compactArrangement: (stack: [Element], hidden: [Element])? {
        let shown = Column.allCases.firstIndex(of: focus)! + 1
        return (slotContents[..<shown].flatMap { $0 }, slotContents[shown...].flatMap { $0 })
    }

    /// A deep link reveals an element of a column by popping the elements above it in that
    /// column, and focuses that column (noted `deep-link-focused` when the focus moves).
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        let (revealed, popped) = revealed(index, replacedBy: replacement)
        return DeepLinkReveal(content: .columns(revealed), popped: popped, notes: revealed.focus == focus ? [] : [.deepLinkFocused])
    }

    private func revealed(_ index: Int, replacedBy replacement: Element) -> (ColumnsContainer, popped: [Element]) {
        var columns = slotContents
        var position = index, column = 0
        while position >= columns[column].count {
            position -= columns[column].count
            column += 1
        }
        let popped = Array(columns[column][(position + 1)...])
        columns[column] = Array(columns[column][..<position]) + [replacement]
        var result = self
        (result.sidebar, result.content, result.detail, result.focus) = (columns[0], columns[1], columns[2], Column.allCases[column])
        return (result, popped)
    }

    /// A deep link pushes onto the detail column, whichever column its path revealed.
    package var pushTarget: DeepLinkTarget { .here(truncating: false) }

    /// The detail column is the sequence: the elements already shown directly above the revealed
    /// detail element (or anywhere in the column, when the path revealed an element of another
    /// column, which is revealed as ``revealing(_:replacedBy:)`` does, or none) stay, what is above
    /// them is popped, the rest goes on top; the detail is focused when any were shown or pushed.
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        let elementsBeforeDetail = sidebar + content
        let before = elementsBeforeDetail.count
        let applied = DeepLinkRun.apply(pushed, onto: detail, revealing: candidates, position: { $0 < before ? nil : $0 - before }, same: same)
        var (result, popped) = (self, [Element]())
        if let child = applied.revealed {
            if child < before { (result, popped) = revealed(child, replacedBy: elementsBeforeDetail[child]) } else { result.focus = .detail }
        }
        result.detail = applied.sequence
        if applied.shown + applied.rest.count > 0 { result.focus = .detail }
        return applied.push(.columns(result), poppedBefore: popped, notes: result.focus == focus ? [] : [.deepLinkFocused])
    }
}

// MARK: - Drawing

extension ColumnsContainer {
    /// Three columns (the focused one and the placeholder marked, as declared); the compact
    /// stack goes up to the focus.
    package var drawing: ContainerDrawing {
        ContainerDrawing(body: .panePerSlot(Self.slots),
                         compactTitle: "compact: one stack up to the focus")
    }
}
