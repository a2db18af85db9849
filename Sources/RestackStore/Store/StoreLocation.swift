import Foundation

/// Checks a store path before SQLite sees it, so that the common mistakes get their own errors.
enum StoreLocation {
    /// Returns whether a file exists at `path`; throws when the path cannot hold a store.
    static func check(_ path: String, mustExist: Bool) throws(StoreError) -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw .isDirectory(path: path)
            }
            return true
        }
        if mustExist {
            throw .fileNotFound(path: path)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var folderIsDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &folderIsDirectory), folderIsDirectory.boolValue else {
            throw .directoryNotFound(path: path)
        }
        return false
    }

    /// Whether the file at `path` may be written: the process has write access and the file
    /// has a write permission bit. The second test makes a read-only file read-only for the
    /// superuser too, who has write access to everything.
    static func isWritable(_ path: String) -> Bool {
        let manager = FileManager.default
        guard manager.isWritableFile(atPath: path) else { return false }
        let permissions = (try? manager.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
        return permissions & 0o222 != 0
    }
}
