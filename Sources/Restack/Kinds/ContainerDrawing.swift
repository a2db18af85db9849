/// How a container of one kind is drawn and listed by `restore-inspect` (its picture and its plan
/// text), as the kind declares it in its own file: the panes or the tab row under its title, the
/// title of its compact stack, and the settings a plan states.
///
/// A kind declares its panes or tab row and its titles (``ContainerKind/drawing``), for saved and
/// planned containers alike; the focused pane, the placeholder and the settings a plan states
/// come from its declarations (``Container/drawing``). The inspector draws the planned
/// container's, and compares the saved one's settings with it. So a new kind is drawn and listed
/// with no change to the inspector.
package struct ContainerDrawing: Sendable, Equatable {
    /// What is drawn under the container's title.
    package enum Body: Sendable, Equatable {
        /// Framed columns side by side, in this order.
        case panes([Pane])
        /// One row of tabs, with the child at `selected` (in document order) marked.
        case tabRow(selected: Int?)

        /// A framed pane per slot, titled with the slot's name, in slot order.
        package static func panePerSlot(_ slots: [ContainerSlot]) -> Body {
            .panes(slots.map { Pane(title: $0.name, slots: [$0.name]) })
        }
    }

    /// A framed column: the records of some slots, the top one first.
    package struct Pane: Sendable, Equatable {
        /// The column's title: `left`, `primary`, `stack`.
        package var title: String
        /// The slots whose records it shows (a record is drawn in the slot it restores in).
        package var slots: [String]
        /// The side shown when only one shows: its title says `(focus)`. Set from the kind's
        /// focus setting.
        package var isFocused: Bool
        /// The column restored empty and the app shows its placeholder there (a split's detail).
        /// Set from the kind's slots.
        package var showsPlaceholder: Bool

        package init(title: String, slots: [String]) {
            self.title = title
            self.slots = slots
            self.isFocused = false
            self.showsPlaceholder = false
        }
    }

    /// A setting as a plan states it.
    package struct Setting: Sendable, Equatable {
        /// What a planned container's setting is compared by with the saved one's: `focus`.
        package var name: String
        /// The value a plan compares with the saved container's (`(saved primary)` when they
        /// differ); `nil` for a placeholder, which is not compared.
        package var value: String?
        /// The words of the plan: `focus detail`, `nothing selected`, `detail placeholder`.
        package var phrase: String
        /// A setting stated only away from its default (``PlanStatement/awayFromDefault``), which
        /// changes how the saved records restore: stated for a container that was not restored
        /// too.
        package var isSaved: Bool

        package init(name: String, value: String? = nil, phrase: String, isSaved: Bool = false) {
            self.name = name
            self.value = value
            self.phrase = phrase
            self.isSaved = isSaved
        }
    }

    /// Words after the kind in the picture's title (`truncates`, for `[stack] truncates`).
    package var titleSuffix: String?
    /// What is drawn under the title.
    package var body: Body
    /// The title of the frame of the one stack a compact layout shows.
    package var compactTitle: String
    /// The settings a plan states, in order: from the kind's declarations.
    package var settings: [Setting]

    package init(titleSuffix: String? = nil, body: Body, compactTitle: String = "compact: one stack") {
        self.titleSuffix = titleSuffix
        self.body = body
        self.compactTitle = compactTitle
        self.settings = []
    }
}

extension Container {
    /// How `restore-inspect` draws and lists this container: its kind's drawing (panes or tab
    /// row, titles), the focused pane and the placeholder marked, and the settings a plan states,
    /// as the kind's declarations say (``ContainerKind/statedSettings``).
    package var drawing: ContainerDrawing {
        let definition = definition
        var drawing = definition.drawing
        if case .panes(var panes) = drawing.body {
            let focused = definition.focusedSlot
            let placeholders = zip(type(of: definition).slots, definition.slotContents).filter { $0.showsPlaceholder && $1.isEmpty }.map(\.0.name)
            for index in panes.indices {
                panes[index].isFocused = focused.map(panes[index].slots.contains) ?? false
                panes[index].showsPlaceholder = panes[index].slots.contains(where: placeholders.contains)
            }
            drawing.body = .panes(panes)
        }
        drawing.settings = definition.statedSettings
        return drawing
    }
}
