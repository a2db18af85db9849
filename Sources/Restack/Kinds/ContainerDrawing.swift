/// How a container of one kind is drawn and listed by `restore-inspect` (its picture and its plan
/// text), as the kind declares it in its own file: the panes or the tab row under its title, the
/// title of its compact stack, and the settings a plan states.
///
/// A kind declares it for saved and planned containers alike (``ContainerKind/drawing``): the
/// inspector draws the planned container's, and compares the saved one's settings with it. So a
/// new kind is drawn and listed by declaring this, with no change to the inspector.
package struct ContainerDrawing: Sendable, Equatable {
    /// What is drawn under the container's title.
    package enum Body: Sendable, Equatable {
        /// Framed columns side by side, in this order.
        case panes([Pane])
        /// One row of tabs, with the child at `selected` (in document order) marked.
        case tabRow(selected: Int?)
    }

    /// A framed column: the records of some slots, the top one first.
    package struct Pane: Sendable, Equatable {
        /// The column's title: `left`, `primary`, `stack`.
        package var title: String
        /// The slots whose records it shows (a record is drawn in the slot it restores in).
        package var slots: [String]
        /// The side shown when only one shows: its title says `(focus)`.
        package var isFocused: Bool
        /// The column restored empty and the app shows its placeholder there (a split's detail).
        package var showsPlaceholder: Bool

        package init(title: String, slots: [String], isFocused: Bool = false, showsPlaceholder: Bool = false) {
            self.title = title
            self.slots = slots
            self.isFocused = isFocused
            self.showsPlaceholder = showsPlaceholder
        }
    }

    /// A setting as a plan states it.
    package struct Setting: Sendable, Equatable {
        /// What a planned container's setting is compared by with the saved one's: `focus`.
        package var name: String
        /// The value a plan compares with the saved container's (`(saved primary)` when they
        /// differ); `nil` for a setting that is not compared.
        package var value: String?
        /// The words of the plan: `focus detail`, `nothing selected`, `detail placeholder`.
        package var phrase: String
        /// A setting of the saved state rather than an outcome of the rules: stated for a
        /// container that was not restored too.
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
    /// The settings a plan states, in order.
    package var settings: [Setting]

    package init(titleSuffix: String? = nil, body: Body, compactTitle: String = "compact: one stack", settings: [Setting] = []) {
        self.titleSuffix = titleSuffix
        self.body = body
        self.compactTitle = compactTitle
        self.settings = settings
    }
}

extension Container {
    private struct Drawing: ContainerVisitor {
        func visit<Kind: ContainerKind>(_ container: Kind) -> ContainerDrawing where Kind.Element == Element {
            container.drawing
        }
    }

    /// How `restore-inspect` draws and lists this container, as its kind declares.
    package var drawing: ContainerDrawing {
        open(Drawing())
    }
}
