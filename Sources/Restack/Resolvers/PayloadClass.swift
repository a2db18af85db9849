/// A class the app can rebuild, and what its payload must be: one entry of
/// ``RecordResolver/decoding(_:)``.
///
/// ```swift
/// let resolver = RecordResolver.decoding([
///     .decoding(InboxState.self, forClass: "InboxController"),
///     .withoutPayload(forClass: "MailboxesController"),
/// ])
/// ```
public struct PayloadClass: Sendable {
    /// The class name, compared byte for byte.
    package let className: String
    /// What becomes of a record of the class, judged by its payload.
    let outcome: @Sendable (RestorationRecord) -> ResolverOutcome

    /// A class whose records are rebuilt only when their payload decodes as a `T`
    /// (``RecordPayload``'s encoding); a missing or undecodable payload is a stale payload.
    public static func decoding<T: Decodable & Sendable>(_ type: T.Type, forClass className: String) -> PayloadClass {
        PayloadClass(className: className) { record in
            (try? RecordPayload.decode(T.self, from: record)) != nil ? .rebuild : .stalePayload
        }
    }

    /// A class whose records are rebuilt when their payload is one of `shapes`: as saved when it
    /// decodes as the newest, with the payload upgraded (``ResolverOutcome/upgraded(payload:readAs:renamedTo:)``)
    /// when it decodes as an older one. A missing payload, one that no shape reads, or one whose
    /// upgrade throws (``ResolverOutcome/upgradeFailed(step:)``) is a stale payload.
    public static func decoding<T>(_ shapes: PayloadShapes<T>, forClass className: String) -> PayloadClass {
        PayloadClass(className: className) { record in
            guard let payload = record.payload else { return .stalePayload }
            return shapes.read(payload).outcome
        }
    }

    /// A class whose records are rebuilt whatever their payload, or without one.
    public static func withoutPayload(forClass className: String) -> PayloadClass {
        PayloadClass(className: className) { _ in .rebuild }
    }
}

extension RecordResolver {
    /// Rebuilds a record whose class is one of `classes` when its payload is what that class
    /// needs; a payload that is missing or does not decode gives ``ResolverOutcome/stalePayload``
    /// (dropped `stale-payload`), and a class not listed ``ResolverOutcome/classGone``. A class
    /// given with ``PayloadShapes`` rebuilds a record saved in an older shape with its payload
    /// upgraded. When a
    /// class is listed more than once, its first entry decides.
    ///
    /// Add ``renaming(_:)`` to rebuild records saved under old class names: the payload is then
    /// checked against the new name's entry.
    public static func decoding(_ classes: [PayloadClass]) -> RecordResolver {
        var table: [ExactString: PayloadClass] = [:]
        for entry in classes where table[ExactString(entry.className)] == nil {
            table[ExactString(entry.className)] = entry
        }
        let entries = table
        return RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            guard let name = record.className, let entry = entries[ExactString(name)] else { return .classGone }
            return entry.outcome(record)
        }
    }

    /// Rebuilds records of one class whose payload decodes as a `T`: a missing or undecodable
    /// payload is ``ResolverOutcome/stalePayload``; any other class is ``ResolverOutcome/classGone``.
    /// The same as `decoding([.decoding(type, forClass: className)])`, which apps write.
    package static func decoding<T: Decodable & Sendable>(_ type: T.Type, forClass className: String) -> RecordResolver {
        decoding([.decoding(type, forClass: className)])
    }
}
