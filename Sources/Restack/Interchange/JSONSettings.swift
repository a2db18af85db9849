import Foundation

/// A state file's settings of one container, read by the kind's declarations with the messages
/// every setting gets.
struct JSONSettings {
    let keys: KeyedDecodingContainer<AnyCodingKey>
    let path: [any CodingKey]

    /// The settings `declarations` declare, in order, for a container whose slots (`slots`)
    /// hold `slotCounts` elements: a choice names one of its values, or is absent or `null` for
    /// its default; an index is a whole number, required when its slot holds elements and in
    /// range, absent or `null` when it holds none.
    func read(_ declarations: [ContainerSettingDeclaration], slots: [ContainerSlot], slotCounts: [Int]) throws -> [ContainerSetting?] {
        try declarations.map { declaration in
            switch declaration.values {
            case .choice(let names):
                return try choice(declaration.name, among: names).map { .text($0) } ?? declaration.defaultValue
            case .index(let slot):
                let count = slots.firstIndex { $0.name == slot }.map { slotCounts[$0] } ?? 0
                return try index(declaration, slot: slot, count: count).map { .integer($0) }
            }
        }
    }

    /// A string naming one of `names`, or `nil` when absent or null.
    private func choice(_ key: String, among names: [String]) throws -> String? {
        let codingKey = AnyCodingKey(stringValue: key)
        guard let name = try keys.decodeIfPresent(String.self, forKey: codingKey) else { return nil }
        guard names.contains(name) else {
            let expected = names.map { "\"\($0)\"" }.joined(separator: ", ")
            throw StateFileError(path: place(key), problem: "unknown value \(String(reflecting: name)) (expected \(expected))")
        }
        return name
    }

    /// The index of an element of the slot `slot`, which holds `count`: required when it holds
    /// any and in range, absent or null when it holds none.
    private func index(_ declaration: ContainerSettingDeclaration, slot: String, count: Int) throws -> Int? {
        let key = declaration.name
        switch (try wholeNumber(key), count == 0) {
        case (nil, false):
            throw StateFileError(path: place(key), problem: "required when there are \(slot) (the index of the \(key) \(declaration.noun))")
        case (let index?, true):
            throw StateFileError(path: place(key), problem: "must be absent or null when there are no \(slot), found \(index)")
        case (let index?, false) where !(0..<count).contains(index):
            throw StateFileError(path: place(key), problem: "out of range: \(index) is not in 0...\(count - 1)")
        case (let index, _):
            return index
        }
    }

    /// A whole number, or `nil` when absent or null: judged from the digits as written (see
    /// `decodeWholeNumber`), so that 0.5 or 1e300 gets its own message.
    private func wholeNumber(_ key: String) throws -> Int? {
        let codingKey = AnyCodingKey(stringValue: key)
        guard try keys.contains(codingKey) && !keys.decodeNil(forKey: codingKey) else { return nil }
        return try decodeWholeNumber(keys, forKey: codingKey, place: place(key))
    }

    /// `root.primary[0].container.selected` for a key of this container.
    private func place(_ key: String) -> String {
        codingPathDescription(path + [AnyCodingKey(stringValue: key)])
    }
}
