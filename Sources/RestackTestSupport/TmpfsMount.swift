import Foundation

/// A small tmpfs mounted on a fresh folder, for tests of read-only media and full disks.
/// Mounting needs root (as on CI here); where it cannot mount, ``isAvailable`` is `false` and
/// the tests that need it are skipped. Not part of Restack's API.
public final class TmpfsMount: @unchecked Sendable {
    /// The mount point.
    public let url: URL

    /// Mounts a tmpfs of `kibibytes` KiB on a new temporary folder.
    public init(kibibytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("restack-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Whether this machine lets the tests mount a tmpfs.
    public static let isAvailable: Bool = {
        guard getuid() == 0, let mount = try? TmpfsMount(kibibytes: 64) else { return false }
        _ = mount
        return true
    }()

    /// The path of `name` on the mount.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Remounts read-only, or read-write again.
    public func remount(readOnly: Bool) {
        precondition(Self.run("/bin/mount", ["-o", "remount,\(readOnly ? "ro" : "rw")", url.path]), "remount failed")
    }

    /// Fills the mount with a file until no byte is left; returns the file's path.
    @discardableResult
    public func fill() -> String {
        let path = path("filler")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { return path }
        let chunk = [UInt8](repeating: 0, count: 4096)
        let descriptor = handle.fileDescriptor
        while chunk.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        try? handle.close()
        return path
    }

    /// The names of the files on the mount, sorted.
    public var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    deinit {
        _ = Self.run("/bin/umount", ["-l", url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool),
              let process = try? ChildProcess(tool, arguments, stdout: .nullDevice, stderr: .nullDevice) else { return false }
        return process.wait() == .exited(0)
    }
}
