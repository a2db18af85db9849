import Foundation
import Restack
import RestackStore

/// Reads a deep-link file (`plan --deep-link`) from a path, or stdin for `-`, within the same
/// byte limit as a state file.
enum DeepLinkInput {
    /// The deep link in the file at `path`; any problem is an invalid-input failure (65) that
    /// names the file and the place in it.
    static func read(_ path: String) throws(Failure) -> DeepLink {
        let data = try StateFileInput.readBytes(path, limit: StateFileInput.byteLimit(for: SnapshotStore.Options.commandLine.limits),
                                                document: "deep-link file")
        do {
            return try DeepLink.decode(data)
        } catch {
            throw Failure(.invalidInput, "invalid deep-link file \(path == "-" ? "from stdin" : path): \(error)")
        }
    }
}
