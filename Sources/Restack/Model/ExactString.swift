/// A string compared and hashed by its exact UTF-8 bytes.
///
/// Swift's `String` equality follows Unicode canonical equivalence, so `"é"` (one scalar) equals
/// `"e\u{301}"` (two). Restoration identifiers and class names are compared as exact strings,
/// with no normalisation, so Restack compares their bytes instead.
struct ExactString: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ string: String) {
        bytes = Array(string.utf8)
    }
}

extension Optional where Wrapped == String {
    /// Whether two optional strings are the same exact bytes, or both `nil`.
    func isExactlyEqual(to other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (a?, b?): a.utf8.elementsEqual(b.utf8)
        default: false
        }
    }
}
