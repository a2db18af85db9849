import Foundation

/// Reads and writes drill-down states as JSON state files, the format `restore-inspect` imports
/// and exports.
///
/// ```json
/// { "formatVersion": 1,
///   "left":  [ {"identifier": "inbox", "class": "InboxController", "payload": "aGVsbG8="},
///              {"identifier": null, "class": "ComposeController"} ],
///   "right": {"identifier": "message-42", "class": "MessageController"} }
/// ```
///
/// `formatVersion` is a required whole number, 1 or more. `left` is required and may be empty.
/// `right` is an object, `null` or absent. In a record, `identifier` and `class` are strings,
/// `null` or absent, and `payload` is base64 or absent. Any other key, or a value of the wrong
/// type, is a ``StateFileError`` that says where the problem is.
///
/// Encoding is deterministic (sorted keys, explicit `null`s), so decoding then encoding a file
/// this type wrote gives the same bytes.
public enum StateFile {
    /// Decodes a state file.
    ///
    /// - Parameter data: The file's bytes (UTF-8 JSON).
    /// - Returns: The state, records exactly as written.
    /// - Throws: ``StateFileError`` naming the first problem found.
    public static func decode(_ data: Data) throws(StateFileError) -> DrillDownState {
        do {
            let document = try JSONDecoder().decode(StateDocument.self, from: data)
            return document.state
        } catch let error as StateFileError {
            throw error
        } catch let error as DecodingError {
            throw StateFileError(error)
        } catch {
            throw StateFileError(path: "", problem: "not a state file: \(error)")
        }
    }

    /// Encodes a state as a pretty-printed state file with sorted keys.
    ///
    /// - Parameter state: The state to write.
    /// - Returns: UTF-8 JSON, ending with a newline.
    public static func encode(_ state: DrillDownState) -> Data {
        encodeJSON(StateDocument(state))
    }
}

/// Encodes a value as pretty-printed JSON with sorted keys and unescaped slashes, ending with a
/// newline: the one JSON style of this package.
func encodeJSON(_ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, numbers and arrays cannot fail.
    var data = try! encoder.encode(value)
    data.append(0x0A)
    return data
}

// MARK: - The document

/// The top level of a state file.
struct StateDocument: Codable {
    var state: DrillDownState

    init(_ state: DrillDownState) {
        self.state = state
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case formatVersion, left, right
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Read as a number first, so that 1.5 gets its own message rather than a parse error.
        let number = try container.decode(Double.self, forKey: .formatVersion)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw StateFileError(path: "formatVersion", problem: "expected a whole number, found \(number)")
        }
        let version = Int(number)
        guard version >= 1 else {
            throw StateFileError(path: "formatVersion", problem: "must be 1 or more, found \(version)")
        }
        let left = try container.decode([StateRecord].self, forKey: .left)
        let right = try container.decodeIfPresent(StateRecord.self, forKey: .right)
        state = DrillDownState(formatVersion: version, left: left.map(\.record), right: right?.record)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state.formatVersion, forKey: .formatVersion)
        try container.encode(state.left.map(StateRecord.init), forKey: .left)
        try container.encode(state.right.map(StateRecord.init), forKey: .right)
    }
}

/// One record in a state file.
struct StateRecord: Codable {
    var record: RestorationRecord

    init(_ record: RestorationRecord) {
        self.record = record
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier
        case className = "class"
        case payload
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        record = RestorationRecord(
            identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
            className: try container.decodeIfPresent(String.self, forKey: .className),
            payload: try container.decodeIfPresent(Data.self, forKey: .payload)
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record.identifier, forKey: .identifier)
        try container.encode(record.className, forKey: .className)
        try container.encodeIfPresent(record.payload, forKey: .payload)
    }
}

// MARK: - Strictness and messages

/// A coding key for any name, used to list the keys an object actually has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Throws when the object being decoded has a key outside `allowed`: a misspelt key would
/// otherwise lose data silently.
func rejectUnknownKeys<Key: CodingKey>(in decoder: any Decoder, allowed: [Key]) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let names = Set(allowed.map(\.stringValue))
    if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !names.contains($0) }) {
        let expected = allowed.map { "\"\($0.stringValue)\"" }.joined(separator: ", ")
        throw StateFileError(
            path: codingPathDescription(decoder.codingPath),
            problem: "unknown key \"\(unknown)\" (expected \(expected))"
        )
    }
}

/// `left[1].identifier` for a coding path.
func codingPathDescription(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
        if let index = key.intValue {
            result += "[\(index)]"
        } else {
            result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return result
}

extension StateFileError {
    /// Turns a `DecodingError` into a message that names the place and the expected type.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: codingPathDescription(context.codingPath), problem: "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(path: codingPathDescription(context.codingPath), problem: "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(path: codingPathDescription(context.codingPath + [key]), problem: "required key is missing")
        case .dataCorrupted(let context):
            let path = codingPathDescription(context.codingPath)
            if context.codingPath.last?.stringValue == StateRecord.CodingKeys.payload.stringValue {
                self.init(path: path, problem: "expected base64 data")
            } else if context.codingPath.isEmpty {
                self.init(path: path, problem: "not valid JSON (\(Self.underlyingMessage(context)))")
            } else {
                self.init(path: path, problem: context.debugDescription)
            }
        @unknown default:
            self.init(path: "", problem: "not a state file: \(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string or null"
        case is Int.Type, is Double.Type: "a whole number"
        case is Data.Type: "base64 data"
        case is [StateRecord].Type, is [Any].Type: "an array of records"
        case is StateRecord.Type, is StateDocument.Type, is [String: Any].Type: "an object"
        default: "a value of type \(type)"
        }
    }

    private static func underlyingMessage(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError {
            return "\(underlying.localizedDescription)"
        }
        return context.debugDescription
    }
}
