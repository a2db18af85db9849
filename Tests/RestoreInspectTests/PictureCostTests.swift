import Restack
@testable import restore_inspect
import Testing

/// The picture costs the size of the picture: the work of drawing it (characters measured and
/// bytes written into any canvas, counted by ``PictureWork``) stays within a small multiple of its bytes, and
/// grows with the input as the picture does, however deep the nesting or long the stack. Judged
/// by counts in ratio, not by a clock: a drawing that copied each level's rows into the level
/// above (as it once did: 26 s for a 64-level file) does work the depth times the picture.
@Suite("the picture's cost")
struct PictureCostTests {
    /// Stacks nested `depth` deep (or splits, each record half primary, half detail), `perLevel`
    /// records in each; each level's bottom record holds the next.
    static func chain(depth: Int, perLevel: Int, split: Bool) -> RestorationTree {
        func level(_ index: Int) -> RestorationContainer {
            var records = (0..<perLevel).map { RestorationRecord(identifier: "r\(index)-\($0)", className: "Known") }
            if index + 1 < depth {
                records[0].container = level(index + 1)
            }
            guard split else { return .stack(StackContainer(records: records)) }
            return .split(SplitContainer(primary: Array(records[..<(perLevel / 2)]), detail: Array(records[(perLevel / 2)...])))
        }
        return RestorationTree(formatVersion: 2, root: level(0))
    }

    /// A format-1 drill-down of `count` left records and a right one.
    static func flat(_ count: Int) -> RestorationTree {
        .drillDown(left: (0..<count).map { RestorationRecord(identifier: "r\($0)", className: "Known") },
                   right: RestorationRecord(identifier: "right", className: "Known"))
    }

    /// The picture's bytes (lines joined) and the work of making it, as ``PictureWork`` counts it.
    static func cost(_ tree: RestorationTree, _ layout: Layout, colored: Bool) -> (bytes: Int, work: Int) {
        let plan = Restorer.plan(tree, layout: layout)
        let work = PictureWork()
        let text = PictureWork.$counter.withValue(work) {
            ScreenPicture(tree: tree, plan: plan, style: TerminalStyle(colored: colored)).text
        }
        return (text.utf8.count, work.count)
    }

    /// Work within a few times the picture at each size, and growing no faster than the picture
    /// when the input doubles.
    func expectLinear(_ small: (bytes: Int, work: Int), _ large: (bytes: Int, work: Int), _ what: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, cost) in [("small", small), ("large", large)] {
            #expect(cost.work <= 3 * cost.bytes, "\(what), \(name): work \(cost.work) for a picture of \(cost.bytes) bytes",
                    sourceLocation: sourceLocation)
        }
        let workRatio = Double(large.work) / Double(small.work), sizeRatio = Double(large.bytes) / Double(small.bytes)
        #expect(workRatio <= 1.25 * sizeRatio, "\(what): the work grew \(workRatio)x for a picture \(sizeRatio)x as large",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true], [Layout.regular, .compact])
    func deepNestingCostsThePicturesSize(split: Bool, layout: Layout) {
        for colored in [false, true] {
            let small = Self.cost(Self.chain(depth: 12, perLevel: 20, split: split), layout, colored: colored)
            let large = Self.cost(Self.chain(depth: 24, perLevel: 20, split: split), layout, colored: colored)
            expectLinear(small, large, "\(split ? "splits" : "stacks") 12 and 24 deep, \(layout), colour \(colored)")
        }
    }

    @Test(arguments: [Layout.regular, .compact])
    func aLongStackCostsThePicturesSize(layout: Layout) {
        let small = Self.cost(Self.flat(2_000), layout, colored: true)
        let large = Self.cost(Self.flat(4_000), layout, colored: true)
        #expect(Double(large.bytes) / Double(small.bytes) < 2.2, "a picture twice as large for twice the records")
        expectLinear(small, large, "a drill-down of 2,000 and 4,000 records, \(layout)")
    }
}
