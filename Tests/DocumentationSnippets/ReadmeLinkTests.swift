import Foundation
import Testing

/// The README is read on its own, on a forge or in a checkout: it links only files that are in the
/// repository, links the getting-started article first, and quotes no count of things that grow
/// (tests, sessions, articles...), which would go stale with the next change.
@Suite("the README's links and figures")
struct ReadmeLinkTests {
    static let readme: String = {
        let url = SnippetTextTests.root.appendingPathComponent("README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The targets of the README's Markdown links that are not web addresses or anchors.
    static var localLinks: [String] {
        var result: [String] = []
        var rest = readme[...]
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = String(after[..<close])
            if !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") {
                result.append(String(target.split(separator: "#", maxSplits: 1).first ?? ""))
            }
            rest = after[close...]
        }
        return result
    }

    @Test func everyLinkNamesAFileOfTheRepository() {
        #expect(Self.localLinks.count >= 5, "\(Self.localLinks)")
        for link in Self.localLinks {
            #expect(FileManager.default.fileExists(atPath: SnippetTextTests.root.appendingPathComponent(link).path), "README links \(link), which is not in the repository")
        }
    }

    @Test func theGettingStartedArticleIsTheFirstLink() {
        #expect(Self.localLinks.first == "Sources/RestackStore/RestackStore.docc/GettingStarted.md", "\(Self.localLinks.prefix(3))")
    }

    @Test func noCountOfThingsThatGrow() {
        let things: Set<String> = ["tests", "sessions", "articles", "cases", "rules", "commands", "kinds", "files"]
        let words = Self.readme.split { !($0.isLetter || $0.isNumber || $0 == ",") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
        var found: [String] = []
        for (index, word) in words.enumerated().dropLast() where !word.isEmpty && word.allSatisfy({ $0.isNumber || $0 == "," }) {
            let next = words[index + 1].lowercased(), after = index + 2 < words.count ? words[index + 2].lowercased() : ""
            if things.contains(next) || things.contains(after) && ["case", "test"].contains(next) {
                found.append("\(word) \(words[index + 1])")
            }
        }
        #expect(found.isEmpty, "the README quotes counts that go stale: \(found)")
    }

    /// The DocC articles of both catalogs quote no count of the tests either ("about 300 tests"):
    /// the suite grows with every change. Other counts there are a test's inputs (50 runs, 20,000
    /// classes), which stay as they are.
    @Test func noArticleCountsTheTests() throws {
        let catalogs = ["Sources/Restack/Restack.docc", "Sources/RestackStore/RestackStore.docc"]
        var articles = 0
        var found: [String] = []
        for catalog in catalogs {
            let folder = SnippetTextTests.root.appendingPathComponent(catalog)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
                articles += 1
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                let words = text.split { !($0.isLetter || $0.isNumber || $0 == ",") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                for (index, word) in words.enumerated().dropLast() where !word.isEmpty && word.allSatisfy({ $0.isNumber || $0 == "," }) {
                    if ["tests", "suites"].contains(words[index + 1].lowercased()) {
                        found.append("\(name): \(word) \(words[index + 1])")
                    }
                }
            }
        }
        #expect(articles >= 10, "articles found: \(articles)")
        #expect(found.isEmpty, "articles quote counts of tests that go stale: \(found)")
    }
}
