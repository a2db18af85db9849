import ArgumentParser
import Foundation
import RestackTerminalText

/// Runs the command and turns every failure into one line on stderr and a documented exit code.
@main
enum Entry {
    static func main() {
        // Before anything can write or open a file: SIGPIPE ignored, closed streams held.
        StandardStreams.prepare()
        refuseArgumentsThatAreNotUTF8()
        do {
            var command = try RestoreInspect.parseAsRoot()
            try command.run()
        } catch {
            if let failure = Failure(error) {
                failure.exit()
            }
            let code = RestoreInspect.exitCode(for: error)
            guard code != .success else {
                // --help and the like: printed as ArgumentParser formats them, but through the
                // checked writer, so that help lost to a closed stdout is not a success.
                let text = RestoreInspect.fullMessage(for: error)
                do throws(OutputError) {
                    if !text.isEmpty {
                        try Stdout.line(text)
                    }
                } catch {
                    Failure(error)?.exit()
                }
                exit(code.rawValue)
            }
            // A usage error (64): ArgumentParser's message, which echoes the user's words, on one
            // line (a value with a newline is escaped, not cut), and where to look.
            var message = RestoreInspect.message(for: error)
            while message.last?.isWhitespace == true {
                message.removeLast()
            }
            Stderr.line("restore-inspect: error: \(Text.oneLine(message.isEmpty ? "invalid usage" : message)) (see restore-inspect --help)")
            exit(code.rawValue)
        }
    }

    /// A path is bytes on Linux, but Swift reads each argument as UTF-8, repairing invalid
    /// bytes into U+FFFD: `bad\xFF.sqlite` would open, or create, `bad\u{FFFD}.sqlite`, another
    /// file. An argument that is not valid UTF-8 is a usage error (64), before anything is
    /// opened.
    private static func refuseArgumentsThatAreNotUTF8() {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            let shown = String(decoding: bytes, as: UTF8.self)
            if !shown.utf8.elementsEqual(bytes) {
                Stderr.line("restore-inspect: error: argument \(index) (\(Text.oneLine(shown))) is not valid UTF-8; "
                    + "Restack takes paths and names as UTF-8 text, and would otherwise open another file (see restore-inspect --help)")
                exit(64)
            }
        }
    }
}
