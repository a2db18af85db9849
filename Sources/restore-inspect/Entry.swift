import ArgumentParser
import Foundation

/// Runs the command and turns every failure into one line on stderr and a documented exit code.
@main
enum Entry {
    static func main() {
        do {
            var command = try RestoreInspect.parseAsRoot()
            try command.run()
        } catch {
            if let failure = Failure(error) {
                failure.exit()
            }
            let code = RestoreInspect.exitCode(for: error)
            guard code != .success else {
                // --help and --version print as ArgumentParser formats them.
                RestoreInspect.exit(withError: error)
            }
            // A usage error (64): its first line, and where to look.
            let message = RestoreInspect.message(for: error)
                .split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "invalid usage"
            FileHandle.standardError.write(Data("restore-inspect: error: \(message) (see restore-inspect --help)\n".utf8))
            exit(code.rawValue)
        }
    }
}
