import ArgumentParser
import Restack
import RestackTerminalText

/// `--policy CLASS=POLICY` (repeatable) and `--policies-file FILE` (one `CLASS=POLICY` per
/// line): an app's persistence policies, as `plan` and `import` take them. A policy is `always`,
/// `never`, `not-restored` or `within:AGE` (AGE as `--expire-after` spells it: 30m, 2h, 3600).
/// Split at the last `=`, so that a class name may hold one.
struct PolicyOptions: ParsableArguments {
    @Option(name: .customLong("policy"),
            help: ArgumentHelp("A class's persistence policy, CLASS=never, CLASS=not-restored or CLASS=within:AGE (split at the last =); repeat for more.",
                               valueName: "class=policy"))
    var policyArguments: [String] = []
    @Option(name: .customLong("policies-file"),
            help: ArgumentHelp("A file of persistence policies, one CLASS=POLICY per line (adds to --policy).", valueName: "file"))
    var policiesFile: String?

    /// The table the options give; a usage error names the argument or line that is wrong, or
    /// the class the table refuses.
    func policies() throws -> PersistencePolicies {
        var entries: [(className: String, policy: PersistencePolicy)] = []
        for argument in policyArguments {
            entries.append(try Self.entry(argument, option: "--policy"))
        }
        if let policiesFile {
            for (number, line) in try Plan.lines(of: policiesFile, option: "--policies-file").enumerated() {
                entries.append(try Self.entry(line, option: "--policies-file: line \(number + 1)"))
            }
        }
        do {
            return try PersistencePolicies(entries)
        } catch {
            throw ValidationError("--policy: \(error)")
        }
    }

    /// One `CLASS=POLICY`.
    static func entry(_ argument: String, option: String) throws -> (className: String, policy: PersistencePolicy) {
        guard let equals = argument.lastIndex(of: "=") else {
            throw ValidationError("\(option): \(Text.quoted(argument)) is not CLASS=POLICY")
        }
        let name = String(argument[..<equals])
        let value = argument[argument.index(after: equals)...]
        let policy: PersistencePolicy
        switch value {
        case "always": policy = .always
        case "never": policy = .never
        case "not-restored": policy = .notRestored
        case let within where within.hasPrefix("within:"):
            policy = .restoredWithin(try ExpiryOption.seconds(String(within.dropFirst("within:".count)), option: option))
        default:
            throw ValidationError("\(option): \(Text.quoted(String(value))) is not a policy; give always, never, not-restored or within:AGE")
        }
        return (name, policy)
    }
}
