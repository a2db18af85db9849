/// How two app versions (``SnapshotStore/Options/appVersion``) compare: which snapshots a
/// running app calls newer than itself (``SnapshotStore/Options/restoresNewerAppVersions``).
///
/// A version is compared numerically by dot-separated components, `"2.10.1"` after `"2.9"`,
/// missing components counting as 0 (`"2.9"` equals `"2.9.0"`). The form an app's `Info.plist`
/// gives by default, `"3.0 (45)"`, compares its marketing version first, then its build in
/// parentheses when both versions have one (the build compared the same way).
///
/// A version that does not parse (empty, `nil`, letters such as `"2.0-beta"`, a component past
/// `Int.max`) is never newer nor older: a snapshot whose version, or the running app's, cannot be
/// compared is restored as any other, never passed over.
enum AppVersionOrder {
    /// A parsed version: its marketing components, and its build's, if it has one.
    struct Parsed: Equatable {
        var version: [Int]
        var build: [Int]?
    }

    /// `saved` is newer than `running`: both parse, and `saved` comes after `running`.
    static func isNewer(_ saved: String?, than running: String?) -> Bool {
        guard let saved = saved.flatMap(parse), let running = running.flatMap(parse) else { return false }
        switch compare(saved.version, running.version) {
        case .some(true): return true
        case .some(false): return false
        case nil:
            guard let savedBuild = saved.build, let runningBuild = running.build else { return false }
            return compare(savedBuild, runningBuild) == true
        }
    }

    /// `"2.10.1"`, `"3.0 (45)"`, `"3.0 (45.2)"`; `nil` for anything else.
    static func parse(_ text: String) -> Parsed? {
        guard let open = text.firstIndex(of: " ") else {
            return components(Substring(text)).map { Parsed(version: $0, build: nil) }
        }
        let rest = text[text.index(after: open)...]
        guard rest.first == "(", rest.last == ")", rest.count > 2,
              let version = components(text[..<open]),
              let build = components(rest.dropFirst().dropLast()) else {
            return nil
        }
        return Parsed(version: version, build: build)
    }

    /// Dot-separated ASCII digits, each fitting an `Int`; `nil` for anything else.
    private static func components(_ text: Substring) -> [Int]? {
        var result: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = Int(part) else {
                return nil
            }
            result.append(value)
        }
        return result
    }

    /// `true` when `a` comes after `b`, `false` when before, `nil` when equal (missing
    /// components count as 0).
    private static func compare(_ a: [Int], _ b: [Int]) -> Bool? {
        for index in 0..<max(a.count, b.count) {
            let (x, y) = (index < a.count ? a[index] : 0, index < b.count ? b[index] : 0)
            if x != y { return x > y }
        }
        return nil
    }
}
