import PropertyBased
import Testing

/// Runs a property check whose body may throw, and fails the test when it does.
///
/// `propertyCheck` of swift-property-based runs its body under `try?`: an error thrown inside
/// (a failed save, a failed decode) is swallowed and the property passes. Every property in
/// Restack's tests goes through this function instead, which records a thrown error as an
/// issue, with the input that made it. Not part of Restack's API.
///
/// ```swift
/// await checkProperty(count: 200, input: zip(Generators.state, Generators.name)) { state, name in
///     let info = try store.save(state, session: name)   // a throw fails the test
///     #expect(try store.snapshot(id: info.id).state == state)
/// }
/// ```
public func checkProperty<InputValue, ResultValue>(
    count: Int = 100,
    input: Generator<ResultValue, some Sequence<InputValue>>,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    perform body: (ResultValue) async throws -> Void
) async {
    await propertyCheck(count: count, input: input, perform: { value in
        do {
            try await body(value)
        } catch {
            Issue.record(error, "the property threw for input \(String(describingForTest: value))", sourceLocation: sourceLocation)
        }
    }, isolation: isolation, sourceLocation: sourceLocation)
}
