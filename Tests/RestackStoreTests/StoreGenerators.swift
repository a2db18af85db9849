import Foundation
import PropertyBased
import Restack

/// Random states and session names, as in the restorer's property tests.
enum StoreGenerators {
    /// Any Unicode: the BMP below the surrogates (NUL included) and the astral planes.
    static let text = zip(
        Gen.unicodeScalar(in: "\u{0}"..."\u{D7FF}").map(Character.init).string(of: 0...12),
        Gen.unicodeScalar(in: "\u{10000}"..."\u{10FFFF}").map(Character.init).string(of: 0...4)
    ).map { $0 + $1 }

    static let optionalText = zip(Gen.int(in: 0...5), text).map { kind, text -> String? in
        switch kind {
        case 0: nil
        case 1: ""
        case 2: " "
        case 3: "dup"
        default: text
        }
    }

    static let payload = zip(Gen.int(in: 0...3), Gen<UInt8>.value(in: 0...255).array(of: 0...600)).map { kind, bytes -> Data? in
        kind == 0 ? nil : kind == 1 ? Data() : Data(bytes)
    }

    static let record = zip(optionalText, optionalText, payload).map {
        RestorationRecord(identifier: $0, className: $1, payload: $2)
    }

    static let state = zip(record.array(of: 0...10), record, Gen.bool(0.5), Gen.int(in: 1...3)).map { left, right, hasRight, version in
        RestorationTree.drillDown(formatVersion: version, left: left, right: hasRight ? right : nil)
    }

    static let sessionName = text

    /// `tree` with the last byte of every payload that has one changed: the next save of a
    /// session whose records differ from its previous snapshot's there only, which a save that
    /// shares unchanged records must tell apart (a random payload rarely differs so little).
    static func lastBytesChanged(_ tree: RestorationTree) -> RestorationTree {
        var changed = tree
        changed.root = lastBytesChanged(tree.root)
        return changed
    }

    static func lastBytesChanged(_ container: RestorationContainer) -> RestorationContainer {
        container.map { (record: RestorationRecord) -> RestorationRecord in
            var changed = record
            if var payload = record.payload, let last = payload.indices.last {
                payload[last] ^= 0x5A
                changed.payload = payload
            }
            changed.container = record.container.map(lastBytesChanged)
            return changed
        }
    }
}
