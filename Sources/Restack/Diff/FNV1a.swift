import Foundation

/// The 64-bit FNV-1a hash: a stable fingerprint of a payload (not a cryptographic one), the same
/// on every platform and in every run.
///
/// ```swift
/// #expect(FNV1a.hex(Data("hello".utf8)) == "a430d84680aabd0b")
/// ```
package enum FNV1a {
    /// The hash of `data`.
    package static func hash64(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of `data` as 16 lowercase hexadecimal digits.
    package static func hex(_ data: Data) -> String {
        let digits = String(hash64(data), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
