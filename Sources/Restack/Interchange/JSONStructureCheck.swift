import Foundation

/// A single pass over a JSON document's bytes, before any parser sees it, that refuses what
/// `JSONDecoder` would accept silently or could not survive:
///
/// - a duplicate key in any object (`JSONDecoder` keeps the last one: data lost without a word).
///   Keys are compared after unescaping, so `"a"` and `"\u0061"` are the same key;
/// - nesting deeper than ``maxDepth`` arrays and objects (a parser that recurses could overflow
///   the stack on `[[[[...`);
/// - a comma with no value after it (`[1,]`, `{"a":1,}`) or before it (`[,1]`), which
///   `JSONDecoder` accepts though JSON does not.
///
/// The scan is iterative and uses memory proportional to the nesting depth and the keys of the
/// open objects. It does not validate the rest of the grammar: the decoder that runs next does.
/// A structural mismatch it meets (a `]` closing an object) is reported as invalid JSON.
enum JSONStructureCheck {
    /// Decodes a document strictly, the one way every JSON document of this package is read:
    /// transcoded to UTF-8, scanned by ``check(_:)``, then decoded, every failure a
    /// ``StateFileError`` naming the place (or, for anything else, `"not <document>: ..."`).
    static func decode<Document: Decodable>(_ type: Document.Type, from data: Data, document: String) throws(StateFileError) -> Document {
        let data = try utf8(data)
        try check(data)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as StateFileError {
            throw error
        } catch let error as DecodingError {
            throw StateFileError(error)
        } catch {
            throw StateFileError(path: "", problem: "not \(document): \(error)")
        }
    }

    /// The deepest nesting of arrays and objects accepted: room for
    /// ``RestorationTree/maxContainerDepth`` containers (three levels each: the container, a slot
    /// array, a record) and the document around them.
    static let maxDepth = 3 * RestorationTree.maxContainerDepth + 8

    /// One open array or object.
    private struct Frame {
        var isObject: Bool
        /// The keys seen so far (unescaped UTF-8), for an object.
        var keys: Set<[UInt8]> = []
        /// The most recent key, which names the child being read, for an object.
        var currentKey = ""
        /// The index of the element being read, for an array.
        var index = 0
        /// Whether the next string in this object is a key.
        var expectsKey = true
    }

    /// The document as UTF-8. `JSONDecoder` also reads UTF-16 and UTF-32 (told apart by a byte
    /// order mark or by the zero bytes around the first characters, as RFC 4627 describes);
    /// such a document is transcoded first, so that the scan sees the characters the decoder
    /// will see. UTF-8 is returned as it is.
    static func utf8(_ data: Data) throws(StateFileError) -> Data {
        let head = [UInt8](data.prefix(4)) + [1, 1, 1, 1]   // padding: never mistaken for a zero byte
        let encoding: String.Encoding
        switch (head[0], head[1], head[2], head[3]) {
        case (0, 0, 0xFE, 0xFF), (0, 0, 0, _): encoding = .utf32BigEndian
        case (0xFF, 0xFE, 0, 0), (_, 0, 0, 0): encoding = .utf32LittleEndian
        case (0xFE, 0xFF, _, _), (0, _, _, _): encoding = .utf16BigEndian
        case (0xFF, 0xFE, _, _), (_, 0, _, _): encoding = .utf16LittleEndian
        default: return data
        }
        var body = data
        let bom: [UInt8] = switch encoding {
        case .utf32BigEndian: [0, 0, 0xFE, 0xFF]
        case .utf32LittleEndian: [0xFF, 0xFE, 0, 0]
        case .utf16BigEndian: [0xFE, 0xFF]
        default: [0xFF, 0xFE]
        }
        if body.starts(with: bom) {
            body.removeFirst(bom.count)
        }
        // Foundation drops a trailing partial code unit without a word: a byte lost.
        let unit = encoding == .utf32BigEndian || encoding == .utf32LittleEndian ? 4 : 2
        guard body.count.isMultiple(of: unit), let text = String(data: body, encoding: encoding) else {
            throw StateFileError(path: "", problem: "not valid JSON (not valid UTF-8, UTF-16 or UTF-32 text)")
        }
        return Data(text.utf8)
    }

    /// Throws the first duplicate key or excess of nesting, naming its place as the decoder's
    /// messages do (`root.primary[1]`). `data` is UTF-8 (see ``utf8(_:)``); a control
    /// character inside a string, which JSON forbids, is reported as invalid JSON.
    static func check(_ data: Data) throws(StateFileError) {
        let bytes = [UInt8](data)
        var frames: [Frame] = []
        var position = 0
        // The last byte outside strings and whitespace: a `,` may follow no `{`, `[` or `,`, and
        // no `}` or `]` may follow a `,`.
        var previous: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
                continue
            }
            let closes = byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            if (closes && previous == UInt8(ascii: ","))
                || (byte == UInt8(ascii: ",") && [UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"), 0].contains(previous)) {
                throw StateFileError(path: path(of: frames), problem: "not valid JSON (a comma with no value \(closes ? "after" : "before") it, at byte \(position))")
            }
            previous = byte
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if frames.count >= maxDepth {
                    throw StateFileError(
                        path: path(of: frames),
                        problem: "nested deeper than \(maxDepth) arrays and objects (a state holds at most \(RestorationTree.maxContainerDepth) nested containers)"
                    )
                }
                frames.append(Frame(isObject: byte == UInt8(ascii: "{")))
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let top = frames.popLast(), top.isObject == (byte == UInt8(ascii: "}")) else {
                    throw StateFileError(path: "", problem: "not valid JSON (unexpected \"\(Character(Unicode.Scalar(byte)))\" at byte \(position))")
                }
                position += 1
            case UInt8(ascii: ","):
                if let last = frames.indices.last {
                    if frames[last].isObject {
                        frames[last].expectsKey = true
                    } else {
                        frames[last].index += 1
                    }
                }
                position += 1
            case UInt8(ascii: "\""):
                let (string, end) = try readString(bytes, from: position + 1)
                position = end
                guard let last = frames.indices.last, frames[last].isObject, frames[last].expectsKey else { continue }
                frames[last].expectsKey = false
                if !frames[last].keys.insert(string).inserted {
                    throw StateFileError(path: path(of: frames), problem: "duplicate key \(quoted(string))")
                }
                frames[last].currentKey = String(decoding: string, as: UTF8.self)
            default:
                position += 1
            }
        }
    }

    /// The place of the innermost open value, as `root.primary[1]`.
    private static func path(of frames: [Frame]) -> String {
        var result = ""
        for (parent, _) in zip(frames, frames.dropFirst()) {
            if parent.isObject {
                result += result.isEmpty ? parent.currentKey : ".\(parent.currentKey)"
            } else {
                result += "[\(parent.index)]"
            }
        }
        return result
    }

    /// A key for a message: quoted, with control characters escaped.
    private static func quoted(_ key: [UInt8]) -> String {
        String(reflecting: String(decoding: key, as: UTF8.self))
    }

    /// Reads a string whose opening quote is just before `start`; returns its unescaped UTF-8
    /// bytes and the position after the closing quote (or the end of the data).
    ///
    /// `\uXXXX` escapes are decoded, surrogate pairs combined; a lone surrogate is kept in its
    /// generalized UTF-8 form, so that it equals only itself. An invalid escape is kept as
    /// written: the decoder rejects the document anyway.
    private static func readString(_ bytes: [UInt8], from start: Int) throws(StateFileError) -> ([UInt8], Int) {
        var result: [UInt8] = []
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                return (result, position + 1)
            }
            if byte < 0x20 {
                throw StateFileError(path: "", problem: "not valid JSON (a control character inside a string at byte \(position))")
            }
            guard byte == UInt8(ascii: "\\"), position + 1 < bytes.count else {
                result.append(byte)
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hex4(bytes, at: position) else {
                    result += [UInt8(ascii: "\\"), escape]
                    continue
                }
                position += 4
                if (0xD800..<0xDC00).contains(unit), bytes.count > position + 1,
                   bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                   let low = hex4(bytes, at: position + 2), (0xDC00..<0xE000).contains(low) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                appendUTF8(unit, to: &result)
            default:
                result.append(escape)   // \" \\ \/, or an invalid escape the decoder will refuse
            }
        }
        return (result, position)
    }

    private static func hex4(_ bytes: [UInt8], at position: Int) -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Appends a code point (a lone surrogate included) in (generalized) UTF-8.
    private static func appendUTF8(_ value: UInt32, to result: inout [UInt8]) {
        switch value {
        case ..<0x80:
            result.append(UInt8(value))
        case ..<0x800:
            result += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case ..<0x10000:
            result += [UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            result += [UInt8(0xF0 | value >> 18), UInt8(0x80 | value >> 12 & 0x3F), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
        }
    }
}
