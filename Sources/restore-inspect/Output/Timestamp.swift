import Foundation

/// `2026-11-21T12:00:00.000Z`: a stored time in ISO 8601, UTC, with milliseconds.
///
/// Formatted by hand from `gmtime_r`, which every platform the package declares has: it is
/// pure, so it is thread-safe with nothing shared, and fast (`sessions` formats one date per
/// session). `Date.ISO8601FormatStyle` needs macOS 12 / iOS 15, and `ISO8601DateFormatter`
/// is neither `Sendable` nor cheap.
///
/// Stored times are whole milliseconds (`Date(timeIntervalSince1970: ms / 1000)`), so the
/// millisecond is rounded to the nearest, which gives back the stored one exactly; truncating
/// the binary fraction, as `ISO8601FormatStyle` did, printed one millisecond less for about
/// half of all stored times. Years outside 0...9999 are written with as many digits as they
/// need (a minus sign before the year zero).
func formatDate(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    // Beyond ±2^53 ms (285,000 years) a Double has no millisecond left, and an Int64 conversion
    // of a non-finite value would trap: such a date can only come from a damaged row.
    guard abs(milliseconds) < 9_007_199_254_740_992 else { return "\(date)" }
    let whole = Int64(milliseconds)
    let seconds = whole >= 0 ? whole / 1000 : (whole - 999) / 1000
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "\(date)" }
    let year = Int(parts.tm_year) + 1900
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    if year < 0 {
        bytes.append(UInt8(ascii: "-"))
    }
    append(abs(year), digits: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(Int(parts.tm_mon) + 1, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(Int(parts.tm_mday), digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    append(Int(parts.tm_hour), digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(Int(parts.tm_min), digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(Int(parts.tm_sec), digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    append(Int(whole - seconds * 1000), digits: 3, to: &bytes)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` (0 or more) in decimal ASCII, zero-padded to at least `digits` digits.
private func append(_ value: Int, digits: Int, to bytes: inout [UInt8]) {
    var divisor = 1, width = 1
    while value / divisor >= 10 {
        divisor *= 10
        width += 1
    }
    for _ in width..<max(width, digits) {
        bytes.append(UInt8(ascii: "0"))
    }
    var rest = value
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
    }
}
