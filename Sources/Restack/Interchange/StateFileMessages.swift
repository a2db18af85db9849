import Foundation

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
        case is [StateRecord].Type, is [TreeRecord].Type, is [Any].Type: "an array of records"
        case is StateRecord.Type, is TreeRecord.Type, is StateDocument.Type, is TreeDocument.Type, is AnyStateDocument.Type,
             is ContainerDocument.Type, is [String: Any].Type: "an object"
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
