import Foundation
import Restack

/// A deep link, as the navigation model opens it: the identifiers to reveal from the root, then
/// the screens to show on top.
struct MailLink: Equatable {
    var path: [String]
    var push: [MailScreen]
}

/// Reads `--open`: identifiers to reveal from the root separated by `/`, then the screens to
/// push, each an identifier after a `+` (`window/mail+message-2`: the Mail tab, a message pushed
/// onto its detail); or a deep link's JSON (`{"path": [...], "push": [...]}`), read by
/// `DeepLink.decode`, each pushed record a screen of this release by its class and identifier.
struct LinkParser {
    let version: AppVersion

    struct Invalid: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    func link(_ text: String) throws(Invalid) -> MailLink {
        if text.hasPrefix("{") {
            let link: DeepLink
            do {
                link = try DeepLink.decode(Data(text.utf8))
            } catch {
                throw Invalid(description: "--open: \(error)")
            }
            return MailLink(path: link.path, push: try link.push.map(screen(pushedBy:)))
        }
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let path = parts.removeFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) || path == [""] else {
            throw Invalid(description: "--open: an empty identifier in \(text.debugDescription)")
        }
        let pushed = try parts.map { (id: String) throws(Invalid) -> MailScreen in
            guard let kind = MailScreen.kind(of: id), version.className(kind) != nil, let screen = MailScreen(kind, id) else {
                throw Invalid(description: "--open: no screen \(id.debugDescription) to push in \(version.name)")
            }
            return screen
        }
        return MailLink(path: path == [""] ? [] : path, push: pushed)
    }

    /// The screen a pushed record of a link's JSON names: its class's kind in this release, and
    /// its identifier, the content it shows.
    private func screen(pushedBy record: RestorationRecord) throws(Invalid) -> MailScreen {
        guard let kind = version.kind(ofClass: record.className) else {
            throw Invalid(description: "--open: no screen class \((record.className ?? "(none)").debugDescription) in \(version.name)")
        }
        guard let id = record.identifier, let screen = MailScreen(kind, id) else {
            throw Invalid(description: "--open: no \(kind) \((record.identifier ?? "(none)").debugDescription) to push")
        }
        return screen
    }
}
