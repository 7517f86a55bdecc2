/// The program's version, in one place: the User-Agent and every front's `--version` take it from here.
public enum ProgramVersion {
    /// The version, `major.minor.patch`.
    static let current = "0.2.0"

    /// What a front prints for `--version`: its name and the version, `rss-repl 0.2.0`.
    public static func line(program: String) -> String { "\(program) \(current)" }

    /// What HTTP requests say they come from: the program, its version and where to read about it.
    static let userAgent = "rss-reeder/\(current) (+https://github.com/rss-reeder/rss-reeder)"
}
