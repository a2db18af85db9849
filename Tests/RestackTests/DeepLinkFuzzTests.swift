import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Deep-link files mutated at random, in process: each decodes (then merges into a random plan
/// and writes itself back) or is a typed error with a message; never a crash.
@Suite("Deep links: fuzzing")
struct DeepLinkFuzzTests {
    /// A link to random identifiers, pushing random records (nested containers, hostile
    /// identifiers), written, then cut, spliced and sprinkled with the state fuzzer's hostile bytes.
    static let mutated = Generator(run: { rng in
        let path = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Generators.identifier.run(using: &rng) ?? "a" }.filter { !$0.isEmpty }
        let push = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            var record = TreeGenerators.record(level: 2, using: &rng)
            if record.identifier?.isEmpty ?? true { record.identifier = "pushed" }
            return record
        }
        var bytes = [UInt8](DeepLink(path: path, push: push).jsonData())
        for _ in 0..<Int.random(in: 0...3, using: &rng) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0...3, using: &rng) {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &rng)))
            case 1: bytes.insert(contentsOf: StateFileFuzzTests.hostile.randomElement(using: &rng)!, at: at)
            case 2: bytes[at] = StateFileFuzzTests.hostile.randomElement(using: &rng)!.first!
            default:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            }
        }
        return Data(bytes)
    })

    @Test func mutatedLinksDecodeAndMergeOrFailWithATypedError() async {
        var accepted = 0, refused = 0
        await checkProperty(count: 2000, input: zip(Self.mutated, TreeGenerators.tree)) { data, tree in
            do {
                let link = try DeepLink.decode(data)
                accepted += 1
                #expect(try DeepLink.decode(link.jsonData()) == link)
                let merged = Restorer.plan(tree, layout: .compact).merging(link)
                #expect(merged.form == .tree)
            } catch let error as StateFileError {
                refused += 1
                #expect(!error.problem.isEmpty)
            } catch {
                Issue.record("untyped error \(error)")
            }
        }
        print("deep-link fuzzing: 2000 mutated links, \(accepted) accepted, \(refused) refused with a typed error")
        #expect(refused > 0 && accepted > 0, "the mutations reach both outcomes")
    }
}
