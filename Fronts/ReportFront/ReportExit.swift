/// The exit statuses of `rss-report`, documented in `--help` and the README.
package enum ReportExit {
    /// Everything fetched (or nothing needed fetching) and the report was written.
    package static let success: Int32 = 0
    /// Some sources failed to fetch; the report shows what the others gave.
    package static let someFailed: Int32 = 1
    /// Every source fetched in this run failed.
    package static let allFailed: Int32 = 2
    /// Bad usage: an unknown flag, a bad value, a bad URL, no source by that name (sysexits `EX_USAGE`).
    package static let usage: Int32 = 64
    /// An input could not be read: the database, an OPML file (sysexits `EX_NOINPUT`).
    package static let cannotRead: Int32 = 66
    /// Reading or writing the database failed during the run (sysexits `EX_SOFTWARE`).
    package static let internalFailure: Int32 = 70
    /// Stopped by SIGINT (128 + 2); SIGTERM gives 143 (128 + 15).
    package static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    /// The text `--help` shows about them.
    static let help = """
        Exit status: 0 all fetched sources succeeded (or none was fetched); 1 some sources failed; \
        2 every source fetched failed; 64 bad usage (flag, value, URL or source name); 66 the database or \
        an OPML file cannot be read; 70 the database failed during the run; 130 / 143 stopped by SIGINT / \
        SIGTERM (fetches cancelled, the database left sound).
        """
}

/// A run that ends early with a one-line message and a status.
struct ReportFailure: Error {
    let status: Int32
    let message: String

    static func usage(_ message: String) -> ReportFailure { ReportFailure(status: ReportExit.usage, message: message) }
}

/// A run stopped by a signal.
struct ReportInterrupted: Error {
    let signal: Int32
}
