import Foundation

/// SwiftUI's `NavigationPath.CodableRepresentation` in its JSON form, read into records and
/// written back.
///
/// `NavigationPath.codable` encodes a path as one flat JSON array of strings: for each element, the
/// fully qualified name of its type, then that value's own JSON encoding as a string, **the
/// last-pushed element first**. The path `[1, "foo", CodableItem(x: 2)]` of a module `App` is
///
/// ```json
/// ["App.CodableItem","{\"x\":2}","Swift.String","\"foo\"","Swift.Int","1"]
/// ```
///
/// Apple does not document the form; Restack's tests pin it with encodings recorded by public
/// projects. Decoding such a path with `JSONDecoder` is all or nothing: one element whose type was
/// renamed or whose shape changed fails the whole path. Read through this type instead, each
/// element is a record of its own, so the restorer keeps the valid part and says why it dropped the
/// rest:
///
/// - the path is a tree in the ``RestorationTree/Form/navigationPath`` form: its root is a stack
///   that truncates (``StackAfterDrop/truncate``), since an element cannot show without
///   the ones it was pushed on;
/// - the stack's records are the path's elements **bottom first** (the reverse of the pairs'
///   order);
/// - a record's `className` is the element's type name and its `payload` the value's JSON, the
///   bytes exactly as they stood in the string;
/// - its identifier is its position from the bottom, in decimal (``identifier(at:)``): `"0"` for
///   the first element pushed, `"1"` for the next. Positions are unique in a path and the same
///   from one save to the next for the elements that did not move.
public enum NavigationPathRepresentation {
    /// The identifier of the element at `index` from the bottom of the path (`0` is the first
    /// pushed): the index in decimal.
    public static func identifier(at index: Int) -> String {
        String(index)
    }

    /// Whether a document is in this form: its first character other than JSON whitespace (after
    /// a byte order mark, if any; UTF-16 and UTF-32 are read as the decoder reads them) opens an
    /// array. A state file is an object.
    package static func looksLikeRepresentation(_ data: Data) -> Bool {
        var bytes = ((try? JSONStructureCheck.utf8(data)) ?? data)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
    }

    /// Reads a path's representation into a tree: a truncating stack of its elements, bottom
    /// first.
    ///
    /// - Parameter data: The JSON that `JSONEncoder` wrote for `NavigationPath.codable`.
    /// - Returns: A tree in the ``RestorationTree/Form/navigationPath`` form, one record per
    ///   element, as the type describes.
    /// - Throws: ``StateFileError`` when the document is not JSON, not an array, holds something
    ///   other than strings (naming its index, `[3]`), or has an odd count (naming the string
    ///   left without its value). What a value's JSON holds is not judged here: a value that no
    ///   longer decodes is the resolver's to report, element by element.
    public static func decode(_ data: Data) throws(StateFileError) -> RestorationTree {
        let strings = try JSONStructureCheck.decode(PathStrings.self, from: data, document: "a NavigationPath representation").strings
        guard strings.count.isMultiple(of: 2) else {
            throw StateFileError(
                path: "[\(strings.count - 1)]",
                problem: "a type name with no value after it: a NavigationPath representation pairs each type name with its value's JSON, so it holds an even count of strings, and this one holds \(strings.count)"
            )
        }
        let count = strings.count / 2
        var records: [RestorationRecord] = []
        records.reserveCapacity(count)
        // The pairs run from the top of the path down; records run from the bottom up.
        for index in 0..<count {
            let pair = 2 * (count - 1 - index)
            records.append(RestorationRecord(
                identifier: identifier(at: index),
                className: strings[pair],
                payload: Data(strings[pair + 1].utf8)
            ))
        }
        return .navigationPath(records)
    }

    /// Writes records, bottom first, as a path's representation that `NavigationPath(_:)` reads:
    /// a plan's restored stack (`plan.restoredRecords`, or its root's children), or the records
    /// of a tree in the ``RestorationTree/Form/navigationPath`` form.
    ///
    /// The array is written as `JSONEncoder` writes an array of strings with its default settings
    /// (one line, no whitespace), so a path read by ``decode(_:)`` and restored whole is written
    /// back byte for byte.
    ///
    /// - Parameter records: The path's elements, bottom first: each with a class (the type name)
    ///   and a payload that is UTF-8 text (the value's JSON). Identifiers and containers are not
    ///   part of the form.
    /// - Throws: ``StateFileError`` naming the record (`records[2]`) that has no class, no
    ///   payload, or a payload that is not UTF-8 text.
    public static func encode(_ records: [RestorationRecord]) throws(StateFileError) -> Data {
        var strings: [String] = []
        strings.reserveCapacity(2 * records.count)
        for (index, record) in records.enumerated().reversed() {
            guard let type = record.className else {
                throw StateFileError(path: "records[\(index)]", problem: "no class: a NavigationPath element needs its type name")
            }
            guard let payload = record.payload else {
                throw StateFileError(path: "records[\(index)]", problem: "no payload: a NavigationPath element needs its value's JSON")
            }
            // `String(validating:as:)` needs iOS 18 / macOS 15: decode, and compare the bytes.
            let value = String(decoding: payload, as: UTF8.self)
            guard value.utf8.elementsEqual(payload) else {
                throw StateFileError(path: "records[\(index)]", problem: "the payload is not UTF-8 text, so it is not a value's JSON")
            }
            strings.append(type)
            strings.append(value)
        }
        // An array of strings always encodes.
        return try! JSONEncoder().encode(strings)
    }
}

/// The top level of a path's representation: an array of strings, each refused by its index when
/// it is not one.
private struct PathStrings: Decodable {
    var strings: [String] = []

    init(from decoder: any Decoder) throws {
        guard var array = try? decoder.unkeyedContainer() else {
            throw StateFileError(path: "", problem: "expected an array of strings (a NavigationPath representation)")
        }
        if let count = array.count {
            strings.reserveCapacity(count)
        }
        while !array.isAtEnd {
            let index = array.currentIndex
            guard let string = try? array.decode(String.self) else {
                throw StateFileError(path: "[\(index)]", problem: "expected a string (a type name or a value's JSON)")
            }
            strings.append(string)
        }
    }
}
