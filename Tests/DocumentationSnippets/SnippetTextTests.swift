import Foundation
import RestackTestSupport
import Testing

/// The snippets in the README and the DocC articles are the ones this target compiles: every code
/// block after a `<!-- snippet: NAME -->` marker is, line for line (leading and trailing
/// whitespace aside), the region `// snippet: NAME` ... `// end snippet` of a Swift file here, or
/// of the example app's sources (`Examples/RestackMail`, which `RestackMailTests` builds and runs),
/// and every region is in a document.
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

    /// The folders whose Swift files hold compiled regions: this target's, and the example app's.
    static let regionFolders = ["Tests/DocumentationSnippets", "Examples/RestackMail/Sources/restack-mail"]

    /// NAME -> lines, from the regions of the Swift files of this target and of the example app.
    static func compiledSnippets() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for path in regionFolders {
            let folder = root.appendingPathComponent(path)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
                try regions(in: folder.appendingPathComponent(file), into: &result)
            }
        }
        return result
    }

    /// Adds the regions of one Swift file to `result`.
    static func regions(in file: URL, into result: inout [String: [String]]) throws {
        var current: (name: String, body: [String])?
        for line in lines(try String(contentsOf: file, encoding: .utf8)) {
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
        let forDocuments = Set(compiled.keys.filter { !$0.hasPrefix(Self.docCommentPrefix) })
        #expect(forDocuments.subtracting(documented).isEmpty, "compiled snippets no document shows: \(forDocuments.subtracting(documented).sorted())")
        #expect(documented.count >= 5, "\(documented.sorted())")
    }

    /// The name prefix of the regions that `///` comments show (not the documents).
    static let docCommentPrefix = "doc-comment-"

    /// The Swift code blocks of the `///` comments in a Swift file, each as its lines (a JSON
    /// block shows a file format, not code).
    static func docCommentExamples(_ text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        var isSwift = false
        for line in lines(text) {
            guard line.hasPrefix("///") else {
                current = nil
                continue
            }
            let comment = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            if comment.hasPrefix("```") {
                if let block = current {
                    if isSwift { result.append(block) }
                    current = nil
                } else {
                    current = []
                    isSwift = comment == "```swift"
                }
            } else {
                current?.append(comment)
            }
        }
        return result
    }

    /// Every Swift example in a `///` comment of the two libraries is a region this target
    /// compiles and runs, line for line (issue 27): an example that stops compiling fails here,
    /// not in a reader's app.
    @Test(arguments: [("Sources/RestackStore", 8), ("Sources/Restack", 20), ("Sources/RestackTesting", 1)])
    func everyDocCommentExampleIsCompiled(_ library: String, _ atLeast: Int) throws {
        let regions = try Self.compiledSnippets()
        let compiled = Set(regions.values)
        var shown: Set<[String]> = []
        var examples = 0
        for sources in ["Sources/RestackStore", "Sources/Restack", "Sources/RestackTesting"] {
            let folder = Self.root.appendingPathComponent(sources)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            for file in files.sorted() {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for example in Self.docCommentExamples(text) {
                    shown.insert(example)
                    guard sources == library else { continue }
                    examples += 1
                    #expect(compiled.contains(example), "\(sources)/\(file): this example is not a compiled snippet region:\n\(example.joined(separator: "\n"))")
                }
            }
        }
        #expect(examples >= atLeast, "the doc comments' examples were not found: \(examples)")
        let unshown = regions.filter { $0.key.hasPrefix(Self.docCommentPrefix) && !shown.contains($0.value) }.keys.sorted()
        #expect(unshown.isEmpty, "regions for doc comments that no doc comment shows: \(unshown)")
    }
}
