import Foundation

/// Finds an executable of this package, built beside the test bundle: `$ENVIRONMENT_NAME` when
/// set, else the first folder near the running tests that holds it. Not part of Restack's API.
public func builtExecutable(named name: String, overriddenBy environmentName: String) -> URL {
    if let path = ProcessInfo.processInfo.environment[environmentName] {
        return URL(fileURLWithPath: path)
    }
    let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    for folder in candidates where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(name).path) {
        return folder.appendingPathComponent(name)
    }
    fatalError("\(name) not found near \(candidates.map(\.path)); build it or set \(environmentName)")
}
