import Foundation
import Testing

/// The libraries' privacy manifest (`Sources/RestackStore/PrivacyInfo.xcprivacy`, a resource of
/// the target that calls the APIs): a valid XML property list that declares exactly the
/// categories of Apple's required-reason APIs the libraries' code calls, each with a reason Apple
/// approves for that category.
@Suite("The privacy manifest")
struct PrivacyManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let manifest = root.appendingPathComponent("Sources/RestackStore/PrivacyInfo.xcprivacy")

    /// Each category of required-reason API: calls that belong to it (as Apple's list names them,
    /// and what calls them for Swift: `DispatchTime` reads the clock `mach_absolute_time` reads),
    /// and the reasons Apple approves for it.
    static let categories: [(name: String, calls: [String], reasons: Set<String>)] = [
        ("NSPrivacyAccessedAPICategoryFileTimestamp",
         ["stat(", "lstat(", "fstat(", "fstatat(", "getattrlist", "creationDate", "modificationDate", "contentModificationDateKey",
          "creationDateKey", "attributesOfItem("],
         ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        ("NSPrivacyAccessedAPICategoryDiskSpace",
         ["statfs(", "statvfs(", "fstatfs(", "fstatvfs(", "volumeAvailableCapacity", "volumeTotalCapacity", "systemFreeSize", "systemSize",
          "NSFileSystemFreeSize", "attributesOfFileSystem("],
         ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        ("NSPrivacyAccessedAPICategorySystemBootTime",
         ["systemUptime", "mach_absolute_time", "mach_continuous_time", "DispatchTime.now", "uptimeNanoseconds", "CLOCK_UPTIME", "CLOCK_MONOTONIC"],
         ["35F9.1", "8FFB.1", "3D61.1"]),
        ("NSPrivacyAccessedAPICategoryUserDefaults", ["UserDefaults", "CFPreferences"], ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["activeInputModes"], ["3EC4.1", "54BD.1"]),
    ]

    /// The code of the libraries a manifest speaks for: every Swift line of `Restack` and
    /// `RestackStore` but its `//` comments.
    static func libraryCode() throws -> [(file: String, line: String)] {
        var lines: [(String, String)] = []
        for target in ["Restack", "RestackStore"] {
            let folder = root.appendingPathComponent("Sources/\(target)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files.sorted() {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if !code.hasPrefix("//") {
                        lines.append(("\(target)/\(file)", String(code.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")))
                    }
                }
            }
        }
        return lines
    }

    @Test func theManifestIsAnXMLPropertyListThatTracksNothing() throws {
        let data = try Data(contentsOf: Self.manifest)
        var format = PropertyListSerialization.PropertyListFormat.binary
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any])
        #expect(format == .xml)
        #expect(plist["NSPrivacyTracking"] as? Bool == false)
        #expect((plist["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((plist["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true, "the store sends nothing anywhere")
    }

    @Test func itDeclaresEveryCategoryTheCodeCallsAndNoOther() throws {
        let data = try Data(contentsOf: Self.manifest)
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let entries = try #require(plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for entry in entries {
            let name = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            #expect(declared[name] == nil, "\(name) declared once")
            declared[name] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        let code = try Self.libraryCode()
        var used: Set<String> = []
        for category in Self.categories {
            let calls = code.filter { line in category.calls.contains { line.line.contains($0) } }
            if !calls.isEmpty {
                used.insert(category.name)
            }
            if let reasons = declared[category.name] {
                #expect(!reasons.isEmpty && Set(reasons).isSubset(of: category.reasons), "\(category.name): \(reasons), Apple approves \(category.reasons.sorted())")
                #expect(!calls.isEmpty, "\(category.name) is declared, but no code calls it")
            } else {
                #expect(calls.isEmpty, "\(category.name) is not declared, but called: \(calls.prefix(3).map { "\($0.file): \($0.line)" })")
            }
        }
        #expect(Set(declared.keys) == used)
        #expect(used == ["NSPrivacyAccessedAPICategoryFileTimestamp", "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategorySystemBootTime"])
    }

    /// A resource of the target that calls the APIs, copied as it is, as GRDB ships its own.
    @Test func itIsTheStoresResource() throws {
        let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let store = try #require(package.range(of: ".target(\n            name: \"RestackStore\","))
        let next = package.range(of: ".target(", range: store.upperBound..<package.endIndex)?.lowerBound ?? package.endIndex
        #expect(package[store.upperBound..<next].contains(#"resources: [.copy("PrivacyInfo.xcprivacy")]"#))
        // Nothing reads the resource at run time: a tool or an app without the bundle still runs.
        #expect(try Self.libraryCode().allSatisfy { !$0.line.contains("Bundle.module") })
    }
}
