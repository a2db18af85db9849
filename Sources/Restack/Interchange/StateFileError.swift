/// Why a state file could not be read: where in the document, and what is wrong there.
///
/// ```swift
/// do {
///     let state = try StateFile.decode(data)
///     print(state.recordCount)
/// } catch {
///     print(error)  // left[1].identifier: expected a string or null
/// }
/// ```
public struct StateFileError: Error, Hashable, Sendable {
    /// Where the problem is, such as `left[1].identifier`; empty for the document as a whole.
    public var path: String
    /// What is wrong there, as a sentence fragment a person can act on.
    public var problem: String

    /// Creates an error.
    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
}

extension StateFileError: CustomStringConvertible {
    /// `path: problem`, or the problem alone for the whole document.
    public var description: String {
        path.isEmpty ? problem : "\(path): \(problem)"
    }
}
