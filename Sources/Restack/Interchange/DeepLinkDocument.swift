import Foundation

extension DeepLink {
    /// Reads a deep link from its JSON form, as strictly as a state file is read:
    ///
    /// ```json
    /// { "path": ["mail", "inbox"],
    ///   "push": [ {"identifier": "message-99", "class": "MessageController"} ] }
    /// ```
    ///
    /// `path` is an array of identifiers, each a non-empty string; `push` an array of records as
    /// a format-2 state file writes them (`identifier`, `class`, `payload`, `container`), each
    /// with a non-empty `identifier`. Both may be absent (empty): `{}` is the empty link, which
    /// reveals nothing and pushes nothing. Any other key, a duplicate key,
    /// a value of the wrong type, an empty or null identifier, a path longer than
    /// 64 identifiers or more than 1,000 pushed records (those inside their
    /// containers included) is a ``StateFileError`` naming the place, such as `path[2]` or
    /// `push[0].identifier`.
    ///
    /// - Parameter data: The document's bytes (UTF-8 JSON; UTF-16 and UTF-32 are transcoded).
    /// - Returns: The link, records exactly as written.
    /// - Throws: ``StateFileError`` naming the first problem found.
    public static func decode(_ data: Data) throws(StateFileError) -> DeepLink {
        try JSONStructureCheck.decode(DeepLinkDocument.self, from: data, document: "a deep link").link
    }
}

extension DeepLink {
    /// The link in its JSON form, as ``decode(_:)`` reads it: `path` and `push` (records as a
    /// format-2 state file writes them), pretty-printed with sorted keys, ending with a newline.
    /// Decoding it gives the link back. What an app hands to another device (an
    /// `NSUserActivity`'s `userInfo`) for ``RestorationPlan/link(maxBytes:)``'s link.
    public func jsonData() -> Data {
        encodeJSON(DeepLinkDocument(link: self))
    }
}

/// The JSON form of a deep link: `path` and `push`.
struct DeepLinkDocument: Codable {
    var link: DeepLink

    init(link: DeepLink) {
        self.link = link
    }

    func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(link.path, forKey: .path)
        try keys.encode(link.push.map(TreeRecord.init), forKey: .push)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path, push
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        var path: [String] = []
        // Absent means none; null is a wrong type, as for every other key of the file.
        for key in [CodingKeys.path, .push] where try keys.contains(key) && keys.decodeNil(forKey: key) {
            throw StateFileError(path: key.stringValue, problem: "expected an array, found null (leave the key out for none)")
        }
        if keys.contains(.path) {
            guard var identifiers = try? keys.nestedUnkeyedContainer(forKey: .path) else {
                throw StateFileError(path: "path", problem: "expected an array of identifiers")
            }
            if let count = identifiers.count, count > DeepLink.maxPathLength {
                throw StateFileError(path: "path", problem: "\(count) identifiers, more than the \(DeepLink.maxPathLength) levels of containers a state may nest")
            }
            while !identifiers.isAtEnd {
                let place = "path[\(identifiers.currentIndex)]"
                if try identifiers.decodeNil() {
                    throw StateFileError(path: place, problem: "expected an identifier (a non-empty string), found null")
                }
                guard let identifier = try? identifiers.decode(String.self) else {
                    throw StateFileError(path: place, problem: "expected an identifier (a non-empty string)")
                }
                guard !identifier.isEmpty else {
                    throw StateFileError(path: place, problem: "an empty identifier, which no restored record has (rule 1)")
                }
                path.append(identifier)
            }
        }
        let records = try keys.decodeIfPresent([TreeRecord].self, forKey: .push)?.map(\.record) ?? []
        let count = records.reduce(0) { $0 + 1 + ($1.container?.recordCount ?? 0) }
        if count > DeepLink.maxPushedRecords {
            throw StateFileError(path: "push", problem: "\(count) records, more than the \(DeepLink.maxPushedRecords) a deep link may push")
        }
        for (index, record) in records.enumerated() where record.identifier?.isEmpty ?? true {
            throw StateFileError(path: "push[\(index)].identifier",
                                 problem: record.identifier == nil ? "a pushed record needs an identifier (a non-empty string)" : "an empty identifier: a pushed record needs a non-empty one")
        }
        link = DeepLink(path: path, push: records)
    }
}
