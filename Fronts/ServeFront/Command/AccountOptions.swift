import ArgumentParser

/// `--accounts FILE`: where users and tokens are kept, for every subcommand.
struct AccountOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The users and tokens file (default: $XDG_CONFIG_HOME/rss-reeder/serve-accounts.json).", valueName: "file"),
        completion: .file())
    var accounts: String?

    var file: AccountFile { AccountFile(path: accounts ?? AccountFile.defaultPath()) }
}
