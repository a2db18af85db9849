/// A stored property that equality and hashing leave out (what a plan was made from, a logger, a
/// start time), so that the type holding it keeps its synthesized `Hashable` conformance and two
/// values that differ only there, one of them `nil`, are equal. For Restack's modules only.
@propertyWrapper
package struct NotCompared<Value: Sendable>: Hashable, Sendable {
    package var wrappedValue: Value

    package init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    package func hash(into hasher: inout Hasher) {}
}
