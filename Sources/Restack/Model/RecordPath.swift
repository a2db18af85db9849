/// Where a record sits in a tree: the steps from the root container down to it, with indices as
/// saved.
///
/// A step names a slot of a container and, for a sequence, the index in it: `left[i]`, `right`,
/// `records[i]`, `primary[i]`, `detail[i]`, `tabs[i]`, `base`, `presented[i]`. Each container kind
/// declares its slots and makes its steps. Steps are joined by
/// `/`: `primary[0]/tabs[1]/records[2]`. A container's path is the path of the record that owns
/// it; the root container's path is empty.
public struct RecordPath: Hashable, Sendable {
    /// One step: a slot of a container and, for a sequence, the index in it as saved.
    public struct Step: Hashable, Sendable {
        /// The slot's name, as paths, state files and stored rows spell it: `left`, `right`,
        /// `records`, `primary`, `detail`, `tabs`, `base` or `presented`.
        public let slotName: String
        /// The index in a sequence slot, as saved; `nil` for a slot that holds one record.
        public let position: Int?

        /// A step into a slot: an index for a sequence, `nil` for a slot of one record.
        init(_ slotName: String, _ position: Int?) {
            self.slotName = slotName
            self.position = position
        }

        /// The index in the slot, as saved; 0 for a slot that holds one record.
        package var index: Int {
            position ?? 0
        }
    }

    /// The steps, root first.
    public var steps: [Step]

    /// Creates a path from its steps.
    package init(_ steps: [Step]) {
        self.steps = steps
    }

    /// The root container's path: no steps.
    package static let root = RecordPath([])

    /// This path with one more step.
    package func appending(_ step: Step) -> RecordPath {
        RecordPath(steps + [step])
    }
}

extension RecordPath.Step: CustomStringConvertible {
    /// `left[2]`, `right`, `tabs[0]`...
    public var description: String {
        position.map { "\(slotName)[\($0)]" } ?? slotName
    }
}

extension RecordPath: CustomStringConvertible {
    /// The steps joined by `/`; the empty string for the root.
    public var description: String {
        var text = ""
        for step in steps {
            Self.append(step.description, to: &text)
        }
        return text
    }

    /// The description of a path whose parent's description is `owner` and whose last step's is
    /// `step` (the store spells stored trees' paths with it, a step from its slot and position,
    /// without making a path).
    package static func spelling(_ step: String, after owner: String) -> String {
        var text = owner
        append(step, to: &text)
        return text
    }

    /// The one rule a path is spelled by: `step` after `path`, the description of its parent,
    /// joined by `/` unless the parent is the root. In place, so that a description costs its
    /// length.
    private static func append(_ step: String, to path: inout String) {
        if !path.isEmpty {
            path += "/"
        }
        path += step
    }
}
