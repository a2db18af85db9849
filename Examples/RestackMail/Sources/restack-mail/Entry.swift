import ArgumentParser
import Foundation

/// Runs the app, and formats every failure as `restore-inspect` does: one line on stderr,
/// `restack-mail: error: ...`, control characters escaped; a usage error (64) says where to look.
@main
enum Entry {
    static func main() async {
        do {
            let command = try RestackMail.parse()
            let status = try await command.launch()
            exit(status)
        } catch let failure as StoreFailure {
            // A store the app cannot use: exit status 1, no usage text.
            line("restack-mail: error: " + Escaping.escaped(failure.description))
            exit(1)
        } catch {
            let code = RestackMail.exitCode(for: error)
            guard code != .success else {
                // --help and --version: as ArgumentParser formats them.
                print(RestackMail.fullMessage(for: error))
                exit(code.rawValue)
            }
            var message = RestackMail.message(for: error)
            while message.last?.isWhitespace == true { message.removeLast() }
            line("restack-mail: error: \(Escaping.escaped(message.isEmpty ? "invalid usage" : message)) (see restack-mail --help)")
            exit(code.rawValue)
        }
    }

    /// Writes a line on stderr.
    static func line(_ text: String) {
        Terminal.write(text + "\n", to: STDERR_FILENO)
    }
}
