import Foundation
import GRDB
import Restack

// libFuzzer target for the store's own binary format (issue 38): a snapshot's structure as
// `restack_snapshot.tree` holds it (`TreeBlob`), decoded, then read as a restore reads it and
// judged as `check` judges it. Compiled with the RestackStore module's sources into one binary
// (see Fuzz/run.sh, target tree-blob), so this file is part of that module. Every broken
// invariant is a crash, which libFuzzer saves as a reproducer.
//
// An input is a shape byte (modulo 3: tree, drillDown, navigationPath), then a tree's bytes.

@_cdecl("LLVMFuzzerTestOneInput")
public func restackTreeBlobFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    TreeBlobFuzz.check(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// With `RESTACK_FUZZ_SEEDS=FOLDER`, writes the seed corpus there instead of fuzzing: the tree of
/// every snapshot of the fixture, a real tree each (`bash Fuzz/run.sh --seeds` rewrites
/// Fuzz/corpus/tree-blob).
@_cdecl("LLVMFuzzerInitialize")
public func restackTreeBlobFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["RESTACK_FUZZ_SEEDS"] {
        TreeBlobFuzz.writeSeeds(to: folder)
        exit(0)
    }
    _ = TreeBlobFuzz.fixture
    return 0
}

enum TreeBlobFuzz {
    static func require(_ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
        if !condition() { fatalError("invariant broken: \(what())") }
    }

    static let shapes: [DocumentRows.Shape] = [.tree, .drillDown, .navigationPath]

    /// The store the inputs are judged in: the state of every restoration case saved (real trees
    /// whose values the inputs may name, each case its own session), then the snapshot whose tree
    /// each input replaces, alone in its session.
    static let fixture: (store: SnapshotStore, snapshot: Int64) = {
        let limits = SnapshotStore.Limits(maxPayloadBytes: 1 << 20, maxSnapshotBytes: 1 << 24, maxRecordCount: 100_000,
                                          maxContainerDepth: RestorationTree.maxContainerDepth)
        do {
            let store = try SnapshotStore.inMemory(options: .init(limits: limits))
            let cases = try FileManager.default.contentsOfDirectory(atPath: casesFolder).filter { $0.hasSuffix(".json") }.sorted()
            for name in cases {
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: casesFolder + "/" + name)))
                guard let state = (json as? [String: Any])?["state"] else { continue }
                let tree = try StateFile.decode(JSONSerialization.data(withJSONObject: state))
                try store.save(tree, session: name)
            }
            let judged = try store.save(.drillDown(left: []), session: "judged")
            return (store, judged.id)
        } catch {
            fatalError("the fixture could not be made: \(error)")
        }
    }()

    /// The restoration cases, from the package's root (where Fuzz/run.sh runs).
    static let casesFolder = "Tests/RestorationCases"

    static func writeSeeds(to folder: String) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let rows = try fixture.store.database.read { db in
                try Row.fetchAll(db, sql: "SELECT ss.name, s.shape, s.tree FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id WHERE s.id != ?",
                                 arguments: [fixture.snapshot])
            }
            for row in rows {
                let name: String = row[0], shape: String = row[1], tree: Data = row[2]
                let byte = UInt8(shapes.firstIndex { $0.rawValue == shape } ?? 0)
                try Data([byte] + tree).write(to: URL(fileURLWithPath: folder + "/" + name.replacingOccurrences(of: ".json", with: "")))
            }
        } catch {
            fatalError("the seeds could not be written: \(error)")
        }
    }

    /// The invariants on one input: the decoder never traps, and a tree it accepts is written back
    /// as bytes that read as the same tree (and are written again the same); reading the snapshot
    /// gives a tree or `.corrupt`, never another error or a trap; `check` reports a problem of the
    /// snapshot exactly when reading it fails; a tree that reads is saved and read back as itself.
    static func check(_ data: Data) {
        guard let shapeByte = data.first else { return }
        let shape = shapes[Int(shapeByte) % shapes.count]
        let bytes = Data(data.dropFirst())
        let blob = try? TreeBlob(decoding: bytes)
        if let blob {
            let encoded = blob.encoded
            guard let again = try? TreeBlob(decoding: encoded) else {
                fatalError("invariant broken: a tree that decodes is encoded as bytes that do not decode")
            }
            require(again == blob, "a tree decoded, encoded and decoded again is the same tree")
            require(again.encoded == encoded, "a tree encoded, decoded and encoded again gives the same bytes")
        }
        let (store, id) = fixture
        do {
            try store.database.write { db in
                try db.execute(sql: "UPDATE restack_snapshot SET tree = ?, shape = ?, record_count = ?, format_version = ? WHERE id = ?",
                               arguments: [bytes, shape.rawValue, blob?.records.count ?? 0, shape == .drillDown ? 1 : 2, id])
            }
        } catch {
            fatalError("the input could not be stored: \(error)")
        }
        let read: Result<StoredSnapshot, StoreError>
        do {
            read = .success(try store.snapshot(id: id))
        } catch {
            read = .failure(error)
        }
        let problems: [String]
        do {
            problems = try store.check().problems.filter { $0.hasPrefix("restack_snapshot.") && $0.contains("of snapshot \(id):") }
        } catch {
            fatalError("invariant broken: check threw \(error)")
        }
        switch read {
        case .success(let snapshot):
            require(blob != nil, "a tree that does not decode is not read")
            require(problems.isEmpty, "check reports nothing of a snapshot that reads, reported \(problems)")
            do {
                let saved = try store.save(snapshot.tree, session: "again")
                let reread = try store.snapshot(id: saved.id).tree
                require(reread == snapshot.tree, "a tree read, saved and read again is the same tree")
                try store.deleteSession("again")
            } catch {
                fatalError("invariant broken: a tree read could not be saved and read again: \(error)")
            }
        case .failure(let error):
            guard case .corrupt = error else {
                fatalError("invariant broken: reading a damaged tree threw \(error), not .corrupt")
            }
            require(!problems.isEmpty, "check reports a snapshot that does not read (\(error))")
        }
    }
}
