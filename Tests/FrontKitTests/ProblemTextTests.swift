import FeedParser
import Foundation
import FrontKit
import Testing

@testable import RssCore

/// The one wording of problems: every case says something, in one line, without secrets or control codes.
@Suite("Problems in words")
struct ProblemTextTests {
    static let source = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    static let sources: SourcesState = {
        var sources = SourcesState()
        sources.all = [
            Source(id: source, url: URL(string: "https://user:hunter22@feeds.example/rss")!, title: "Feeds \u{1B}[31mRed", addedAt: Date())
        ]
        return sources
    }()

    /// One of every kind of problem, with the words each must contain.
    static let problems: [(RssProblem, String)] = [
        (.database(DatabaseProblem(path: "/d/db.sqlite", operation: .open, failure: .notADatabase)),
         "cannot open the database /d/db.sqlite: the file is not a database"),
        (.database(DatabaseProblem(path: "/d/db.sqlite", operation: .open, failure: .newerSchema(found: 9, supported: 3))),
         "cannot open the database /d/db.sqlite: it was written by a newer version of this program (schema 9, this one knows 3)"),
        (.database(DatabaseProblem(path: "/d/db.sqlite", operation: .storeFeed, failure: .full)),
         "cannot store what was fetched: the disk is full"),
        (.database(DatabaseProblem(path: "/d/db.sqlite", operation: .saveMarks, failure: .readOnly)),
         "cannot save the marks: the database is read-only"),
        (.database(DatabaseProblem(path: "/dev/null", operation: .open, failure: .file(.notRegularFile))),
         "cannot open the database /dev/null: not a regular file"),
        (.database(DatabaseProblem(path: "x", operation: .readArticles, failure: .busy)),
         "cannot read articles: another program kept the database locked"),
        (.fetch(source: source, .http(status: 404)), "Feeds Red: HTTP 404: not found"),
        (.fetch(source: source, .http(status: 503, retryAfter: Date(timeIntervalSince1970: 0))),
         "Feeds Red: HTTP 503: service unavailable; retry after 1970-01-01T00:00:00Z"),
        (.fetch(source: source, .timeout(.total(seconds: 30))), "Feeds Red: TIMEOUT: no complete answer within 30 s"),
        (.fetch(source: source, .connection(.refused)), "Feeds Red: FETCH: connection refused"),
        (.fetch(source: source, .redirect(.tooMany(limit: 5))), "Feeds Red: FETCH: more than 5 redirects"),
        (.fetch(source: source, .tooLarge(limit: 20 * 1024 * 1024)), "Feeds Red: TOOLARGE: larger than 20 MiB"),
        (.fetch(source: source, .parse(.notAFeed(rootElement: "html", line: 2))),
         "Feeds Red: PARSE: not a feed (root element <html> on line 2)"),
        (.fetch(source: source, .parse(.compressed(format: .gzip))),
         "Feeds Red: PARSE: not a feed (gzip-compressed data that was not decompressed)"),
        (.fetch(source: source, .file(.noSuchFile)), "Feeds Red: FETCH: no such file"),
        (.fetch(source: UUID(), .connection(.reset)), "a removed source: FETCH: connection reset by the server"),
        (.badAddress("ftp://x.example/f", .unsupportedScheme("ftp")),
         "cannot add ftp://x.example/f: unsupported scheme ftp (use http, https or file)"),
        (.badAddress("file:///etc/passwd", .schemeNotAllowed("file")),
         "cannot add file:///etc/passwd: file addresses are not allowed here (use http or https)"),
        (.alreadyFollowing(URL(string: "https://user:hunter22@feeds.example/rss")!, source: source),
         "already following https://feeds.example/rss as “Feeds Red”"),
        (.importFailed(file: "/tmp/a.opml", .notOPML(.binaryData)),
         "cannot import /tmp/a.opml: not an OPML subscription list (binary data, not text)"),
        (.importFailed(file: "/tmp/feed.xml", .notOPML(.feedDocument)),
         "cannot import /tmp/feed.xml: not an OPML subscription list (this is a feed; add it as a source)"),
        (.exportFailed(file: "/full/x.opml", .noSpace), "cannot export to /full/x.opml: no space left on the device"),
        (.exportFailed(file: "/x.opml", .system(errno: EIO)), "cannot export to /x.opml: input/output error"),
        (.articleGone(UUID()), "that article is no longer stored"),
        (.settingOutOfRange(.pageSize(0), allowed: 1...500), "page size must be between 1 and 500"),
        (.unknownSource(UUID()), "no such source (it was removed meanwhile)"),
        (.noFeedFound(page: "https://blog.example/"),
         "no feed found at https://blog.example/: it is no feed and declares none, nor is there one at its site's usual addresses"),
        (.noDiscoveredFeed(number: 3), "no feed 3 was found (add URL lists the feeds it finds)"),
        (.unknownRule("ads"), "no rule is named “ads” (rule list shows them)"),
        (.unknownQuery("week"), "no saved query is named “week” (query list shows them)"),
        (.database(DatabaseProblem(path: "x", operation: .applyRule, failure: .full)), "cannot apply the rule: the disk is full"),
    ]

    @Test("each problem reads as one safe line", arguments: problems)
    func words(problem: RssProblem, expected: String) {
        let line = UserMessage.line(ProblemText.message(problem, sources: Self.sources))
        #expect(line == expected)
        #expect(!line.contains("hunter22"))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test("every fetch failure names its stage as status lines show it", arguments: [
        (FetchError.http(status: 429), "HTTP 429: too many requests"),
        (.http(status: 599), "HTTP 599: unexpected status"),
        (.timeout(.connecting), "TIMEOUT: could not connect in time"),
        (.connection(.hostNotFound), "FETCH: host not found"),
        (.connection(.unrequestedEncoding("br")), "FETCH: the server sent a body in br encoding, which was not asked for"),
        (.parse(.invalidJSON(line: 3, column: 7)), "PARSE: not a feed (invalid JSON at line 3, column 7)"),
        (.unsupportedScheme("gopher"), "FETCH: gopher URLs cannot be fetched"),
        (.unclassified(stage: .parse, message: "an old message"), "PARSE: an old message"),
    ])
    func fetchWords(error: FetchError, expected: String) {
        #expect(ProblemText.fetch(error) == expected)
    }

    @Test("a problem's exit status comes from its case", arguments: [
        (RssProblem.database(DatabaseProblem(path: "p", operation: .open, failure: .damaged)), ExitStatus.cannotRead),
        (.database(DatabaseProblem(path: "p", operation: .upgrade, failure: .full)), ExitStatus.cannotRead),
        (.database(DatabaseProblem(path: "p", operation: .storeFeed, failure: .full)), ExitStatus.internalFailure),
        (.database(DatabaseProblem(path: "p", operation: .readArticles, failure: .damaged)), ExitStatus.internalFailure),
        (.importFailed(file: "f", .noSuchFile), ExitStatus.cannotRead),
        (.badAddress("x", .notAURL), ExitStatus.usage),
    ])
    func exitStatus(problem: RssProblem, status: Int32) {
        #expect(ExitStatus.status(for: problem) == status)
    }

    @Test("notices: news and problems in the same words")
    func notices() {
        let date = Date(timeIntervalSince1970: 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        func line(_ event: Notice.Event) -> String {
            NoticeText.line(Notice(id: 1, event: event, date: date), sources: Self.sources, calendar: calendar)
        }
        #expect(line(.newArticles(source: Self.source, count: 3)) == "3 new in Feeds Red")
        #expect(line(.imported(file: "a.opml", added: 1, alreadyFollowed: 2)) == "imported 1 source from a.opml (2 already followed)")
        let loop = RefusedFeed(address: "http://2130706433/\u{1b}[31mx", refusal: .notAllowed(.loopback))
        #expect(line(.importRefused(file: "a.opml", feeds: [loop])) == "did not follow 1 feed of a.opml: http://2130706433/x: an address of this machine (loopback); only public addresses are allowed here")
        let seven = Array(repeating: RefusedFeed(address: "file:///x", refusal: .schemeNotAllowed("file")), count: 7)
        #expect(line(.importRefused(file: "b.opml", feeds: seven)).hasSuffix("(use http or https); and 2 more"))
        #expect(line(.exported(file: "/x.opml", sources: 4)) == "exported 4 sources to /x.opml")
        #expect(line(.postponed(source: Self.source, until: date.addingTimeInterval(3_600))).hasPrefix("Feeds Red: skipped until"))
        #expect(line(.problem(.articleGone(UUID()))) == "that article is no longer stored")
        #expect(line(.ruleApplied(name: "ads", action: .hide, articles: 3)) == "rule ads: 3 articles hidden")
        #expect(line(.ruleApplied(name: "x", action: .read, articles: 1)) == "rule x: 1 article marked read")
    }

    @Test("a rule reads as rule add takes it, its source quoted when its title has spaces")
    func ruleDefinitions() throws {
        var sources = SourcesState()
        let id = UUID()
        sources.all = [Source(id: id, url: URL(string: "https://x.example/f")!, title: "Daring Fireball", addedAt: Date())]
        let filter = try ArticleFilter(#"title ~ "^\[ad\]""#)
        #expect(
            RuleText.definition(ArticleRule(name: "ads", filter: filter, action: .hide, scope: .source(id)), sources: sources)
                == #"ads title ~ "^\[ad\]" -> hide "Daring Fireball""#)
        #expect(
            RuleText.definition(ArticleRule(name: "n", filter: filter, action: .star, scope: .tag("news")), sources: sources)
                == #"n title ~ "^\[ad\]" -> star #news"#)
    }
}

/// The words of filter mistakes: each kind said in one line, with its column first.
@Suite("Filter mistakes in words")
struct FilterProblemTextTests {
    static let kinds: [(FilterProblem.Kind, String)] = [
        (.empty, "no condition (for example: unread and title contains swift)"),
        (.unterminatedString, "this quote is never closed"),
        (.unknownOperator("<="), "“<=” is not an operator (contains, ~, =, !=, < or >)"),
        (.unknownField("titel"), "unknown field “titel” (fields: title, author, content, link, source, tag, age, unread, starred)"),
        (.expected(.condition, found: nil), "expected a field, “not” or “(”, found the end"),
        (.expected(.comparison(.age), found: "x"), "expected < or > after age, found “x”"),
        (.expected(.value, found: ")"), "expected a value, found “)”"),
        (.expected(.closingParenthesis(openedAt: 3), found: nil), "expected “)” closing the “(” of column 3, found the end"),
        (.expected(.connective, found: "starred"), "expected “and”, “or” or the end, found “starred”"),
        (.operatorNotAllowed(.lessThan, field: .title), "title takes contains, ~, = or !=, not “<”"),
        (.notADuration("7"), "“7” is not a duration such as 90m, 12h, 7d, 2w or 1d12h"),
        (.notAMark("maybe"), "“maybe” is not true or false"),
        (.badPattern(.unclosedGroup), "bad regular expression: this “(” is never closed"),
        (.badPattern(.unknownEscape("\\1")), "bad regular expression: “\\1” means nothing here (no backreferences)"),
        (.badPattern(.tooComplex(limit: 2000)), "bad regular expression: too complex (more than 2000 steps a character)"),
        (.tooLong(limit: 2000), "longer than 2000 characters"),
        (.tooManyConditions(limit: 100), "more than 100 conditions"),
        (.tooDeep(limit: 32), "parentheses and “not” nest deeper than 32"),
    ]

    @Test("each kind of mistake", arguments: kinds.indices)
    func wording(index: Int) {
        let (kind, words) = Self.kinds[index]
        #expect(ProblemText.filter(FilterProblem(column: 4, kind: kind)) == "column 4: " + words)
    }

    @Test("every pattern fault says something of its own")
    func patternFaults() {
        let faults: [FilterProblem.PatternFault] = [
            .tooLong(limit: 500), .tooComplex(limit: 2000), .unclosedGroup, .unopenedGroup, .unclosedClass,
            .reversedRange, .nothingToRepeat, .repetitionTooLarge(limit: 1000), .reversedRepetition, .trailingBackslash,
            .unknownEscape("\\y"), .unsupportedGroup, .unknownFlag("x"), .unknownFlag(""), .unknownClassName("alfa"),
        ]
        let words = faults.map { ProblemText.filterReason(.badPattern($0)) }
        #expect(Set(words).count == faults.count)
        #expect(words.allSatisfy { $0.hasPrefix("bad regular expression: ") && !$0.contains("\n") })
    }
}
