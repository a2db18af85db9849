import Foundation

/// A string compared and hashed by its exact UTF-8 bytes.
///
/// Swift's `String` equality follows Unicode canonical equivalence, so `"é"` (one scalar) equals
/// `"e\u{301}"` (two). Restoration identifiers and class names are compared as exact strings,
/// with no normalisation, so Restack compares their bytes instead: the one rule for identifiers,
/// class names, session names and versions, in every target of the package.
package struct ExactString: Hashable, Sendable {
    package let bytes: [UInt8]

    package init(_ string: String) {
        bytes = Array(string.utf8)
    }
}

extension Optional where Wrapped == String {
    /// Whether two optional strings are the same exact bytes, or both `nil`.
    package func isExactlyEqual(to other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (a?, b?): a.hasSameBytes(as: b)
        default: false
        }
    }
}

extension String {
    /// Whether two strings are the same UTF-8 bytes. Compares contiguous storage with `memcmp`
    /// when both have it (native strings do), cheaper than `elementsEqual` over the UTF-8 views
    /// (figures: the store's Performance article).
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let fast = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == 0 || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
            }
        }
        return (fast ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// Whether this string's UTF-8 bytes come before `other`'s: an order that, unlike `<`, never
    /// calls two different strings equal (`<` orders canonically equivalent strings as one).
    package func precedesInBytes(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }
}
