import Foundation
import Restack

/// The "JSON file" baseline: what most apps do. The state is encoded with JSONEncoder and
/// written to one file per session with an atomic replace (write a temporary file, rename it over
/// the old one); a restore reads it back with JSONDecoder. With `fsync`, the file and its folder
/// are synced before a save returns, which is the durability of Restack's `.full`. A tree that is
/// not a drill-down is written as Restack's own state file (``StateFile``), without whitespace.
struct JSONFileStore: BenchSubject {
    let name: String
    let folder: URL
    let fsync: Bool

    struct Document: Codable {
        struct Record: Codable {
            var identifier: String?
            var className: String?
            var payload: Data?
        }
        var formatVersion: Int
        var savedAt: Date
        var left: [Record]
        var right: Record?
    }

    init(name: String, folder: URL, fsync: Bool) throws {
        self.name = name
        self.folder = folder
        self.fsync = fsync
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func url(_ session: String) -> URL {
        folder.appendingPathComponent(session.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? session).appendingPathExtension("json")
    }

    /// The file's bytes: a drill-down as `Document`, any other tree as a compact state file.
    static func encode(_ state: RestorationTree) throws -> Data {
        guard state.form == .drillDown, let root = state.drillDown else {
            let object = try JSONSerialization.jsonObject(with: StateFile.encode(state))
            return try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
        }
        func record(_ r: RestorationRecord) -> Document.Record { .init(identifier: r.identifier, className: r.className, payload: r.payload) }
        let document = Document(formatVersion: state.formatVersion, savedAt: Date(), left: root.left.map(record), right: root.right.map(record))
        return try JSONEncoder().encode(document)
    }

    func save(_ state: RestorationTree, session: String) throws {
        let data = try Self.encode(state)
        let target = url(session)
        let temporary = target.appendingPathExtension("tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if fsync { _ = Foundation.fsync(descriptor) }
        close(descriptor)
        guard written == data.count, rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        if fsync {
            let directory = open(folder.path, O_RDONLY)
            _ = Foundation.fsync(directory)
            close(directory)
        }
    }

    func restore(session: String) throws -> Int {
        let data = try Data(contentsOf: url(session))
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            return Restorer.plan(try StateFile.decode(data)).restoredCount
        }
        func record(_ r: Document.Record) -> RestorationRecord { .init(identifier: r.identifier, className: r.className, payload: r.payload) }
        let plan = Restorer.plan(.drillDown(formatVersion: document.formatVersion, left: document.left.map(record), right: document.right.map(record)))
        return plan.drillDownCount
    }
}
