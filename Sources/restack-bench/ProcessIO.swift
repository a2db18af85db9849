import ArgumentParser
import Foundation

/// One counter of this process's I/O so far, from `/proc/self/io` (Linux): `wchar` (bytes
/// handed to `write` and its kin), `syscr` (read calls, `pread` included), and so on.
func processIO(_ field: String) throws -> Int {
    let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
          let value = Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)) else {
        throw ValidationError("no \(field) in /proc/self/io")
    }
    return value
}
