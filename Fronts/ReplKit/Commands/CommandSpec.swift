/// What a command is called, what it takes and what it does, as help shows it.
struct CommandSpec: Sendable {
    /// The name typed (any unambiguous prefix works too).
    let name: String
    /// Other names that run it.
    var aliases: [String] = []
    /// Its arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// One line saying what it does.
    let summary: String
    /// More for `help COMMAND`, beyond usage and summary.
    var details: String?

    /// `list [unread|starred|all] [SOURCE]`: derived from the arguments. A required argument after an
    /// optional one goes inside its brackets (`set [KEY VALUE]`: a value only with a key).
    var usage: String {
        var parts = [name]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            guard argument.arity == .optional else {
                parts.append(argument.usageToken)
                index += 1
                continue
            }
            var group = [argument.name]
            index += 1
            while index < arguments.endIndex, arguments[index].arity == .required {
                group.append(arguments[index].usageToken)
                index += 1
            }
            parts.append("[" + group.joined(separator: " ") + "]")
        }
        return parts.joined(separator: " ")
    }

    /// Every name it answers to.
    var names: [String] { [name] + aliases }
}

/// One argument of a command: its name in the usage line, how many words it takes, what Tab offers for it.
struct ArgumentSpec: Sendable {
    /// How many words an argument takes.
    enum Arity: Sendable, Equatable {
        /// Exactly one word.
        case required
        /// One word or none.
        case optional
        /// One or more words (`read N…`).
        case repeating
        /// None or more words (`add URL [TAG…]`).
        case optionalRepeating
        /// The rest of the line, as typed (a source title with spaces, a search).
        case rest
        /// The rest of the line, or nothing.
        case optionalRest
    }

    /// The name shown in the usage line: `SOURCE`, `N`, `unread|starred|all`.
    let name: String
    /// How many words it takes.
    let arity: Arity
    /// What Tab offers for it.
    let completion: ArgumentCompletion

    /// How the argument reads in a usage line.
    var usageToken: String {
        switch arity {
        case .required, .rest: name
        case .optional, .optionalRest: "[\(name)]"
        case .repeating: "\(name)…"
        case .optionalRepeating: "[\(name)…]"
        }
    }

    /// Whether the argument may be left out, so that Tab also offers what the next one completes.
    var isOptional: Bool { [.optional, .optionalRepeating, .optionalRest].contains(arity) }

    /// Whether it takes every word from here on.
    var takesTheRest: Bool { arity != .required && arity != .optional }
}

/// What Tab offers for an argument.
enum ArgumentCompletion: Sendable, Equatable {
    /// The command names.
    case commands
    /// The sources' titles.
    case sources
    /// The sources' titles, and the saved queries' names (what `list` shows).
    case sourcesAndQueries
    /// The rules' names.
    case ruleNames
    /// The saved queries' names.
    case queryNames
    /// The tags the sources are filed under.
    case tags
    /// A fixed set of words.
    case choices([String])
    /// The setting keys.
    case settingKeys
    /// Example values for the setting key before it.
    case settingValues
    /// The values of the source setting before it (`set-source SOURCE interval|full-text VALUE`).
    case sourceSettingValues
    /// File paths.
    case files
    /// The programs on `PATH` (or a path, once a `/` is typed).
    case programs
    /// The article numbers of the last list shown.
    case articleNumbers
    /// Nothing: free text no list can foresee (a search).
    case freeText
}
