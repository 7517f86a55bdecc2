/// What a journal file says about itself on its first line: whose journal it is and in which version of the
/// format, so that replay refuses another program's file, or one written by a newer version, instead of
/// misreading it.
///
/// ```json
/// {"format":"rss-reeder-journal","version":1,"writer":"rss-repl 0.2.0"}
/// ```
public struct JournalFormat: Sendable, Equatable, Codable {
    /// The name of the format: the application's, since actions are the application's.
    public let format: String
    /// The format's version; a reader reads its own version and older ones.
    public let version: Int
    /// The program that wrote the file, for the reader's messages.
    public var writer: String?

    /// A format named `format`, at `version`, written by `writer`.
    public init(format: String, version: Int, writer: String? = nil) {
        self.format = format
        self.version = version
        self.writer = writer
    }
}
