import Restack
import RestackStore

/// The launch: the store's choice of snapshot (`beginRestore`), the deep link merged over its
/// plan, the rebuild through the adapter, and what the status line says about it. Confirming is
/// the caller's, once the first screen is drawn.
///
/// A store opened for reading only (a read-only medium, a file without write permission) is
/// restored without the crash-loop guard, whose bookkeeping is a write: `restore` instead of
/// `beginRestore`, nothing to confirm, and the status line says so.
struct Launch {
    let store: SnapshotStore
    let session: String
    let layout: Layout
    let adapter: ScreenAdapter

    var version: AppVersion { adapter.version }

    /// The app as rebuilt, the status line, and the restoration to confirm (with the plan as
    /// rebuilt), or `nil` when nothing was restored or the store is read-only.
    func restore(opening link: DeepLink?) throws -> (app: MailApp, status: String, confirmation: StoreRestoration?) {
        let readOnly = store.isReadOnly
        let prefix = readOnly ? ["read-only store: changes are not saved, crash-loop guard off"] : []
        let answer: RestoreAnswer<StoreRestoration>
        do {
            answer = readOnly
                ? try store.restore(session: session, layout: layout, resolver: version.resolver)
                : try store.beginRestore(session: session, layout: layout, resolver: version.resolver)
        } catch {
            guard let described = LaunchStatus.describe(error, session: session) else {
                throw StoreFailure(description: "cannot restore: \(error)")
            }
            return fresh(prefix + [described], opening: link)
        }
        var restoration: StoreRestoration
        switch answer {
        case .restore(let chosen):
            restoration = chosen
        case .expired(let info):
            return fresh(prefix + ["snapshot #\(info.id) expired: fresh start"], opening: link)
        case .nothingSaved:
            return fresh(prefix + ["new session \(session): nothing saved yet"], opening: link)
        }
        let (plan, linkStatus) = open(link, over: restoration.plan)
        let rebuilt = adapter.rebuild(plan)
        var notes: [String] = []
        let app = MailApp(version: version, rebuilt: rebuilt.root?.content, notes: &notes)
        let status = LaunchStatus.describe(restoration, rebuilt: rebuilt, version: version, notes: notes + linkStatus(app))
        restoration.plan = rebuilt.plan
        return (app, (prefix + [status]).joined(separator: "; "), readOnly ? nil : restoration)
    }

    /// The plan with the link merged, and what the status line says of it once the app is
    /// rebuilt; or the plan as it was, and why the link was not opened. A link is applied whole
    /// or not at all: one that pushes a screen where it cannot be is refused.
    private func open(_ link: DeepLink?, over plan: RestorationPlan) -> (RestorationPlan, (MailApp) -> [String]) {
        guard let link else { return (plan, { _ in [] }) }
        let merged = plan.merging(link, resolver: version.resolver)
        if let refusal = LaunchStatus.refusal(of: link, in: merged, version: version) {
            return (plan, { _ in [refusal] })
        }
        return (merged, { app in [LaunchStatus.describe(link: link, in: merged, app: app)] })
    }

    /// The first screen, with the link applied to it when there is one.
    private func fresh(_ status: [String], opening link: DeepLink?) -> (app: MailApp, status: String, confirmation: StoreRestoration?) {
        var app = MailApp(version: version)
        guard let link, let tree = try? adapter.capture(app.hierarchy) else { return (app, status.joined(separator: "; "), nil) }
        let (plan, linkStatus) = open(link, over: Restorer.plan(tree, layout: layout, resolver: version.resolver))
        let rebuilt = adapter.rebuild(plan)
        var notes: [String] = []
        app = MailApp(version: version, rebuilt: rebuilt.root?.content, notes: &notes)
        return (app, (status + notes + linkStatus(app)).joined(separator: "; "), nil)
    }
}
