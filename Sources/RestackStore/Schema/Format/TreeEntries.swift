import Foundation
import Restack

/// A tree taken apart for storing: its ``TreeBlob`` entries (each record's value id still 0:
/// the save gives them, ``ValuePlan``) and its records' contents, both in document order.
package struct TreeEntries: Sendable {
    /// The tree's structure, value ids to be given.
    package var blob: TreeBlob
    /// Each record's content (its container taken off), in the order of `blob.records`.
    package var contents: [RestorationRecord]

    /// The entries of `tree`.
    ///
    /// Iterative, in document order: a tree built in code cannot overflow the stack here. A
    /// format-1 state (a drill-down) has no container entry: its root is implied.
    package init(_ tree: RestorationTree) {
        var blob = TreeBlob(records: [], containers: [])
        var contents: [RestorationRecord] = []
        func container(_ value: RestorationContainer, owner: Int) {
            // Each setting by the name its kind gives it; a default written as nothing is none.
            let settings = value.writtenSettings.compactMap { name, setting in
                setting.map { TreeBlob.Setting(name: name, value: TreeBlob.Value($0)) }
            }
            blob.containers.append(TreeBlob.Container(owner: owner, kind: value.kind.rawValue, settings: settings))
        }
        if tree.form != .drillDown {
            container(tree.root, owner: 0)
        }
        var pending = tree.root.children.reversed().map { (owner: 0, step: $0.step, record: $0.element) }
        while let (owner, step, value) = pending.popLast() {
            var content = value
            content.container = nil
            contents.append(content)
            blob.records.append(TreeBlob.Record(owner: owner, slot: step.slotName, position: step.index, valueID: 0))
            if let nested = value.container {
                let index = contents.count
                container(nested, owner: index)
                pending.append(contentsOf: nested.children.reversed().map { (owner: index, step: $0.step, record: $0.element) })
            }
        }
        self.blob = blob
        self.contents = contents
    }
}

extension TreeBlob.Value {
    /// A setting as a tree holds it.
    init(_ setting: ContainerSetting) {
        switch setting {
        case .text(let text): self = .text(text)
        case .integer(let number): self = .integer(Int64(number))
        case .bool(let flag): self = .integer(flag ? 1 : 0)
        }
    }
}
