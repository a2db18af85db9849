import Foundation
import PropertyBased
import Restack

/// Random trees up to four container levels deep: every kind (presentation chains with a null
/// base too, stacks that close gaps and stacks that truncate) and compact policy, both focuses,
/// valid selections, and the identifiers, classes and payloads of ``Generators`` (nil, empty,
/// whitespace, duplicate and hostile Unicode identifiers; a class the resolver refuses).
public enum TreeGenerators {
    public static let maxDepth = 4

    public static let tree = Generator(run: { rng in
        RestorationTree(root: container(level: 1, using: &rng))
    })

    public static func container(level: Int, using rng: inout any SeededRandomNumberGenerator) -> RestorationContainer {
        func records(_ range: ClosedRange<Int>) -> [RestorationRecord] {
            (0..<Int.random(in: range, using: &rng)).map { _ in record(level: level, using: &rng) }
        }
        switch RestorationContainer.Kind.allCases.randomElement(using: &rng)! {
        case .drillDown:
            let left = records(0...3)
            let right = Bool.random(using: &rng) ? record(level: level, using: &rng) : nil
            return .drillDown(DrillDownContainer(left: left, right: right))
        case .stack:
            return .stack(StackContainer(records: records(0...4), afterDrop: StackAfterDrop.allCases.randomElement(using: &rng)!))
        case .split:
            return .split(SplitContainer(
                primary: records(0...3), detail: records(0...3),
                focus: SplitSide.allCases.randomElement(using: &rng)!,
                compact: SplitCompactPolicy.allCases.randomElement(using: &rng)!
            ))
        case .presentation:
            let base = Int.random(in: 0..<4, using: &rng) == 0 ? nil : record(level: level, using: &rng)
            return .presentation(PresentationContainer(base: base, presented: records(0...3)))
        case .columns:
            return .columns(ColumnsContainer(sidebar: records(0...2), content: records(0...3), detail: records(0...3),
                                             focus: ColumnsColumn.allCases.randomElement(using: &rng)!))
        case .tabs:
            let tabs = records(0...4)
            return .tabs(TabsContainer(tabs: tabs, selected: tabs.isEmpty ? nil : Int.random(in: 0..<tabs.count, using: &rng)))
        }
    }

    public static func record(level: Int, using rng: inout any SeededRandomNumberGenerator) -> RestorationRecord {
        var record = Generators.record.run(using: &rng)
        if level < maxDepth, Int.random(in: 0..<10, using: &rng) < 4 {
            record.container = container(level: level + 1, using: &rng)
        }
        return record
    }

    public static let layout = Generator(run: { rng in Layout.allCases.randomElement(using: &rng)! })
}
