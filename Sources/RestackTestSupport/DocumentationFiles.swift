import Foundation

/// The documents a reader reads, relative to the package's folder: the README, then every article
/// of the two DocC catalogs, sorted (found, not listed, so that a new article cannot escape the
/// tests that check them).
public func documentationFiles(in root: URL) throws -> [String] {
    var result = ["README.md"]
    for catalog in ["Sources/Restack/Restack.docc", "Sources/RestackStore/RestackStore.docc"] {
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)
        result += files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }
    return result
}
