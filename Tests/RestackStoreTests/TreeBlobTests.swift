import Foundation
import PropertyBased
import RestackPropertyTesting
@testable import RestackStore
import Testing

/// The tree blob of migration 9 (`restack_snapshot.tree`): entries come back exactly as encoded,
/// and bytes that are not a tree are an error saying what is wrong, never a trap.
@Suite("Tree blobs")
struct TreeBlobTests {
    /// A name: released (written as its number) or any text (written inline).
    static let name = zip(Gen.int(in: 0...2), Gen.int(in: 0..<ReleasedNames.all.count), StoreGenerators.text).map { kind, index, text in
        kind == 0 ? text : ReleasedNames.all[index]
    }

    /// A setting's value of any storage class; reals of any bit pattern (NaNs, -0.0).
    static let value = zip(Gen.int(in: 0...5), Gen.int64(), Gen.uint64(), name, Gen.uint8().array(of: 0...20)).map {
        kind, integer, bits, text, bytes -> TreeBlob.Value in
        switch kind {
        case 0: .null
        case 1: .integer(integer)
        case 2: .real(Double(bitPattern: bits))
        case 3, 4: .text(text)
        default: .blob(Data(bytes))
        }
    }

    /// Any tree the format can hold: owners before what they own, one container per owner at
    /// most, the root's first; positions and value ids of any size.
    static let blob = zip(
        zip(Gen.int(in: 0...Int.max), name, Gen.int(in: 0...Int.max), Gen.int64(in: 0...Int64.max)).array(of: 0...12),
        zip(Gen.int(in: 0...Int.max), name, zip(name, value).array(of: 0...4)).array(of: 0...6)
    ).map { records, containers -> TreeBlob in
        let placed = records.enumerated().map { index, record in
            TreeBlob.Record(owner: record.0 % (index + 1), slot: record.1, position: record.2, valueID: record.3)
        }
        var owners: Set<Int> = []
        let held = containers.enumerated().compactMap { index, container -> TreeBlob.Container? in
            let owner = index == 0 ? 0 : container.0 % (placed.count + 1)
            guard owners.insert(owner).inserted else { return nil }
            return TreeBlob.Container(owner: owner, kind: container.1, settings: container.2.map { TreeBlob.Setting(name: $0.0, value: $0.1) })
        }
        return TreeBlob(records: placed, containers: held)
    }

    @Test func anyTreeComesBackAsEncoded() async {
        await checkProperty(count: 300, input: Self.blob) { blob in
            let bytes = blob.encoded
            let decoded = try TreeBlob(decoding: bytes)
            #expect(decoded == blob)
            #expect(decoded.encoded == bytes, "one encoding per tree")
        }
    }

    @Test func everyCutOfATreeIsMalformedNotATrap() async {
        await checkProperty(count: 100, input: zip(Self.blob, Gen.int(in: 0...Int.max))) { blob, seed in
            let bytes = blob.encoded
            let cut = seed % bytes.count
            #expect(throws: TreeBlob.Malformed.self) { try TreeBlob(decoding: bytes.prefix(cut)) }
            #expect(throws: TreeBlob.Malformed.self) { try TreeBlob(decoding: bytes + [0]) }
        }
    }

    /// Random bytes, and trees with one byte changed: decoded or refused, never a trap.
    @Test func anyBytesDecodeOrAreRefused() async {
        await checkProperty(count: 300, input: zip(Gen.uint8().array(of: 0...64), Self.blob, Gen.int(in: 0...Int.max), Gen.uint8())) {
            noise, blob, seed, byte in
            _ = try? TreeBlob(decoding: Data([TreeBlob.format] + noise))
            var bytes = blob.encoded
            bytes[seed % bytes.count] = byte
            if let decoded = try? TreeBlob(decoding: bytes) {
                #expect(decoded.records.enumerated().allSatisfy { $0.element.owner <= $0.offset })
            }
        }
    }

    /// The format's bytes, pinned: a stack of two records under the root, a split owned by the
    /// second with a released setting value and an inline one, and an unreleased kind's name.
    @Test func theBytesOfATree() throws {
        let blob = TreeBlob(
            records: [
                TreeBlob.Record(owner: 0, slot: "records", position: 0, valueID: 300),
                TreeBlob.Record(owner: 0, slot: "records", position: 1, valueID: 1),
                TreeBlob.Record(owner: 2, slot: "wing", position: 2, valueID: 7),
            ],
            containers: [
                TreeBlob.Container(owner: 0, kind: "stack", settings: [TreeBlob.Setting(name: "afterDrop", value: .text("truncate"))]),
                TreeBlob.Container(owner: 2, kind: "wings", settings: [
                    TreeBlob.Setting(name: "selected", value: .integer(-2)),
                    TreeBlob.Setting(name: "focus", value: .text("é")),
                    TreeBlob.Setting(name: "zoom", value: .real(1.5)),
                    TreeBlob.Setting(name: "focus", value: .null),
                    TreeBlob.Setting(name: "compact", value: .blob(Data([0xFF]))),
                ]),
            ])
        let expected: [UInt8] = [
            0x01, // format
            0x03, // 3 records
            0x00, 0x03, 0x00, 0xAC, 0x02, // root, released 2 ("records"), 0, value 300
            0x00, 0x03, 0x01, 0x01, // root, "records", 1, value 1
            0x02, 0x00, 0x04, 0x77, 0x69, 0x6E, 0x67, 0x02, 0x07, // record 2's container, inline "wing", 2, value 7
            0x02, // 2 containers
            0x00, 0x0C, 0x01, 0x13, 0x05, 0x16, // root, "stack", 1 setting: "afterDrop" = released 22 ("truncate")
            0x02, 0x00, 0x05, 0x77, 0x69, 0x6E, 0x67, 0x73, 0x05, // record 2's, inline "wings", 5 settings
            0x12, 0x01, 0x03, // "selected" = integer -2 (zigzag 3)
            0x10, 0x03, 0x02, 0xC3, 0xA9, // "focus" = text "é"
            0x00, 0x04, 0x7A, 0x6F, 0x6F, 0x6D, 0x02, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0, // inline "zoom" = real 1.5
            0x10, 0x00, // "focus" = NULL
            0x11, 0x04, 0x01, 0xFF, // "compact" = blob FF
        ]
        #expect([UInt8](blob.encoded) == expected)
        #expect(try TreeBlob(decoding: Data(expected)) == blob)
    }

    /// Each way bytes can fail to be a tree, and what the error says.
    @Test(arguments: [
        ([], "truncated: the format is missing"),
        ([0x02, 0x00, 0x00], "an unknown format 2"),
        ([0x01, 0x05, 0x00], "truncated: the record count (byte 1) is 5, more than the 1 bytes left"),
        ([0x01, 0x01, 0x01, 0x01, 0x00, 0x01, 0x00], "record 1's owner 1 (byte 2) is not a record before it"),
        ([0x01, 0x01, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x00],
         "record 1's value id (byte 5) is a varint past 64 bits"),
        ([0x01, 0x01, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00],
         "record 1's value id (byte 5) is 18446744073709551615, past the largest integer"),
        ([0x01, 0x01, 0x00, 0x60, 0x00, 0x01, 0x00], "record 1's slot (byte 3) names released name 95, which this version does not know"),
        ([0x01, 0x01, 0x00, 0x00, 0x01, 0xFF, 0x00, 0x01, 0x00], "record 1's slot (byte 3) is not UTF-8"),
        ([0x01, 0x00, 0x01, 0x00, 0x0C, 0x01, 0x10, 0x09], "setting 1 of container 1's value (byte 7) has an unknown tag 9"),
        ([0x01, 0x00, 0x01, 0x01, 0x0C, 0x00], "container 1's owner 1 (byte 3) is not one of the 0 records"),
        ([0x01, 0x01, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x0C, 0x00], "the first container (byte 7) is not the root's"),
        ([0x01, 0x00, 0x02, 0x00, 0x0C, 0x00, 0x00, 0x0C, 0x00], "container 2's owner 0 (byte 6) already has a container"),
        ([0x01, 0x00, 0x00, 0x00], "1 bytes after the last container (byte 3)"),
        // One value, one form: a search for the trees naming value 2 looks for the byte 02.
        ([0x01, 0x01, 0x00, 0x01, 0x00, 0x82, 0x00, 0x00], "record 1's value id (byte 5) is a varint with a needless last zero byte"),
        ([0x01, 0x80, 0x00, 0x00], "the record count (byte 1) is a varint with a needless last zero byte"),
    ] as [([UInt8], String)])
    func malformedBytesSayWhatIsWrong(_ bytes: [UInt8], _ message: String) {
        #expect {
            try TreeBlob(decoding: Data(bytes))
        } throws: { error in
            ((error as? TreeBlob.Malformed)?.detail ?? "").contains(message)
        }
    }
}
