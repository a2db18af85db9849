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
    var text = ""
    text.reserveCapacity(24)
    let year = Int(parts.tm_year) + 1900
    if year < 0 { text += "-" }
    append(abs(year), digits: 4, to: &text)
    text += "-"
    append(Int(parts.tm_mon) + 1, digits: 2, to: &text)
    text += "-"
    append(Int(parts.tm_mday), digits: 2, to: &text)
    text += "T"
    append(Int(parts.tm_hour), digits: 2, to: &text)
    text += ":"
    append(Int(parts.tm_min), digits: 2, to: &text)
    text += ":"
    append(Int(parts.tm_sec), digits: 2, to: &text)
    text += "."
    append(Int(whole - seconds * 1000), digits: 3, to: &text)
    text += "Z"
    return text
}

/// Appends `value` (0 or more) in decimal, zero-padded to at least `digits` digits.
private func append(_ value: Int, digits: Int, to text: inout String) {
    let decimal = String(value)
    if decimal.utf8.count < digits {
        text += String(repeating: "0", count: digits - decimal.utf8.count)
    }
    text += decimal
}
