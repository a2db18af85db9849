import Foundation

/// Reads and writes states as JSON state files, the format `restore-inspect` plans, imports and
/// exports.
///
/// Format 1 is a drill-down (``DrillDownState``):
///
/// ```json
/// { "formatVersion": 1,
///   "left":  [ {"identifier": "inbox", "class": "InboxController", "payload": "aGVsbG8="},
///              {"identifier": null, "class": "ComposeController"} ],
///   "right": {"identifier": "message-42", "class": "MessageController"} }
/// ```
///
/// Format 2 is a tree (``RestorationTree``): a root container whose records may hold containers:
///
/// ```json
/// { "formatVersion": 2,
///   "root": { "kind": "split", "focus": "detail", "compact": "merge",
///             "primary": [ {"identifier": "nav", "class": "NavController", "container":
///                            {"kind": "tabs", "selected": 0, "tabs": [ {"identifier": "inbox", "class": "InboxController"} ]}} ],
///             "detail":  [ {"identifier": "message-42", "class": "MessageController", "payload": "aGVsbG8="} ] } }
/// ```
///
/// `formatVersion` is a required whole number, 1 or more. In format 1, `left` is required and may
/// be empty; `right` is an object, `null` or absent. In a record, `identifier` and `class` are
/// strings, `null` or absent, `payload` is canonical base64 (padded, no whitespace) or absent, and
/// in format 2 `container` is a container or absent. A container has a `kind` and exactly that
/// kind's keys: `drillDown` `left` (required), `right`; `stack` `records` (required); `split`
/// `primary`, `detail` (required), `focus` (`primary` or `detail`, default `primary`), `compact`
/// (`merge`, `omitDetail` or `focus`, default `merge`); `tabs` `tabs` (required), `selected`
/// (required when there are tabs and in range; absent or `null` when there are none).
///
/// Any other key, a duplicate key at any level, a value of the wrong type, or containers nested
/// deeper than ``RestorationTree/maxContainerDepth`` is a ``StateFileError`` that says where the
/// problem is. A document whose format version is newer than supported is read in the format-2
/// shape when it has `root`, in the format-1 shape otherwise (it then restores nothing).
///
/// Encoding is deterministic (sorted keys, explicit `null`s), so decoding then encoding a file
/// this type wrote gives the same bytes.
public enum StateFile {
    /// A decoded state file: a format-1 drill-down or a format-2 tree, as the document is shaped.
    public enum Document: Hashable, Sendable {
        /// A document in the format-1 shape (`left`, `right`).
        case drillDown(DrillDownState)
        /// A document in the format-2 shape (`root`).
        case tree(RestorationTree)

        /// The document as a tree: a format-1 state is a tree with a drill-down root.
        public var tree: RestorationTree {
            switch self {
            case .drillDown(let state): RestorationTree(state)
            case .tree(let tree): tree
            }
        }
    }

    /// Decodes a state file in the format-1 shape.
    ///
    /// - Parameter data: The file's bytes (UTF-8 JSON).
    /// - Returns: The state, records exactly as written.
    /// - Throws: ``StateFileError`` naming the first problem found; a format-2 document (with
    ///   `root`) is one: read it with ``decodeDocument(_:)``.
    public static func decode(_ data: Data) throws(StateFileError) -> DrillDownState {
        switch try decodeDocument(data) {
        case .drillDown(let state):
            return state
        case .tree:
            throw StateFileError(path: "", problem: "a format-2 state (with \"root\") where a format-1 state (with \"left\") is expected")
        }
    }

    /// Decodes a state file in either shape.
    ///
    /// - Parameter data: The file's bytes (UTF-8 JSON).
    /// - Returns: The document, records exactly as written.
    /// - Throws: ``StateFileError`` naming the first problem found.
    public static func decodeDocument(_ data: Data) throws(StateFileError) -> Document {
        let data = try JSONStructureCheck.utf8(data)
        try JSONStructureCheck.check(data)
        do {
            return try JSONDecoder().decode(AnyStateDocument.self, from: data).document
        } catch let error as StateFileError {
            throw error
        } catch let error as DecodingError {
            throw StateFileError(error)
        } catch {
            throw StateFileError(path: "", problem: "not a state file: \(error)")
        }
    }

    /// Decodes a state file in either shape as a tree.
    ///
    /// - Parameter data: The file's bytes (UTF-8 JSON).
    /// - Returns: The tree; a format-1 document gives a drill-down root.
    /// - Throws: ``StateFileError`` naming the first problem found.
    public static func decodeTree(_ data: Data) throws(StateFileError) -> RestorationTree {
        try decodeDocument(data).tree
    }

    /// Encodes a state as a pretty-printed format-1 state file with sorted keys.
    ///
    /// A state whose records hold containers is a tree the format-1 shape cannot hold: it is
    /// written, whole, as a format-2 file (format version 2 or its own if newer) with a
    /// drill-down root, never with its containers left out.
    ///
    /// - Parameter state: The state to write.
    /// - Returns: UTF-8 JSON, ending with a newline.
    public static func encode(_ state: DrillDownState) -> Data {
        guard state.hasNestedContainers else {
            return encodeJSON(StateDocument(state))
        }
        var tree = RestorationTree(state)
        tree.formatVersion = max(tree.formatVersion, RestorationTree.currentFormatVersion)
        return encodeJSON(TreeDocument(tree))
    }

    /// Encodes a tree as a pretty-printed state file with sorted keys: in the format-1 shape when
    /// its format version is 1 and it is a drill-down whose records hold no container, otherwise
    /// in the format-2 shape. A tree of version 1 that format 1 cannot hold is written as format 2
    /// (both restore alike), so that every file this writes reads back.
    ///
    /// - Parameter tree: The tree to write.
    /// - Returns: UTF-8 JSON, ending with a newline.
    public static func encode(_ tree: RestorationTree) -> Data {
        if tree.formatVersion < 2, let state = DrillDownState(tree), !state.hasNestedContainers {
            return encode(state)
        }
        var tree = tree
        tree.formatVersion = max(tree.formatVersion, RestorationTree.currentFormatVersion)
        return encodeJSON(TreeDocument(tree))
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

/// The top level of a state file of either shape: the format version says which.
struct AnyStateDocument: Decodable {
    var document: StateFile.Document

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyCodingKey.self)
        let version = try? keys.decode(Double.self, forKey: AnyCodingKey(stringValue: "formatVersion"))
        let hasLeft = keys.contains(AnyCodingKey(stringValue: "left"))
        if let version, version >= 2, !hasLeft {
            document = .tree(try TreeDocument(from: decoder).tree)
        } else {
            document = .drillDown(try StateDocument(from: decoder).state)
        }
    }
}
