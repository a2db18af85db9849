import Foundation

/// A payload: canonical base64 only. `Data(base64Encoded:)` alone lets through, on Linux, forms
/// that do not encode back to the same text (`====`, `YQ=a`, extra padding as in `aGVsbG8==`,
/// non-zero padding bits as in `aGVsbG9=`), so a decoded payload must encode back to exactly the
/// text that was read.
struct StrictBase64: Decodable {
    var data: Data

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self), let data = StrictBase64.decode(text) else {
            throw StateFileError(path: codingPathDescription(decoder.codingPath), problem: "expected base64 data (canonical: padded with \"=\", no whitespace)")
        }
        self.data = data
    }

    /// The bytes of canonical base64 text, or `nil`.
    static func decode(_ text: String) -> Data? {
        guard let data = Data(base64Encoded: text), data.base64EncodedString() == text else { return nil }
        return data
    }
}
