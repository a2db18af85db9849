import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing

/// Many changes at once: a few writes, and the last state restored.
@Suite("A burst of changes")
@MainActor
struct BurstTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aThousandChangesAreWrittenAsAFewSavesAndTheLastIsRestored() async throws {
        let app = try RelaunchTester(StackNavigation<Screen>(), coding: screens())
        for index in 0..<1_000 {
            if index % 3 == 2 {
                app.navigation.path.removeLast()
            } else {
                app.navigation.path.append(.message(id: index))
            }
        }
        let last = app.navigation.path
        await app.quitAndRelaunch()
        #expect(app.navigation.path == last)
        #expect(await savesMade(app.navigation.store!) <= 3, "the first change at once, then the latest one waiting")
    }
}
