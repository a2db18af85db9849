/// The layout an app restores into: restoration rule 8 derives each split's and drill-down's
/// arrangement from it. Nothing about the layout at save time decides the restore.
public enum Layout: String, Hashable, Sendable, CaseIterable {
    /// Wide enough for splits side by side (an iPad in regular width). The default.
    case regular
    /// One column: an iPhone, Slide Over, a narrow window.
    case compact
}
