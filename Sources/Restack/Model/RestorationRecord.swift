import Foundation

/// One saved view controller: what an app needs to recreate it.
///
/// Two records are equal when their identifiers and class names are the same exact strings (byte
/// for byte, with no Unicode normalisation), their payloads are the same bytes and their
/// containers are equal.
///
/// A record is stored exactly as the app gave it, valid or not, so that an inspection can show
/// what was saved and why it was dropped. Whether it can be restored is decided by ``Restorer``,
/// never by the record itself.
///
/// ```swift
/// let inbox = RestorationRecord(
///     identifier: "inbox",
///     className: "InboxController",
///     payload: Data("folder=INBOX".utf8)
/// )
/// ```
public struct RestorationRecord: Hashable, Sendable {
    /// The restoration identifier. `nil` and `""` make the record unrestorable; any other
    /// string, whitespace-only included, is a valid identifier.
    public var identifier: String?

    /// The name of the type the app recreates this record from, if the app saved one.
    public var className: String?

    /// The controller's own encoded state, if it saved any.
    public var payload: Data?

    /// The container this record's controller holds, when it is itself a container controller
    /// (a navigation controller, a tab bar, a split...): its children, by role. `nil` for a
    /// plain controller, and always `nil` in a format-1 state.
    public var container: RestorationContainer?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - identifier: The restoration identifier; `nil` or empty makes the record unrestorable.
    ///   - className: The name of the type to recreate the controller from.
    ///   - payload: The controller's encoded state.
    ///   - container: The container the controller holds, if it is a container controller.
    public init(identifier: String?, className: String? = nil, payload: Data? = nil, container: RestorationContainer? = nil) {
        self.identifier = identifier
        self.className = className
        self.payload = payload
        self.container = container
    }
}

extension RestorationRecord {
    /// Whether two records hold the same exact strings and bytes. Unlike `String` equality, no
    /// Unicode normalisation is applied: `"é"` and `"e\u{301}"` are different identifiers.
    public static func == (lhs: RestorationRecord, rhs: RestorationRecord) -> Bool {
        lhs.identifier.isExactlyEqual(to: rhs.identifier)
            && lhs.className.isExactlyEqual(to: rhs.className)
            && lhs.payload == rhs.payload
            && lhs.container == rhs.container
    }

    /// Hashes the exact bytes of the identifier and class name, the payload and the container.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier.map(ExactString.init))
        hasher.combine(className.map(ExactString.init))
        hasher.combine(payload)
        hasher.combine(container)
    }
}
