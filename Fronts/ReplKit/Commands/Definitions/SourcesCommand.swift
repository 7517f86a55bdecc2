/// `sources`: the source table.
struct SourcesCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "sources", summary: "show the sources, numbered, with unread counts and fetch status",
        details: """
            Each source's last fetch, when the timer fetches it next and why (user: the refresh interval; source: \
            its own, set-source; ttl and update-period: what the feed asks; server: Cache-Control or Expires; \
            minimum; new; backoff: it is failing; retry-after: the server asked to wait; disabled), its failed \
            fetches in a row, and its status: OK, new or FAIL with the last error, then "full text" for a source \
            whose articles get their pages' text (set-source SOURCE full-text on).
            """)

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {
        session.waiter.processed()
        session.views.sources.show()
    }
}
