import Foundation

/// restack-mail, the example app: a package of its own in `Examples/RestackMail`, which Restack's
/// package cannot depend on (it depends on Restack). The tests that run it build it here, once
/// per test process, with its tests: `swift build --build-tests` on its folder, into
/// `.build-examples` beside the package's own `.build` (two builds of one scratch folder wait for
/// each other, so parallel test processes share one build too). `$RESTACK_MAIL`, when set, is the
/// app to run instead, built elsewhere (the example's own tests are then not run). Not part of
/// Restack's API.
package enum ExampleBuild {
    /// The package's folder, found from this file's place in it.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The example package's folder.
    package static let packagePath = root.appendingPathComponent("Examples/RestackMail").path

    /// Where the example is built.
    package static let scratchPath = root.appendingPathComponent(".build-examples").path

    /// Why the example could not be built.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The built `restack-mail`; the build's error output when it failed.
    package static func restackMail() throws(Failure) -> URL {
        if let path = ProcessInfo.processInfo.environment["RESTACK_MAIL"] {
            return URL(fileURLWithPath: path)
        }
        return try built.get().appendingPathComponent("restack-mail")
    }

    /// The example's build, started by the first test that needs it (a static's initializer runs
    /// once, the other callers waiting for it): its binaries' folder.
    private static let built: Result<URL, Failure> = Result { () throws(Failure) -> URL in
        let started = Date()
        let output = try swift(["build", "--build-tests"])
        guard output.termination == .exited(0) else {
            throw Failure(description: "swift build --package-path \(packagePath) failed (\(output.termination)):\n\(output.stdoutText.suffix(4000))\n\(output.stderrText.suffix(4000))")
        }
        FileHandle.standardError.write(Data("ExampleBuild: restack-mail and its tests built in \(Int(Date().timeIntervalSince(started))) s\n".utf8))
        return URL(fileURLWithPath: scratchPath).appendingPathComponent("debug")
    }

    /// Runs the example's own tests (in process: its commands, keys, drawing, navigation state),
    /// built with the app; their output, for a failure to show.
    package static func runItsTests() throws(Failure) -> ChildProcess.Output {
        _ = try built.get()
        return try swift(["test", "--skip-build"])
    }

    /// `swift COMMAND ARGUMENTS` on the example's package, in its scratch folder, to its end.
    private static func swift(_ arguments: [String]) throws(Failure) -> ChildProcess.Output {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let swift = paths.map({ "\($0)/swift" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "no swift on the PATH to build \(packagePath) with")
        }
        let command = [arguments[0], "--package-path", packagePath, "--scratch-path", scratchPath] + arguments.dropFirst()
        do {
            return try ChildProcess.run(swift, command, stdin: .nullDevice)
        } catch {
            throw Failure(description: "swift \(command.joined(separator: " ")): \(error)")
        }
    }
}
