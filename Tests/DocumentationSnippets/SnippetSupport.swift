import Foundation
import Restack

// What the documentation's snippets take for granted in an app: a controller factory, a log, the
// app's payload types. Just enough for the snippets to compile and run as written.

/// The app's controller factory, as the snippets call it.
struct ControllerFactory {
    var classes: Set<String> = ["MailboxesController", "InboxController", "MessageController", "NavController"]

    func canMake(_ className: String?) -> Bool {
        className.map(classes.contains) ?? false
    }

    func canMake(_ className: String?, from payload: Data?) -> Bool {
        canMake(className)
    }

    func canMake(_ className: String?, at identifierPath: [String]) -> Bool {
        canMake(className) && !identifierPath.isEmpty
    }

    /// Whether a payload is one the class can still read.
    func reads(_ payload: Data?, as className: String) -> Bool {
        className != "InboxController" || payload.map { (try? RecordPayload.decode(InboxState.self, from: $0)) != nil } ?? false
    }
}

/// The inbox controller's saved state.
struct InboxState: Codable, Equatable, Sendable {
    var folder: String
    var scroll: Int
}

/// A log that keeps its lines, so that tests can look at them.
final class SnippetLog {
    var lines: [String] = []

    func notice(_ line: String) {
        lines.append(line)
    }
}
