/// A stored property that equality and hashing leave out (a logger, a start time), so that the
/// type holding it keeps its synthesized `Hashable` conformance.
@propertyWrapper
struct NotCompared<Value: Sendable>: Hashable, Sendable {
    var wrappedValue: Value

    init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
