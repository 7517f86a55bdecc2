public import ArticleExtractor
import Foundation

/// Why an article's full text could not be had from its web page.
///
/// Posted as ``RssProblem/fullText(article:_:)`` when a fetch someone asked for fails (``FetchFullText``), and
/// kept with the article, so that a page that fails is not asked again at every refresh: a problem that may
/// pass (a timeout, a connection, a server error) is tried again a day later, a lasting one (a missing page, a
/// refused address, not HTML, no article) only when asked. A front words it (`ProblemText.fullText(_:)` in
/// `FrontKit`).
public enum FullTextProblem: Error, Sendable, Equatable, Codable {
    /// The article has no link to fetch, or its link is not `http` or `https`.
    case noLink
    /// The page could not be fetched: an HTTP status, a timeout, a connection failure, a body past the page's
    /// size cap, or an address the source's ``AddressPolicy`` refuses (``FetchError/addressNotAllowed(_:)``).
    case fetch(FetchError)
    /// The page is not HTML: a PDF, an image, a feed (its `Content-Type`, as the server sent it, or "" when it
    /// sent none and the bytes are not text).
    case notHTML(contentType: String)
    /// The page was read, but no article came out of it (``/ArticleExtractor/ExtractionProblem``).
    case extraction(ExtractionProblem)

    /// Whether trying again later is likely to give the same answer: a missing page, a refused address, a page
    /// that is not HTML or holds no article. A timeout, a failed connection, a server error (5xx), a request to
    /// wait (429) and an extraction that ran out of time may pass; only those are tried again automatically,
    /// after a back-off (a page asked for is fetched whatever the last attempt gave).
    var isLasting: Bool {
        switch self {
        case .noLink, .notHTML: return true
        case .extraction(let problem):
            if case .timeLimitExceeded = problem { return false }
            return true
        case .fetch(let error):
            switch error.failure {
            case .http(let status, _): return status != 429 && status != 408 && !(500..<600).contains(status)
            case .timeout, .connection: return false
            case .redirect, .tooLarge, .file, .parse, .unsupportedScheme, .addressNotAllowed, .unclassified: return true
            case .cancelled: return false
            case .privateNetwork: return false  // `failure` has none left
            }
        }
    }

    /// When an automatic fetch may try again after this problem at `date`: a day later for a problem that may
    /// pass (or when the server's `Retry-After` says, if later); nil, never, for a lasting one.
    func retryDate(after date: Date) -> Date? {
        guard !isLasting else { return nil }
        let dayLater = date.addingTimeInterval(Self.backoff)
        if case .fetch(let error) = self, let retryAfter = error.retryAfter { return max(dayLater, retryAfter) }
        return dayLater
    }

    /// How long an automatic fetch waits after a problem that may pass.
    static let backoff: TimeInterval = 24 * 3600
}

// ExtractionProblem is the extractor's and carries no coding: the problem is coded here, by case.
extension FullTextProblem {
    private enum CodingKeys: String, CodingKey {
        case kind, fetch, contentType, extraction, bytes, limit, seconds
    }

    private enum Kind: String, Codable {
        case noLink, fetch, notHTML
        case empty, notText, tooLarge, tooManyElements, nestedTooDeeply, parserMemoryExceeded, timeLimitExceeded
        case noContent
    }

    /// Decodes the form ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limit = { try container.decodeIfPresent(Int.self, forKey: .limit) ?? 0 }
        switch try container.decode(Kind.self, forKey: .kind) {
        case .noLink: self = .noLink
        case .fetch: self = .fetch(try container.decode(FetchError.self, forKey: .fetch))
        case .notHTML: self = .notHTML(contentType: try container.decode(String.self, forKey: .contentType))
        case .empty: self = .extraction(.empty)
        case .notText: self = .extraction(.notText)
        case .tooLarge:
            let bytes = try container.decodeIfPresent(Int.self, forKey: .bytes) ?? 0
            self = .extraction(.tooLarge(bytes: bytes, limit: try limit()))
        case .tooManyElements: self = .extraction(.tooManyElements(limit: try limit()))
        case .nestedTooDeeply: self = .extraction(.nestedTooDeeply(limit: try limit()))
        case .parserMemoryExceeded: self = .extraction(.parserMemoryExceeded(limit: try limit()))
        case .timeLimitExceeded:
            let seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) ?? 0
            self = .extraction(.timeLimitExceeded(limit: .milliseconds(Int64((seconds * 1000).rounded()))))
        case .noContent: self = .extraction(.noContent)
        }
    }

    /// Encodes the case as `kind` with its values beside it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .noLink: try container.encode(Kind.noLink, forKey: .kind)
        case .fetch(let error):
            try container.encode(Kind.fetch, forKey: .kind)
            try container.encode(error, forKey: .fetch)
        case .notHTML(let contentType):
            try container.encode(Kind.notHTML, forKey: .kind)
            try container.encode(contentType, forKey: .contentType)
        case .extraction(let problem):
            switch problem {
            case .empty: try container.encode(Kind.empty, forKey: .kind)
            case .notText: try container.encode(Kind.notText, forKey: .kind)
            case .tooLarge(let bytes, let limit):
                try container.encode(Kind.tooLarge, forKey: .kind)
                try container.encode(bytes, forKey: .bytes)
                try container.encode(limit, forKey: .limit)
            case .tooManyElements(let limit):
                try container.encode(Kind.tooManyElements, forKey: .kind)
                try container.encode(limit, forKey: .limit)
            case .nestedTooDeeply(let limit):
                try container.encode(Kind.nestedTooDeeply, forKey: .kind)
                try container.encode(limit, forKey: .limit)
            case .parserMemoryExceeded(let limit):
                try container.encode(Kind.parserMemoryExceeded, forKey: .kind)
                try container.encode(limit, forKey: .limit)
            case .timeLimitExceeded(let limit):
                try container.encode(Kind.timeLimitExceeded, forKey: .kind)
                try container.encode(limit.seconds, forKey: .seconds)
            case .noContent: try container.encode(Kind.noContent, forKey: .kind)
            }
        }
    }
}
