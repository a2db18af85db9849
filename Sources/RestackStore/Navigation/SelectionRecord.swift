import Foundation
import Restack

/// The records Restack's shapes make of a selection (a tab, a sidebar's or a content list's
/// selected item): the value's JSON as the payload (`RecordPayload`'s encoding), under a class
/// that names its role. A tab is identified by the same JSON, readable in a plan and usable in a
/// deep link's path: a string's text without its quotes (`"mail"` is `mail`), any other value's
/// JSON.
enum SelectionRecord {
    /// The class of a tab of ``TabNavigation``.
    static let tab = "Restack.Tab"
    /// The class of the sidebar column of ``SplitNavigation``: the sidebar's list itself.
    static let sidebar = "Restack.Sidebar"
    /// The class of the sidebar's selection, shown by the column after the sidebar.
    static let sidebarSelection = "Restack.SidebarSelection"
    /// The class of the content column's selection, shown by the detail column.
    static let contentSelection = "Restack.ContentSelection"

    /// The record of `value` in the role `className`, holding `container`, identified by
    /// `identifier`, or by the value (``identifier(_:)``) when it is `nil`.
    ///
    /// - Throws: `RouteCodingError.unencodable(index:type:message:)` (at index 0) when the value
    ///   cannot be encoded.
    static func record(_ value: some Encodable, className: String, identifier: String? = nil,
                       container: RestorationContainer? = nil) throws(RouteCodingError) -> RestorationRecord {
        let payload: Data
        do {
            payload = try RecordPayload.encode(value)
        } catch {
            throw .unencodable(index: 0, type: className, message: "\(error)")
        }
        return RestorationRecord(identifier: identifier ?? Self.identifier(payload), className: className, payload: payload, container: container)
    }

    /// The identifier of a value whose JSON is `payload`: a non-empty string's text, or the JSON.
    static func identifier(_ payload: Data) -> String {
        if let text = try? RecordPayload.decode(String.self, from: payload), !text.isEmpty {
            return text
        }
        return String(decoding: payload, as: UTF8.self)
    }

    /// The value a restored record of the role `className` holds; `nil` for a record of another
    /// role, or one whose payload does not decode (which the resolver has dropped).
    static func value<Value: Decodable>(_ type: Value.Type, of planned: PlannedRecord, className: String) -> Value? {
        let record = planned.restoredRecord
        guard record.className?.utf8.elementsEqual(className.utf8) == true, let payload = record.payload else { return nil }
        return try? RecordPayload.decode(type, from: payload)
    }
}
