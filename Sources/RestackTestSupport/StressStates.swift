import Foundation
import Restack

/// Deterministic states for crash and concurrency tests: the helper process saves
/// `StressStates.state(seed:index:)` and a test recomputes it to check every byte.
/// Not part of Restack's API.
public enum StressStates {
    /// The state saved as number `index` by a helper started with `seed`: 0 to 10 records,
    /// identifiers of every kind (nil, empty, Unicode, NUL), payloads of 0 to 2 KiB.
    public static func state(seed: UInt64, index: UInt64) -> RestorationTree {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ index)
        func text() -> String? {
            switch random.next() % 6 {
            case 0: return nil
            case 1: return ""
            case 2: return "id-\(random.next() % 50)"
            case 3: return "é\u{0}\(random.next() % 9)🙂"
            default:
                let length = Int(random.next() % 24)
                return String(String.UnicodeScalarView((0..<length).compactMap { _ in Unicode.Scalar(UInt32(random.next() % 0xD7FF)) }))
            }
        }
        func record() -> RestorationRecord {
            let payloadLength = Int(random.next() % 2049)
            let payload = random.next() % 4 == 0 ? nil : Data((0..<payloadLength).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            return RestorationRecord(identifier: text(), className: text(), payload: payload)
        }
        let left = (0..<Int(random.next() % 10)).map { _ in record() }
        let right = random.next() % 2 == 0 ? record() : nil
        return RestorationTree.drillDown(left: left, right: right)
    }

    /// The app version string a helper saves with, so that any stored snapshot can be checked.
    public static func tag(seed: UInt64, index: UInt64) -> String {
        "\(seed):\(index)"
    }

    /// The seed and index in a tag, if it is one.
    public static func parse(tag: String?) -> (seed: UInt64, index: UInt64)? {
        guard let parts = tag?.split(separator: ":"), parts.count == 2,
              let seed = UInt64(parts[0]), let index = UInt64(parts[1]) else { return nil }
        return (seed, index)
    }
}

/// A small, fast, seedable generator (SplitMix64), so that states are the same on every run.
/// Not part of Restack's API.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64

    /// A generator that gives the same numbers for the same seed.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
