/// The version of Restack: the library, its store and `restore-inspect` share it.
///
/// ```swift
/// print(RestackVersion.current)   // "0.12.0"
/// ```
public enum RestackVersion {
    /// The version, as `restore-inspect --version` prints it. The one place it is written.
    public static let current = "0.12.0"
}
