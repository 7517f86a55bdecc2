public import ArticleExtractor
public import ReduxVM
public import RssCore

/// The exit statuses the fronts use, and the status a problem ends a batch run with.
///
/// Chosen from the problem's case, never from its words: a database that cannot be opened is bad input
/// (sysexits `EX_NOINPUT`), one that fails during the run is a failure (`EX_SOFTWARE`).
public enum ExitStatus {
    /// Everything fetched (or nothing needed fetching) and the work was done.
    public static let success: Int32 = 0
    /// Some sources failed to fetch; the output shows what the others gave.
    public static let someFailed: Int32 = 1
    /// Every source fetched in this run failed.
    public static let allFailed: Int32 = 2
    /// Bad usage: an unknown flag, a bad value, a bad URL, no source by that name (sysexits `EX_USAGE`).
    public static let usage: Int32 = 64
    /// An input was read but is not what it should be: a journal that is not one, or is damaged (sysexits
    /// `EX_DATAERR`).
    public static let badData: Int32 = 65
    /// An input could not be read: the database, an OPML file (sysexits `EX_NOINPUT`).
    public static let cannotRead: Int32 = 66
    /// Reading or writing the database failed during the run (sysexits `EX_SOFTWARE`).
    public static let internalFailure: Int32 = 70

    /// An output file could not be created: a journal, a log (sysexits `EX_CANTCREAT`).
    public static let cannotCreate: Int32 = 73

    /// A page was read, but no article came out of it (`rss-report --extract`).
    public static let noArticle: Int32 = 3

    /// Stopped by `signal`: 128 + its number (130 for SIGINT, 143 for SIGTERM).
    public static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    /// The status a journal's problem ends a run with.
    public static func status(for error: JournalError) -> Int32 {
        switch error {
        case .cannotWrite: cannotCreate
        case .cannotRead: cannotRead
        case .malformedLine, .unknownAction, .unrecordedAction, .notAJournal, .newerVersion: badData
        }
    }

    /// The status a batch run ends with when `problem` stops it.
    public static func status(for problem: RssProblem) -> Int32 {
        switch problem {
        case .database(let problem) where problem.operation == .backUp: cannotCreate
        case .database(let problem): problem.isOpening ? cannotRead : internalFailure
        case .importFailed: cannotRead
        case .badAddress, .unknownSource, .settingOutOfRange, .noDiscoveredFeed, .unknownRule, .unknownQuery: usage
        case .noFeedFound, .noFeed: badData
        case .fetch, .fullText: someFailed
        case .alreadyFollowing, .exportFailed, .articleGone: internalFailure
        }
    }

    /// The status a run ends with when the account it names has no library to open: a name or file the
    /// command line got wrong, or an accounts file that cannot be read.
    public static func status(for problem: AccountLibraryProblem) -> Int32 {
        switch problem {
        case .noAccounts, .noSuchAccount: usage
        case .cannotRead: cannotRead
        case .damaged: badData
        }
    }

    /// The status a batch run that extracts one page ends with when `problem` stops it: nothing to read (an
    /// empty input), an input that is not what it should be (not text, over a limit), or no article in it.
    public static func status(for problem: ExtractionProblem) -> Int32 {
        switch problem {
        case .empty: cannotRead
        case .notText, .tooLarge, .tooManyElements, .nestedTooDeeply, .parserMemoryExceeded, .timeLimitExceeded: badData
        case .noContent: noArticle
        }
    }
}
