import Foundation

/// Reads and writes states as JSON state files, the format `restore-inspect` plans, imports and
/// exports.
///
/// Format 1 is a drill-down (a tree in the ``RestorationTree/Form/drillDown`` form):
///
/// ```json
/// { "formatVersion": 1,
///   "left":  [ {"identifier": "inbox", "class": "InboxController", "payload": "aGVsbG8="},
///              {"identifier": null, "class": "ComposeController"} ],
///   "right": {"identifier": "message-42", "class": "MessageController"} }
/// ```
///
/// Format 2 is a tree (the ``RestorationTree/Form/tree`` form): a root container whose records may
/// hold containers:
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
/// (required when there are tabs and in range; absent or `null` when there are none);
/// `presentation` `base` (a record or `null`) and `presented` (both required). Each kind's file
/// lists its keys.
///
/// Any other key, a duplicate key at any level, a value of the wrong type, or containers nested
/// deeper than ``RestorationTree/maxContainerDepth`` is a ``StateFileError`` that says where the
/// problem is. A document whose format version is newer than supported is read in the format-2
/// shape when it has `root`, in the format-1 shape otherwise (it then restores nothing).
///
/// Encoding is deterministic (sorted keys, explicit `null`s), so decoding then encoding a file
/// this type wrote gives the same bytes.
public enum StateFile {
    /// Decodes a state file in any form: a JSON object is a format-1 or format-2 state file, a
    /// JSON array a SwiftUI `NavigationPath` representation (``NavigationPathRepresentation``).
    ///
    /// - Parameter data: The file's bytes (UTF-8 JSON).
    /// - Returns: The tree, records exactly as written; a format-1 document gives a drill-down in
    ///   the ``RestorationTree/Form/drillDown`` form, a path a truncating stack in the
    ///   ``RestorationTree/Form/navigationPath`` form.
    /// - Throws: ``StateFileError`` naming the first problem found.
    public static func decode(_ data: Data) throws(StateFileError) -> RestorationTree {
        if NavigationPathRepresentation.looksLikeRepresentation(data) {
            return try NavigationPathRepresentation.decode(data)
        }
        return try JSONStructureCheck.decode(AnyStateDocument.self, from: data, document: "a state file").tree
    }

    /// Encodes a tree in its form (``RestorationTree/form``): a format-1 file for a drill-down, a
    /// format-2 file for a tree (both pretty-printed with sorted keys, ending with a newline), and
    /// a path's representation for a `NavigationPath` (as `JSONEncoder` writes an array of
    /// strings: one line, no whitespace, no newline, so that a path restored whole is written
    /// back byte for byte). A tree of format version 1 that format 1 cannot hold, and a path
    /// with a payload that is not UTF-8 text (so not a value's JSON), are written as format 2
    /// (they restore alike), so that every file this writes reads back.
    ///
    /// - Parameter tree: The tree to write.
    /// - Returns: UTF-8 JSON.
    public static func encode(_ tree: RestorationTree) -> Data {
        switch tree.form {
        case .drillDown:
            if let root = tree.drillDown {
                return encodeJSON(StateDocument(formatVersion: tree.formatVersion, root: root))
            }
        case .navigationPath:
            if case .stack(let stack) = tree.root, let path = try? NavigationPathRepresentation.encode(stack.records) {
                return path
            }
        case .tree:
            break
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

/// The top level of a state file of either form: the format version says which.
struct AnyStateDocument: Decodable {
    var tree: RestorationTree

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyCodingKey.self)
        let version = try? keys.decode(Double.self, forKey: AnyCodingKey(stringValue: "formatVersion"))
        let hasLeft = keys.contains(AnyCodingKey(stringValue: "left"))
        if let version, version >= 2, !hasLeft {
            tree = try TreeDocument(from: decoder).tree
        } else {
            tree = try StateDocument(from: decoder).tree
        }
    }
}
