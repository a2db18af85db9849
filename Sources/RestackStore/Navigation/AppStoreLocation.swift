import Foundation

/// Where a ``NavigationModel`` keeps its store when the app names no file: a folder of the app's
/// own in Application Support, `<Application Support>/<bundle identifier>/navigation.sqlite`
/// (the process's name when it has no bundle identifier). On macOS and Linux, Application
/// Support is shared by every program of the user, so a file directly in it could be another
/// program's.
package enum AppStoreLocation {
    /// The store's file name.
    package static let fileName = "navigation.sqlite"

    /// The app's folder name: its bundle identifier, or its process's name.
    package static var folderName: String {
        let name = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        return name.isEmpty || name == "." || name == ".." || name.contains("/") ? "Restack" : name
    }

    /// The store's file, its folder created if missing, with a file protection that lets a
    /// restore run at any launch after the device's first unlock.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:detail:)`` when Application Support or the folder
    ///   cannot be found or made.
    package static func url() throws(StoreError) -> URL {
        let manager = FileManager.default
        let support: URL
        do {
            support = try manager.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        } catch {
            throw .cannotOpen(path: "Application Support", detail: "\(error.localizedDescription)")
        }
        let folder = support.appendingPathComponent(folderName, isDirectory: true)
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            if let protection {
                // New files in the folder take its class: the store, its -wal and its -shm.
                try manager.setAttributes(protection, ofItemAtPath: folder.path)
            }
        } catch {
            throw .cannotOpen(path: folder.path, detail: "\(error.localizedDescription)")
        }
        return folder.appendingPathComponent(fileName)
    }

    /// The folder's file protection, on the systems that have one.
    private static var protection: [FileAttributeKey: Any]? {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication]
        #else
        nil
        #endif
    }
}
