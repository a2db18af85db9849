import Restack
import RestackStore

/// The launch: the store's choice of snapshot (`beginRestore`), the deep link merged over its
/// plan, the rebuild through the adapter, and what the status line says about it. Confirming is
/// the caller's, once the first screen is drawn.
struct Launch {
    let store: SnapshotStore
    let session: String
    let layout: Layout
    let adapter: ScreenAdapter

    var version: AppVersion { adapter.version }

    /// The app as rebuilt, the status line, and the restoration to confirm (with the plan as
    /// rebuilt), or `nil` when nothing was restored.
    func restore(opening link: DeepLink?) throws -> (app: MailApp, status: String, confirmation: StoreRestoration?) {
        let answer: RestoreAnswer<StoreRestoration>
        do {
            answer = try store.beginRestore(session: session, layout: layout, resolver: version.resolver)
        } catch {
            guard let described = LaunchStatus.describe(error, session: session) else {
                throw StoreFailure(description: "cannot restore: \(error)")
            }
            return fresh(described, opening: link)
        }
        var restoration: StoreRestoration
        switch answer {
        case .restore(let chosen):
            restoration = chosen
        case .expired(let info):
            return fresh("snapshot #\(info.id) expired: fresh start", opening: link)
        case .nothingSaved:
            return fresh("new session \(session): nothing saved yet", opening: link)
        }
        let plan = link.map { restoration.plan.merging($0, resolver: version.resolver) } ?? restoration.plan
        let rebuilt = adapter.rebuild(plan)
        var notes = link.map { LaunchStatus.describe(link: $0, in: rebuilt.plan) } ?? []
        let app = MailApp(version: version, rebuilt: rebuilt.root?.content, notes: &notes)
        let status = LaunchStatus.describe(restoration, rebuilt: rebuilt, notes: notes)
        restoration.plan = rebuilt.plan
        return (app, status, restoration)
    }

    /// The first screen, with the link applied to it when there is one.
    private func fresh(_ status: String, opening link: DeepLink?) -> (app: MailApp, status: String, confirmation: StoreRestoration?) {
        var app = MailApp(version: version)
        guard let link, let tree = try? adapter.capture(app.hierarchy) else { return (app, status, nil) }
        let rebuilt = adapter.rebuild(Restorer.plan(tree, layout: layout).merging(link, resolver: version.resolver))
        var notes = LaunchStatus.describe(link: link, in: rebuilt.plan)
        app = MailApp(version: version, rebuilt: rebuilt.root?.content, notes: &notes)
        return (app, ([status] + notes).joined(separator: "; "), nil)
    }
}
