import RestackStore

/// A restore answered "expired" where a test expected a restoration.
public struct UnexpectedlyExpired: Error, CustomStringConvertible {
    public var snapshot: SnapshotInfo
    public var description: String { "snapshot \(snapshot.id) expired" }
}

/// A restore answered "nothing saved" where a test expected a restoration.
public struct UnexpectedlyNothingSaved: Error, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "nothing saved for the session" }
}

extension RestoreAnswer {
    /// The restoration a test expects; throws (failing the test) when the snapshot expired or
    /// nothing was saved.
    public var restored: Restoration {
        get throws {
            switch self {
            case .restore(let restoration): return restoration
            case .expired(let info): throw UnexpectedlyExpired(snapshot: info)
            case .nothingSaved: throw UnexpectedlyNothingSaved()
            }
        }
    }
}
