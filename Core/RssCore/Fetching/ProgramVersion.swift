/// The program's version, in one place: the User-Agent and the fronts' `--version` take it from here.
public enum ProgramVersion {
    /// The version, `major.minor`.
    public static let current = "0.1"

    /// What HTTP requests say they come from: the program, its version and where to read about it.
    static let userAgent = "rss-reeder/\(current) (+https://github.com/rss-reeder/rss-reeder)"
}
