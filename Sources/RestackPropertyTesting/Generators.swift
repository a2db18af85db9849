import Foundation
import PropertyBased
import Restack

/// Random states for property tests: unicode, empty, whitespace and duplicate identifiers,
/// missing class names, and payloads (empty ones included). Shared by the test targets; not
/// part of Restack's API.
public enum Generators {
    /// Identifiers drawn so that nil, empty, whitespace and duplicates are common: a few fixed
    /// values (two of them canonically equivalent but different bytes) and random Unicode.
    public static let identifier = zip(
        Gen.int(in: 0...9),
        Gen.unicodeScalar(in: "\u{0}"..."\u{10FF}").map(Character.init).string(of: 0...12),
        Gen.unicodeScalar(in: "\u{1F300}"..."\u{1F6FF}").map(Character.init).string(of: 1...4)
    ).map { kind, text, emoji -> String? in
        switch kind {
        case 0: nil
        case 1: ""
        case 2: [" ", "\t", "  \n"][text.count % 3]
        case 3: "a"
        case 4: "inbox"
        case 5: "caf\u{E9}"
        case 6: "cafe\u{301}"
        case 7: emoji
        default: text
        }
    }

    public static let className = Gen.int(in: 0...4).map { kind -> String? in
        [nil, "InboxController", "MessageController", "GoneController", "Caf\u{E9}\u{0}Controller"][kind]
    }

    public static let payload = zip(Gen.int(in: 0...5), Gen<UInt8>.value(in: 0...255).array(of: 0...300)).map { kind, bytes -> Data? in
        switch kind {
        case 0, 1: nil
        case 2: Data()
        default: Data(bytes)
        }
    }

    public static let record = zip(identifier, className, payload).map { id, cls, bytes in
        RestorationRecord(identifier: id, className: cls, payload: bytes)
    }

    public static let state = zip(record.array(of: 0...8), record, Gen.bool(0.6)).map { left, right, hasRight in
        RestorationTree.drillDown(left: left, right: hasRight ? right : nil)
    }
}
