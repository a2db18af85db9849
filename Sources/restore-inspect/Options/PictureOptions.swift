import ArgumentParser
import Foundation

/// `--picture [--color auto|always|never]`: draw the screen instead of listing records.
struct PictureOptions: ParsableArguments {
    @Flag(help: "Draw the screen as the user would see it: columns, stacks, tabs, nesting.")
    var picture = false

    @Option(help: ArgumentHelp(
        "Colour in the picture: auto (when stdout is a terminal and NO_COLOR is not set), always or never.",
        valueName: "when"))
    var color: ColorChoice?

    func validate() throws {
        if color != nil && !picture {
            throw ValidationError("--color goes with --picture: only the picture has colour.")
        }
    }

    /// Whether to write ANSI colour: `always`, `never`, or for `auto` when stdout is a
    /// terminal and `NO_COLOR` is unset or empty (https://no-color.org).
    var colored: Bool {
        switch color ?? .auto {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty {
                return false
            }
            return isatty(StandardStreams.stdout) == 1
        }
    }
}

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
