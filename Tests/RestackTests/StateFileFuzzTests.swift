import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Format-2 state files mutated at random, in process (thousands of inputs): each decodes, and
/// then plans and round-trips, or is a typed error with a message; never a crash.
@Suite("State file fuzzing")
struct StateFileFuzzTests {
    /// The bytes most likely to break a structure scan or a decoder.
    static let hostile: [[UInt8]] = ["{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\ud83d", "\\udc00", "\\u0061", "null", "0.5", "-1", "1e999", "\u{0}", "\u{202E}", "\"kind\"", "\"container\"", "\"selected\""].map { Array($0.utf8) }

    /// A document: a random tree, written, then cut, spliced and sprinkled with hostile bytes.
    static let mutated = Generator(run: { rng in
        var bytes = [UInt8](StateFile.encode(TreeGenerators.tree.run(using: &rng)))
        for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0...3, using: &rng) {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &rng)))
            case 1: bytes.insert(contentsOf: hostile.randomElement(using: &rng)!, at: at)
            case 2: bytes[at] = hostile.randomElement(using: &rng)!.first!
            default:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: at)   // a repeated run: duplicate keys, extra records
            }
        }
        return Data(bytes)
    })

    @Test func mutatedDocumentsDecodeOrFailWithATypedError() async {
        var accepted = 0, refused = 0
        await checkProperty(count: 3000, input: Self.mutated) { data in
            do {
                let tree = try StateFile.decode(data)
                accepted += 1
                _ = Restorer.plan(tree, layout: .compact)
                #expect(try StateFile.decode(StateFile.encode(tree)) == tree)
            } catch let error as StateFileError {
                refused += 1
                #expect(!error.problem.isEmpty)
            } catch {
                Issue.record("untyped error \(error)")
            }
        }
        print("state file fuzzing: 3000 mutated documents, \(accepted) accepted, \(refused) refused with a typed error")
        #expect(accepted + refused == 3000)
        #expect(refused > 0 && accepted > 0, "the mutations reach both outcomes")
    }
}
