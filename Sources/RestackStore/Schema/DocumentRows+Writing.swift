import Foundation
import Restack

extension DocumentRows {
    /// A tree taken apart for storing: its ``TreeBlob`` entries (each record's value id still
    /// 0: the save fills them in, ``RecordValues/store(_:_:contents:sessionID:)``) and its records'
    /// contents, both in document order.
    ///
    /// Iterative, in document order: a tree built in code cannot overflow the stack here. A
    /// format-1 state (a drill-down) has no container entry: its root is implied.
    static func entries(_ tree: RestorationTree) -> (blob: TreeBlob, records: [RestorationRecord]) {
        var blob = TreeBlob(records: [], containers: [])
        var records: [RestorationRecord] = []
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
            records.append(content)
            blob.records.append(TreeBlob.Record(owner: owner, slot: step.slotName, position: step.index, valueID: 0))
            if let nested = value.container {
                let index = records.count
                container(nested, owner: index)
                pending.append(contentsOf: nested.children.reversed().map { (owner: index, step: $0.step, record: $0.element) })
            }
        }
        return (blob, records)
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
