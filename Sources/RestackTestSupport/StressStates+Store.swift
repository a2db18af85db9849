import RestackStore

extension StressStates {
    /// Whether a stored snapshot is exactly what a helper saved under its tag (its app
    /// version): a snapshot with a missing record, a stray record or a changed byte is torn.
    public static func isIntact(_ snapshot: StoredSnapshot) -> Bool {
        guard let (seed, index) = parse(tag: snapshot.info.appVersion) else { return false }
        let expected = state(seed: seed, index: index)
        return snapshot.tree == expected && snapshot.info.recordCount == expected.recordCount
    }
}
