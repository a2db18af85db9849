import Foundation

/// Payloads from `Codable` values, in one documented, stable encoding.
///
/// A payload made here is JSON in UTF-8, written by `JSONEncoder` with
///
/// - `outputFormatting` `[.sortedKeys, .withoutEscapingSlashes]`: keys in byte order of their
///   UTF-8, no whitespace, `/` not escaped;
/// - `dateEncodingStrategy` `.deferredToDate`: a `Date` is a JSON number, its seconds since
///   2001-01-01 00:00:00 UTC (`timeIntervalSinceReferenceDate`), so it round-trips exactly;
/// - `dataEncodingStrategy` `.base64`: `Data` is a padded base64 string;
/// - `nonConformingFloatEncodingStrategy` `.throw`: NaN and infinities are refused;
/// - `keyEncodingStrategy` `.useDefaultKeys`: keys as the type's `CodingKeys` spell them.
///
/// and read back by `JSONDecoder` with the matching strategies, after a check that refuses
/// duplicate keys and excessive nesting. So
/// `struct InboxState: Codable { var folder: String; var scroll: Int }` with `folder` `"INBOX/2026"`
/// and `scroll` 120 is exactly the 36 bytes `{"folder":"INBOX/2026","scroll":120}`.
///
/// ```swift
/// let inbox = try RestorationRecord(identifier: "inbox", className: "InboxController",
///                                   encoding: InboxState(folder: "INBOX", scroll: 120))
/// let state = try RecordPayload.decode(InboxState.self, from: inbox)
/// ```
///
/// Pair it with ``RecordResolver/decoding(_:)`` so that a payload that no longer decodes drops
/// its record with ``DropReason/stalePayload`` rather than failing the app at launch.
public enum RecordPayload {
    /// The payload of `value` in the documented encoding.
    ///
    /// - Throws: ``RecordPayloadError/unencodable(_:)`` when the value cannot be encoded (a NaN,
    ///   say); the message is the encoder's.
    public static func encode(_ value: some Encodable) throws(RecordPayloadError) -> Data {
        do {
            return try encoder().encode(value)
        } catch {
            throw .unencodable(String(describing: error))
        }
    }

    /// Decodes a payload made by ``encode(_:)``.
    ///
    /// Decoding is as strict as reading a state file, where `JSONDecoder` is lenient: a duplicate
    /// key at any level (which `JSONDecoder` would resolve by keeping the last value) or nesting
    /// deeper than 200 arrays and objects is undecodable, found by one iterative pass over the
    /// bytes before the decoder runs.
    ///
    /// - Throws: ``RecordPayloadError/undecodable(_:)`` when the bytes are not a `T` in the
    ///   documented encoding (another shape, not JSON, a duplicate key); the message says why.
    public static func decode<T: Decodable>(_ type: T.Type, from payload: Data) throws(RecordPayloadError) -> T {
        do {
            try JSONStructureCheck.check(payload)
        } catch {
            throw .undecodable(String(describing: error))
        }
        do {
            return try decoder().decode(type, from: payload)
        } catch {
            throw .undecodable(String(describing: error))
        }
    }

    /// Decodes a record's payload.
    ///
    /// - Throws: ``RecordPayloadError/missing`` when the record has no payload,
    ///   ``RecordPayloadError/undecodable(_:)`` when it is not a `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from record: RestorationRecord) throws(RecordPayloadError) -> T {
        guard let payload = record.payload else { throw .missing }
        return try decode(type, from: payload)
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        encoder.dataEncodingStrategy = .base64
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.keyEncodingStrategy = .useDefaultKeys
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        decoder.dataDecodingStrategy = .base64
        decoder.nonConformingFloatDecodingStrategy = .throw
        decoder.keyDecodingStrategy = .useDefaultKeys
        return decoder
    }
}

/// Why a payload could not be made from a value or read back into one.
public enum RecordPayloadError: Error, Hashable, Sendable {
    /// The value could not be encoded; the encoder's message.
    case unencodable(String)
    /// The record has no payload.
    case missing
    /// The payload is not a value of the expected type in the documented encoding; the decoder's
    /// message.
    case undecodable(String)
}

extension RecordPayloadError: CustomStringConvertible {
    /// A sentence that says what went wrong.
    public var description: String {
        switch self {
        case .unencodable(let message): "the value cannot be encoded as a payload: \(message)"
        case .missing: "the record has no payload"
        case .undecodable(let message): "the payload does not decode: \(message)"
        }
    }
}

extension RestorationRecord {
    /// Creates a record whose payload is `value` in ``RecordPayload``'s documented encoding.
    ///
    /// - Throws: ``RecordPayloadError/unencodable(_:)`` when the value cannot be encoded.
    public init(
        identifier: String?,
        className: String?,
        encoding value: some Encodable,
        container: RestorationContainer? = nil
    ) throws(RecordPayloadError) {
        self.init(identifier: identifier, className: className, payload: try RecordPayload.encode(value), container: container)
    }

    /// The payload decoded as a `T` (``RecordPayload/decode(_:from:)-(_,RestorationRecord)``).
    ///
    /// - Throws: ``RecordPayloadError/missing`` or ``RecordPayloadError/undecodable(_:)``.
    public func decodePayload<T: Decodable>(as type: T.Type) throws(RecordPayloadError) -> T {
        try RecordPayload.decode(type, from: self)
    }
}
