import Foundation

// libFuzzer targets for the readers and the planner (issue 31). Compiled into one binary with
// the sources of the Restack module (see Fuzz/run.sh), so this file is part of that module.
// The target is chosen by RESTACK_FUZZ_TARGET: state-file, deep-link or plan-merge. Every
// broken invariant is a crash, which libFuzzer saves as a reproducer.

/// What a fuzz input is read as.
enum FuzzTarget: String, CaseIterable {
    /// A state file in any form and encoding: `StateFile.decode`, then planning.
    case stateFile = "state-file"
    /// A deep-link file: `DeepLink.decode`, then merging into fixed plans.
    case deepLink = "deep-link"
    /// A state file, a NUL byte, a deep-link file: both read, planned and merged.
    case planMerge = "plan-merge"

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["RESTACK_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("RESTACK_FUZZ_TARGET must be one of \(allCases.map(\.rawValue)), not \"\(name)\"\n".utf8))
            exit(2)
        }
        return target
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func restackFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    switch FuzzTarget.current {
    case .stateFile:
        FuzzChecks.stateFile(data)
    case .deepLink:
        FuzzChecks.deepLink(data)
    case .planMerge:
        let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        FuzzChecks.planMerge(state: Data(parts[0]), link: parts.count > 1 ? Data(parts[1]) : Data("{}".utf8))
    }
    return 0
}
