import Foundation
import Restack
import Testing

/// Issue 31, defect 2: a UTF-16 or UTF-32 document whose last code unit is cut short lost that
/// byte without a word. Every form (format 1, format 2, a NavigationPath, a deep link) is
/// refused instead, as a bad UTF-8 tail is; the whole document still reads.
@Suite("Partial code units")
struct PartialCodeUnitTests {
    static let documents: [(name: String, json: String)] = [
        ("format 1", #"{"formatVersion":1,"left":[{"identifier":"A","class":"AController"}],"right":null}"#),
        ("format 2", #"{"formatVersion":2,"root":{"kind":"stack","records":[{"identifier":"A","class":"AController"}]}}"#),
        ("NavigationPath", #"["A","1"]"#),
    ]

    /// Each encoding `JSONDecoder` reads, with its byte order mark where one is written, and its
    /// code unit's size.
    static let encodings: [(name: String, bom: [UInt8], encoding: String.Encoding, unit: Int)] = [
        ("UTF-16LE with BOM", [0xFF, 0xFE], .utf16LittleEndian, 2),
        ("UTF-16LE", [], .utf16LittleEndian, 2),
        ("UTF-16BE with BOM", [0xFE, 0xFF], .utf16BigEndian, 2),
        ("UTF-16BE", [], .utf16BigEndian, 2),
        ("UTF-32LE with BOM", [0xFF, 0xFE, 0, 0], .utf32LittleEndian, 4),
        ("UTF-32LE", [], .utf32LittleEndian, 4),
        ("UTF-32BE with BOM", [0, 0, 0xFE, 0xFF], .utf32BigEndian, 4),
        ("UTF-32BE", [], .utf32BigEndian, 4),
    ]

    @Test(arguments: 0..<3, 0..<8)
    func aTrailingPartialCodeUnitIsRefused(_ document: Int, _ encoding: Int) throws {
        let (name, json) = Self.documents[document]
        let (encodingName, bom, stringEncoding, unit) = Self.encodings[encoding]
        let whole = Data(bom) + json.data(using: stringEncoding)!
        #expect(throws: Never.self, "\(name) in \(encodingName) reads whole") { try StateFile.decode(whole) }
        for extra in 1..<unit {
            let cut = whole + Data(repeating: 0x41, count: extra)
            let error = #expect(throws: StateFileError.self, "\(name) in \(encodingName) + \(extra) byte(s)") { try StateFile.decode(cut) }
            #expect(error?.problem.contains("not valid UTF-8, UTF-16 or UTF-32") == true, "\(String(describing: error))")
        }
    }

    @Test(arguments: 0..<8)
    func aDeepLinkWithAPartialCodeUnitIsRefused(_ encoding: Int) throws {
        let (encodingName, bom, stringEncoding, _) = Self.encodings[encoding]
        let whole = Data(bom) + #"{"path":["inbox"]}"#.data(using: stringEncoding)!
        #expect(try DeepLink.decode(whole) == DeepLink(path: ["inbox"]), "\(encodingName)")
        #expect(throws: StateFileError.self, "\(encodingName)") { try DeepLink.decode(whole + Data([0x41])) }
    }

    /// Also seen in issue 31: `{}` is a deep link, the empty one, on purpose (both keys may be
    /// left out). It reveals nothing and pushes nothing: the plan restores what it restored.
    @Test func theEmptyDeepLinkChangesNothing() throws {
        let link = try DeepLink.decode(Data("{}".utf8))
        #expect(link == DeepLink())
        let tree = RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "a", className: "A"), RestorationRecord(identifier: "b", className: "B"),
        ])))
        let plan = Restorer.plan(tree)
        let merged = plan.merging(link)
        #expect(merged.restoredTree == plan.restoredTree)
        #expect(merged.dropped.isEmpty && merged.notes.isEmpty)
    }
}
