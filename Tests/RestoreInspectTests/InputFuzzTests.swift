import Foundation
import PropertyBased
import RestackPropertyTesting
import Testing

/// `plan --input` and `import` fed random and mutated JSON: every input gives a plan (exit 0)
/// or an invalid-input error (exit 65, one line), never a crash or a hang, and a rejected import
/// writes nothing.
@Suite("restore-inspect input fuzzing", .serialized)
struct InputFuzzTests {
    static let example = Data("""
        { "formatVersion": 1,
          "left":  [ {"identifier": "inbox", "class": "InboxController", "payload": "aGVsbG8="},
                     {"identifier": null, "class": "ComposeController"} ],
          "right": {"identifier": "message-42", "class": "MessageController"} }
        """.utf8)

    /// Random JSON that often has the right keys with the wrong shapes, from a seed.
    static func randomJSON(seed: UInt64) -> Data {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            return z ^ (z >> 27)
        }
        let keys = ["formatVersion", "left", "right", "identifier", "class", "payload", "extra"]
        func value(_ depth: Int) -> Any {
            switch next() % (depth > 3 ? 6 : 9) {
            case 0: return NSNull()
            case 1: return next() % 2 == 0
            case 2: return Int(truncatingIfNeeded: next() % 2000) - 1000
            case 3: return Double(next() % 1000) / 7
            case 4: return ["aGVsbG8=", "", " ", "not base64!", "é\u{0}", "inbox"][Int(next() % 6)]
            case 5: return Int(next() % 3)
            case 6, 7:
                var object: [String: Any] = [:]
                for _ in 0..<(next() % 5) { object[keys[Int(next() % UInt64(keys.count))]] = value(depth + 1) }
                return object
            default:
                return (0..<(next() % 4)).map { _ in value(depth + 1) }
            }
        }
        var top: [String: Any] = ["formatVersion": next() % 3 == 0 ? value(1) : 1, "left": next() % 4 == 0 ? value(1) : (0..<(next() % 4)).map { _ in value(2) }]
        if next() % 2 == 0 { top["right"] = value(1) }
        return (try? JSONSerialization.data(withJSONObject: top)) ?? Data("{}".utf8)
    }

    /// A valid document with random contents: identifiers and classes of every kind, payloads.
    static func validJSON(seed: UInt64, bytes: [UInt8]) -> Data {
        let texts: [Any] = [NSNull(), "", " ", "inbox", "é\u{0}🙂", String(decoding: bytes, as: UTF8.self)]
        func record(_ k: UInt64) -> [String: Any] {
            var record: [String: Any] = ["identifier": texts[Int(k % 6)], "class": texts[Int((k / 6) % 6)]]
            if k % 3 == 0 { record["payload"] = Data(bytes).base64EncodedString() }
            return record
        }
        var top: [String: Any] = ["formatVersion": 1 + Int(seed % 3), "left": (0..<(seed % 5)).map { record(seed &* ($0 + 7)) }]
        if seed % 2 == 0 { top["right"] = record(seed / 3) }
        return (try? JSONSerialization.data(withJSONObject: top)) ?? Data("{}".utf8)
    }

    /// The documented example with bytes flipped, cut short, random bytes altogether, random
    /// JSON, or a valid document with random contents.
    static func input(mode: Int, seed: UInt64, bytes: [UInt8]) -> Data {
        var data = example
        switch mode {
        case 4:
            return validJSON(seed: seed, bytes: bytes)
        case 0:
            return Data(bytes)
        case 1:
            for (offset, byte) in bytes.prefix(4).enumerated() {
                data[(Int(seed % UInt64(data.count)) + offset * 37) % data.count] = byte
            }
            return data
        case 2:
            return data.prefix(Int(seed % UInt64(data.count)))
        default:
            return randomJSON(seed: seed)
        }
    }

    static let inputs = zip(Gen.int(in: 0...4), Gen<UInt64>.value(in: 0...UInt64.max), Gen<UInt8>.value(in: 0...255).array(of: 0...64))
        .map { mode, seed, bytes in input(mode: mode, seed: seed, bytes: bytes) }

    @Test(.timeLimit(.minutes(3)))
    func everyInputGivesAPlanOrAnInvalidInputError() async throws {
        let scratch = try Scratch()
        let store = try scratch.demoStore()
        var counts = [Int32: Int]()
        await checkProperty(count: 120, input: Self.inputs) { data in
            let plan = try CLI.run(["plan", "--input", "-", "--json"], stdin: data)
            counts[plan.status, default: 0] += 1
            #expect(plan.status == 0 || plan.status == 65, "exit \(plan.status) for \(String(decoding: data, as: UTF8.self)): \(plan.stderr)")
            if plan.status == 0 {
                #expect(plan.json is [String: Any])
            } else {
                #expect(plan.stderr.split(separator: "\n").count == 1 && plan.stderr.contains("invalid state file"))
            }

            let before = try CLI.run(["sessions", "--db", store, "--json"]).stdout
            let imported = try CLI.run(["import", "--db", store, "--session", "fuzz", "--input", "-"], stdin: data)
            #expect(imported.status == plan.status, "import and plan agree on what is valid")
            if imported.status != 0 {
                #expect(try CLI.run(["sessions", "--db", store, "--json"]).stdout == before, "a rejected import writes nothing")
            }
        }
        print("input fuzzing: 120 inputs, exit codes \(counts.sorted { $0.key < $1.key })")
        #expect(counts[65, default: 0] > 0 && counts[0, default: 0] > 0, "the inputs must cover both outcomes")
    }
}
