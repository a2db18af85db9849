import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// A failure the user can act on: one line for stderr and a documented exit code.
struct Failure: Error, Equatable {
    /// The exit codes, as documented in the README and `restore-inspect --help`.
    enum Code: Int32 {
        case invalidInput = 65
        case storeMissing = 66
        case notFound = 67
        case storeUnreadable = 68
        case newerSchema = 69
        case cannotWrite = 73
        /// stdout could not be written (closed, full, a broken pipe). The command's work is
        /// done: a store it writes to was written; only its report was lost.
        case outputFailed = 74
        /// Not available now: locked by another process past the busy timeout, or protected
        /// while the device is locked. Try again.
        case locked = 75
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The failure for one of ours or a library error, or `nil` for errors ArgumentParser
    /// reports itself.
    init?(_ error: any Error) {
        switch error {
        case let failure as Failure:
            self = failure
        case let error as StoreError:
            self.init(Self.code(for: error), error.description)
        case let error as StateFileError:
            self.init(.invalidInput, "invalid state file: \(error)")
        case let error as OutputError:
            self.init(.outputFailed, "the output could not be written: \(error)")
        default:
            return nil
        }
    }

    static func code(for error: StoreError) -> Code {
        switch error {
        case .fileNotFound, .directoryNotFound, .isDirectory, .pathTooLong:
            .storeMissing
        case .sessionNotFound, .snapshotNotFound, .noRestorableSnapshot:
            .notFound
        case .limitExceeded, .invalidExpiry, .emptyOwner:
            .invalidInput
        case .notADatabase, .corrupt, .foreignDatabase, .outdatedSchema, .cannotOpen, .hardLinked, .database, .interruptedWrite:
            .storeUnreadable
        case .closed:
            // A store closed before the command is done with it: never, short of a defect.
            .storeUnreadable
        case .locked, .unavailable:
            // Both pass: another process's lock is released, a locked device is unlocked.
            .locked
        case .newerSchema:
            .newerSchema
        case .readOnly, .diskFull:
            .cannotWrite
        }
    }

    /// Prints the message on stderr, on one line whatever it echoes, and exits with the code.
    func exit() -> Never {
        Stderr.line("restore-inspect: error: " + Text.oneLine(message))
        Foundation.exit(code.rawValue)
    }
}

extension Failure {
    /// Prints the report of a change already made (a snapshot saved, a quarantine lifted). If
    /// the report cannot be written, the failure (74) says that the change was made all the same,
    /// so that nobody retries a save that happened: `"<done>, but the report could not be written:
    /// stdout is closed"`.
    static func reporting(_ done: @autoclosure () -> String, _ report: () throws(OutputError) -> Void) throws(Failure) {
        do {
            try report()
        } catch {
            throw Failure(.outputFailed, "\(done()), but the report could not be written: \(error)")
        }
    }
}
