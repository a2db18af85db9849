extension PersistencePolicies {
    /// The tree as it may be written: each record whose class is ``PersistencePolicy/never``
    /// saved is replaced, with every record above it in its sequence, by one note of the cut (a
    /// record of a reserved class with no identifier, payload or container) that restores as a
    /// record dropped ``DropReason/notSaved``. Neither the record's identifier, class or payload,
    /// nor anything it holds or that was above it, is in the result.
    ///
    /// "Above" is what its kind's rules put on top of it (the same records a deep link that
    /// reveals it pops): the rest of a stack, a drill-down's left stack and right record, a
    /// split's side, a presentation chain. A tab has nothing above it: the other tabs stay, and
    /// the tab bar's selection is kept as saved. The container's settings are kept as saved.
    ///
    /// A pure function. A tree with no such record is returned as it is; a `NavigationPath` with
    /// a cut is in the tree form (``RestorationTree/Form/tree``), as a path's representation
    /// cannot hold the note. A store given the table in its options cuts every tree it saves.
    public func cut(_ tree: RestorationTree) -> RestorationTree {
        guard hasNever else { return tree }
        var result = tree
        result.root = cut(tree.root)
        return result
    }

    /// `container` with each `never` record and what is above it replaced by a note, the kept
    /// records' containers cut in turn.
    private func cut(_ container: RestorationContainer) -> RestorationContainer {
        var current = container.map { (record: RestorationRecord) -> RestorationRecord in
            guard let nested = record.container, !isNeverSaved(record) else { return record }
            var kept = record
            kept.container = cut(nested)
            return kept
        }
        let settings = current.parts.settings
        while let index = current.elements.firstIndex(where: isNeverSaved) {
            let revealed = current.definition.revealing(index, replacedBy: .cutNote(.notSaved)).content.parts
            current = RestorationContainer(kind: current.kind, slots: revealed.slots, settings: settings)
        }
        return current
    }

    /// Whether `record` is of a class never saved (a note of a cut never is).
    private func isNeverSaved(_ record: RestorationRecord) -> Bool {
        record.cutNote == nil && policy(forClass: record.className) == .never
    }
}
