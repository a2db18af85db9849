import Foundation
import RestackTestSupport
import Testing

/// The snippets in the README and the DocC articles are the ones this target compiles: every code
/// block after a `<!-- snippet: NAME -->` marker is, line for line (leading and trailing
/// whitespace aside), the region `// snippet: NAME` ... `// end snippet` of a Swift file here, and
/// every region here is in a document.
@Suite("Documentation snippets are the compiled ones")
struct SnippetTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose marked snippets must compile: the README and every article of the two
    /// DocC catalogs (found, not listed, so that a new article cannot escape the check).
    static var documents: [String] {
        get throws { try documentationFiles(in: root) }
    }

    static func lines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// NAME -> lines, from the marked code blocks of a document.
    static func documentSnippets(_ text: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        let all = lines(text)
        var index = 0
        while index < all.count {
            if all[index].hasPrefix("<!-- snippet: "), all[index].hasSuffix(" -->") {
                let name = String(all[index].dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                guard index + 1 < all.count, all[index + 1] == "```swift" else {
                    result[name] = ["(no swift code block after the marker)"]
                    index += 1
                    continue
                }
                var body: [String] = []
                var cursor = index + 2
                while cursor < all.count, all[cursor] != "```" {
                    body.append(all[cursor])
                    cursor += 1
                }
                result[name] = body
                index = cursor
            }
            index += 1
        }
        return result
    }

    /// NAME -> lines, from the regions of the Swift files of this target.
    static func compiledSnippets() throws -> [String: [String]] {
        let folder = root.appendingPathComponent("Tests/DocumentationSnippets")
        var result: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let all = lines(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            var current: (name: String, body: [String])?
            for line in all {
                if line.hasPrefix("// snippet: ") {
                    current = (String(line.dropFirst("// snippet: ".count)), [])
                } else if line == "// end snippet", let region = current {
                    result[region.name] = region.body
                    current = nil
                } else {
                    current?.body.append(line)
                }
            }
        }
        return result
    }

    @Test func everyMarkedSnippetIsCompiledAsWritten() throws {
        let compiled = try Self.compiledSnippets()
        var documented: Set<String> = []
        for document in try Self.documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            for (name, body) in Self.documentSnippets(text) {
                documented.insert(name)
                #expect(compiled[name] == body, "\(document): snippet \(name) differs from the compiled one:\n\(body.joined(separator: "\n"))\n---\n\((compiled[name] ?? []).joined(separator: "\n"))")
            }
        }
        #expect(Set(compiled.keys).subtracting(documented).isEmpty, "compiled snippets no document shows: \(Set(compiled.keys).subtracting(documented).sorted())")
        #expect(documented.count >= 5, "\(documented.sorted())")
    }
}
