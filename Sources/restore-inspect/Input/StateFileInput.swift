import Foundation
import Restack
import RestackStore

/// Reads a state file from a path, or stdin for `-`, in bounded memory.
enum StateFileInput {
    /// The state file at `path` (`-` for stdin), in either format.
    ///
    /// - Throws: A ``Failure`` naming the file, for a file that cannot be read or is not a state
    ///   (`diff` reads two: the message says which one).
    static func read(_ path: String) throws(Failure) -> RestorationTree {
        let data = try readBytes(path, limit: byteLimit(for: SnapshotStore.Options.commandLine.limits))
        do {
            return try StateFile.decode(data)
        } catch {
            throw Failure(.invalidInput, "invalid state file \(displayName(path)): \(error)")
        }
    }

    /// How messages name the input at `path`: the path, or `from stdin` for `-`.
    static func displayName(_ path: String) -> String {
        path == "-" ? "from stdin" : path
    }

    /// The most bytes a state file may have: generously more than any state within `limits`
    /// takes as JSON, and finite, so that an endless or huge input is refused early.
    ///
    /// Derived from the caps a store would check on saving the state:
    /// - **6 bytes per byte of ``SnapshotStore/Limits/maxSnapshotBytes``**, the bytes of payloads,
    ///   identifiers and class names together. Text costs at most 6 bytes of JSON a byte: a
    ///   control character is written `\u001F`; `"` and `\` take 2 bytes; any other character
    ///   takes its own UTF-8 bytes, or at most 3 per byte where a writer escapes it as `\uXXXX`
    ///   (a 4-byte emoji as a 12-byte surrogate pair). A payload costs 4 bytes of base64 per 3
    ///   bytes, less than text's worst case.
    /// - **512 bytes per record of ``SnapshotStore/Limits/maxRecordCount``**: the keys, quotes,
    ///   `null`s, base64 padding and pretty-printed indentation around one record (an exported
    ///   record takes about 100).
    /// - **64 KiB** for the document around the records.
    ///
    /// With the default caps (1 MiB, 1,000 records): 6,868,992 bytes.
    static func byteLimit(for limits: SnapshotStore.Limits) -> Int {
        saturatingSum([
            saturatingProduct(max(limits.maxSnapshotBytes, 0), 6),
            saturatingProduct(max(limits.maxRecordCount, 0), 512),
            64 * 1024,
        ])
    }

    /// Reads the file at `path` (`-` for stdin) in chunks, refusing it as soon as it passes
    /// `limit` bytes; a regular file larger than that is refused without reading it. Messages
    /// call it a `document` ("state file", "deep-link file").
    static func readBytes(_ path: String, limit: Int, document: String = "state file") throws(Failure) -> Data {
        let name = displayName(path)
        // Non-blocking, so that opening a FIFO with no writer returns at once (it is waited on
        // below, for a bounded time); reads wait for data through `waitUntilReady`.
        let descriptor = path == "-" ? StandardStreams.stdin : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw Failure(.invalidInput, "cannot read \(document) \(name): \(String(cString: strerror(errno)))")
        }
        defer {
            if descriptor != StandardStreams.stdin { close(descriptor) }
        }
        func tooLarge(size: Int64? = nil) -> Failure {
            Failure(.invalidInput, "\(document) \(name) is \(size.map { "\($0) bytes, " } ?? "")over the input limit of "
                + "\(limit) bytes (the most a snapshot within the store's caps can take as JSON); nothing was read beyond it")
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > limit {
            throw tooLarge(size: Int64(status.st_size))
        }
        if descriptor != StandardStreams.stdin && status.st_mode & S_IFMT == S_IFIFO {
            try waitForWriter(descriptor, name: name, document: document)
        }
        var data = Data()
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, chunk) }
            if count > 0 {
                guard data.count + count <= limit else {
                    throw tooLarge()
                }
                data.append(buffer, count: count)
            } else if count == 0 {
                return data
            } else {
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    StandardStreams.waitUntilReady(descriptor, for: Int16(POLLIN))
                case let code:
                    let problem = descriptor == StandardStreams.stdin
                        ? StandardStreams.problem(code, on: descriptor) : String(cString: strerror(code))
                    throw Failure(.invalidInput, "cannot read \(document) \(name): \(problem)")
                }
            }
        }
    }

    /// How long `--input FIFO` waits for a writer to open the FIFO and write, in seconds.
    static let fifoWriterWait: Int32 = 5

    /// Waits, at most ``fifoWriterWait`` seconds, until a writer has opened the FIFO and
    /// written (or closed it): a FIFO that nobody opens for writing would block forever.
    private static func waitForWriter(_ descriptor: Int32, name: String, document: String) throws(Failure) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(TimeInterval(fifoWriterWait))
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let ready = poll(&entry, 1, left)
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 || left == 0 {
                throw Failure(.invalidInput, "\(document) \(name) is a FIFO that no process opened for writing within \(fifoWriterWait) seconds; nothing was read")
            }
            return   // poll failed: the reads below report the problem.
        }
    }

    private static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }

    private static func saturatingSum(_ terms: [Int]) -> Int {
        terms.reduce(0) { total, term in
            let (sum, overflow) = total.addingReportingOverflow(term)
            return overflow ? .max : sum
        }
    }
}
