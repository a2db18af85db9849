import Foundation

/// The shapes a class's payload was saved in over the app's versions, oldest first, each with the
/// function that upgrades it to the next: how a payload saved by an older version is read and
/// upgraded instead of dropped `stale-payload`, as a database migrates its rows.
///
/// Start from the oldest shape still worth reading and add each newer one with the step that
/// makes it from the one before; the last shape is the one the app reads today, `Value`. Each
/// shape is read in ``RecordPayload``'s encoding.
///
/// ```swift
/// let inboxShapes = PayloadShapes(InboxStateV1.self, named: "v1")
///     .then(InboxState.self, named: "v2") { old in InboxState(folder: old.mailbox, scroll: 0) }
/// let resolver = RecordResolver.decoding([.decoding(inboxShapes, forClass: "InboxController")])
/// ```
///
/// A payload is tried against the shapes newest first, and the first shape it decodes as wins: a
/// payload that two shapes read (a field added with a default, say) is read as the newer one, so
/// that a payload the app writes today is never "upgraded". A payload read as an older shape is
/// taken through every step after it; the record is restored with the result in
/// ``RecordPayload``'s encoding (so the next save holds the upgraded payload) and the plan notes
/// it (``RestorationPlan/Note/Kind/payloadUpgraded``, with the shape's name). A payload that no
/// shape reads, or none, is `stale-payload` as without shapes; a step that throws makes the record
/// `stale-payload` too, with a note naming the step
/// (``RestorationPlan/Note/Kind/payloadUpgradeFailed``).
public struct PayloadShapes<Value: Codable & Sendable>: Sendable {
    /// The shapes, newest first: each reads a payload into a `Value`, or says why it cannot.
    let readers: [Reader]

    /// One shape: its name, and how a payload in it becomes a `Value`.
    struct Reader: Sendable {
        var name: String
        /// `nil` when the payload does not decode as this shape.
        var read: @Sendable (Data) -> Reading?
    }

    /// What became of a payload that decoded as a shape.
    enum Reading {
        /// The value, after the steps from the shape to the newest.
        case value(Value)
        /// The step that threw, as `"from -> to"`.
        case failed(step: String)
    }

    private init(readers: [Reader]) {
        self.readers = readers
    }

    /// A chain of one shape: payloads that decode as a `Value` in ``RecordPayload``'s encoding.
    ///
    /// - Parameters:
    ///   - type: The shape's type.
    ///   - name: The shape's name, as the plan's note shows it (`v1`); by default the type's name.
    public init(_ type: Value.Type, named name: String = String(describing: Value.self)) {
        readers = [Reader(name: name) { payload in
            (try? RecordPayload.decode(Value.self, from: payload)).map { .value($0) }
        }]
    }

    /// This chain with a newer shape after it, and the step that upgrades this chain's newest
    /// shape to it.
    ///
    /// - Parameters:
    ///   - type: The newer shape's type.
    ///   - name: The newer shape's name; by default the type's name.
    ///   - upgrade: Makes a value of the newer shape from one of this chain's newest. A throw
    ///     makes the record `stale-payload`, with a note naming the step.
    /// - Returns: The longer chain, whose newest shape is `Next`.
    public func then<Next: Codable & Sendable>(
        _ type: Next.Type, named name: String = String(describing: Next.self),
        upgrade: @escaping @Sendable (Value) throws -> Next
    ) -> PayloadShapes<Next> {
        let step = "\(readers[0].name) -> \(name)"
        let older = readers.map { reader in
            PayloadShapes<Next>.Reader(name: reader.name) { payload -> PayloadShapes<Next>.Reading? in
                switch reader.read(payload) {
                case nil: return nil
                case .failed(let failed)?: return .failed(step: failed)
                case .value(let value)?:
                    do {
                        return .value(try upgrade(value))
                    } catch {
                        return .failed(step: step)
                    }
                }
            }
        }
        return PayloadShapes<Next>(readers: [PayloadShapes<Next>(type, named: name).readers[0]] + older)
    }

    /// What a payload becomes: read as the newest shape that decodes it, then upgraded and
    /// written again in ``RecordPayload``'s encoding (an upgraded value that cannot be written is
    /// the failure of its last step).
    package func read(_ payload: Data) -> PayloadReading<Value> {
        for (index, reader) in readers.enumerated() {
            switch reader.read(payload) {
            case nil:
                continue
            case .failed(let step)?:
                return .failed(step: step)
            case .value(let value)?:
                guard index > 0 else { return .current(value) }
                guard let upgraded = try? RecordPayload.encode(value) else {
                    return .failed(step: "\(readers[1].name) -> \(readers[0].name)")
                }
                return .upgraded(value, payload: upgraded, readAs: reader.name)
            }
        }
        return .stale
    }
}

/// What a payload became when it was read through ``PayloadShapes``.
package enum PayloadReading<Value> {
    /// It decoded as the newest shape.
    case current(Value)
    /// It decoded as the older shape named `readAs` and was upgraded: the value, and its payload
    /// in ``RecordPayload``'s encoding.
    case upgraded(Value, payload: Data, readAs: String)
    /// A step threw: named `"from -> to"`.
    case failed(step: String)
    /// No shape reads it.
    case stale

    /// The value read, if any.
    package var value: Value? {
        switch self {
        case .current(let value), .upgraded(let value, _, _): value
        case .failed, .stale: nil
        }
    }

    /// The same reading with the value transformed.
    package func map<Other>(_ transform: (Value) -> Other) -> PayloadReading<Other> {
        switch self {
        case .current(let value): .current(transform(value))
        case .upgraded(let value, let payload, let shape): .upgraded(transform(value), payload: payload, readAs: shape)
        case .failed(let step): .failed(step: step)
        case .stale: .stale
        }
    }

    /// The resolver's answer for a record whose payload was read this way.
    package var outcome: ResolverOutcome {
        switch self {
        case .current: .rebuild
        case .upgraded(_, let payload, let shape): .upgraded(payload: payload, readAs: shape)
        case .failed(let step): .upgradeFailed(step: step)
        case .stale: .stalePayload
        }
    }
}
