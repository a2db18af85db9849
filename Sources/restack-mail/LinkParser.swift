import Foundation
import Restack

/// Reads `--open`: identifiers to reveal from the root separated by `/`, then the identifiers to
/// push, each after a `+` (`window/mail+message-2`: the Mail tab, a message pushed onto its
/// detail); or a deep link's JSON (`{"path": [...], "push": [...]}`), read by `DeepLink.decode`.
/// A pushed identifier's class is the one this release gives its kind of screen.
struct LinkParser {
    let version: AppVersion

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    func link(_ text: String) throws -> DeepLink {
        if text.hasPrefix("{") {
            do {
                return try DeepLink.decode(Data(text.utf8))
            } catch {
                throw Invalid(description: "--open: \(error)")
            }
        }
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let path = parts.removeFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) || path == [""] else {
            throw Invalid(description: "--open: an empty identifier in \(text.debugDescription)")
        }
        let pushed = try parts.map { id in
            guard let role = Self.role(of: id), let className = version.className(role) else {
                throw Invalid(description: "--open: no screen \(id.debugDescription) to push in \(version.name)")
            }
            return RestorationRecord(identifier: id, className: className)
        }
        return DeepLink(path: path == [""] ? [] : path, push: pushed)
    }

    /// The screen an identifier of the made-up account opens.
    static func role(of id: String) -> Screen.Role? {
        if MailData.folders[id] != nil { return .folder }
        if MailData.messages[id] != nil { return .message }
        if MailData.attachmentTitles[id] != nil { return .attachment }
        if MailData.settingsPages.contains(where: { $0.id == id }) { return .settingsPage }
        if id == "compose" { return .compose }
        return nil
    }
}
