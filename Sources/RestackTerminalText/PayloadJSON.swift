import Foundation
import Restack

/// A record's payload shown as the JSON it holds: a typed route saved by `RouteCoding`, or any
/// `Codable` payload made by `RecordPayload`, is readable where the inspector lists its record
/// (`"0" MailApp.Screen {"mailbox":{"_0":"INBOX"}}` instead of `26 bytes`).
///
/// A payload is shown as JSON only when it is exactly `RecordPayload`'s documented encoding of a
/// JSON value: it decodes as one (strictly: no duplicate key, bounded nesting) and encoding that
/// value again gives the same bytes (compact, keys sorted, `/` not escaped). Any other payload
/// (bytes, text, JSON written another way) is shown by its size, as before: the JSON shown is the
/// payload itself, byte for byte, and the value in `--json` is the one it holds.
package enum PayloadJSON {
    /// The most columns of JSON a row of text or a picture shows; longer JSON is cut, with `…`
    /// and its size after it.
    package static let maxColumns = 60

    /// A JSON value.
    package indirect enum Value: Codable, Equatable, Sendable {
        case null
        case bool(Bool)
        case integer(Int64)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        package init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                var elements: [Value] = []
                while !array.isAtEnd {
                    elements.append(try array.decode(Value.self))
                }
                self = .array(elements)
                return
            }
            if let object = try? decoder.container(keyedBy: Key.self) {
                var members: [String: Value] = [:]
                for key in object.allKeys {
                    members[key.stringValue] = try object.decode(Value.self, forKey: key)
                }
                self = .object(members)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? single.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            switch self {
            case .null:
                var single = encoder.singleValueContainer()
                try single.encodeNil()
            case .bool(let value):
                var single = encoder.singleValueContainer()
                try single.encode(value)
            case .integer(let value):
                var single = encoder.singleValueContainer()
                try single.encode(value)
            case .number(let value):
                var single = encoder.singleValueContainer()
                try single.encode(value)
            case .string(let value):
                var single = encoder.singleValueContainer()
                try single.encode(value)
            case .array(let elements):
                var array = encoder.unkeyedContainer()
                for element in elements {
                    try array.encode(element)
                }
            case .object(let members):
                var object = encoder.container(keyedBy: Key.self)
                for (key, value) in members {
                    try object.encode(value, forKey: Key(key))
                }
            }
        }

        /// Any member name.
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }

            init(_ string: String) {
                stringValue = string
            }

            init?(stringValue: String) {
                self.stringValue = stringValue
            }

            init?(intValue: Int) {
                nil
            }
        }
    }

    /// The JSON value `payload` holds, when it is exactly `RecordPayload`'s encoding of it; `nil`
    /// for no payload and for any other bytes.
    package static func value(of payload: Data?) -> Value? {
        // The first byte of a JSON value as RecordPayload writes it: no whitespace, no byte-order
        // mark. Anything else is not decoded at all.
        guard let payload, let first = payload.first, Self.starts.contains(first),
              let value = try? RecordPayload.decode(Value.self, from: payload),
              let again = try? RecordPayload.encode(value), again == payload else { return nil }
        return value
    }

    /// The payload's JSON text, when it holds a JSON value in `RecordPayload`'s encoding.
    package static func text(of payload: Data?) -> String? {
        guard let payload, value(of: payload) != nil else { return nil }
        return String(decoding: payload, as: UTF8.self)
    }

    /// The payload's JSON as a row shows it: on one line (``Text/oneLine(_:)``), and when longer
    /// than ``maxColumns`` columns cut there, with `…` and the payload's size
    /// (`{"subject":"Re: the quarterly…` `(312 bytes)`); `nil` when it is not such JSON.
    package static func cell(_ payload: Data?) -> String? {
        guard let payload, let text = text(of: payload) else { return nil }
        let shown = Text.oneLine(text)
        guard TerminalWidth.columns(shown) > maxColumns else { return shown }
        // Cut between characters of the JSON, never inside the escape of one.
        var cut = ""
        var columns = 0
        for character in text {
            let escaped = Text.oneLine(String(character))
            let width = TerminalWidth.columns(escaped)
            if columns + width > maxColumns - 1 { break }
            cut += escaped
            columns += width
        }
        return cut + "… (\(payload.count) bytes)"
    }

    /// `{`, `[`, `"`, `-`, the digits, and `t`, `f`, `n` (true, false, null).
    private static let starts = Set("{[\"-0123456789tfn".utf8)
}
