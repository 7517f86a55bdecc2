import FrontKit

/// What `--help` says about the exit statuses (``/FrontKit/ExitStatus`` defines them).
enum ReportExit {
    static let help = """
        Exit status: 0 all fetched sources succeeded (or none was fetched); 1 some sources failed; \
        2 every source fetched failed (an article whose page gave no full text changes none of these); with \
        --extract, 0 an article was written, 3 the page holds no article, 65 the input is not text or is \
        over a limit, 66 the input is empty; 64 bad usage (flag, value, URL or source name); 66 the database or \
        an OPML file cannot be read or is not OPML; 70 the database failed during the run; 73 the --journal, \
        --log-file or --backup file, or the report's temporary file, cannot be created; 130 / 143 stopped by SIGINT / \
        SIGTERM (fetches cancelled, the database left sound).
        """
}

/// A run that ends early with a one-line message and a status.
struct ReportFailure: Error {
    let status: Int32
    let message: String

    static func usage(_ message: String) -> ReportFailure { ReportFailure(status: ExitStatus.usage, message: message) }
}

/// A run stopped by a signal.
struct ReportInterrupted: Error {
    let signal: Int32
}
