import ArticleExtractor
import Foundation
import Testing

@testable import RssCore

@Suite("Full-text problems: coding, lasting or passing, policies narrowed")
struct FullTextProblemTests {
    static let problems: [FullTextProblem] = [
        .noLink, .fetch(.http(status: 404)), .fetch(.addressNotAllowed(.privateNetwork)), .fetch(.timeout(.connecting)),
        .notHTML(contentType: "application/pdf"), .extraction(.empty), .extraction(.notText),
        .extraction(.tooLarge(bytes: 11 << 20, limit: 10 << 20)), .extraction(.tooManyElements(limit: 250_000)),
        .extraction(.nestedTooDeeply(limit: 2_000)), .extraction(.parserMemoryExceeded(limit: 256 << 20)),
        .extraction(.timeLimitExceeded(limit: .seconds(5))), .extraction(.noContent),
    ]

    @Test("every problem reads back as it was stored (the database and journals keep them)", arguments: problems)
    func roundTrip(problem: FullTextProblem) throws {
        #expect(FullTextProblem(stored: problem.storedText) == problem)
        let notice = RssProblem.fullText(article: UUID(), problem)
        #expect(try JSONDecoder().decode(RssProblem.self, from: JSONEncoder().encode(notice)) == notice)
    }

    @Test("what may pass is tried again after a day (or the server's Retry-After); what lasts, never")
    func retries() {
        let date = FullTextFixture.date
        #expect(FullTextProblem.fetch(.http(status: 503)).retryDate(after: date) == date.addingTimeInterval(86_400))
        let later = date.addingTimeInterval(3 * 86_400)
        #expect(FullTextProblem.fetch(.http(status: 429, retryAfter: later)).retryDate(after: date) == later)
        #expect(FullTextProblem.fetch(.connection(.refused)).retryDate(after: date) != nil)
        #expect(FullTextProblem.extraction(.timeLimitExceeded(limit: .seconds(5))).retryDate(after: date) != nil)
        for lasting: FullTextProblem in [
            .noLink, .fetch(.http(status: 404)), .fetch(.http(status: 410)), .fetch(.addressNotAllowed(.loopback)),
            .fetch(.tooLarge(limit: 10 << 20)), .notHTML(contentType: "image/png"), .extraction(.noContent),
        ] {
            #expect(lasting.retryDate(after: date) == nil, "\(lasting)")
        }
    }

    @Test("a request's policy narrows the source's: the stricter holds, and networks both allow stay allowed")
    func narrowing() throws {
        let local = try #require(IPNetwork("10.0.0.0/8"))
        let host = try #require(IPNetwork("10.1.2.3/32"))
        #expect(AddressPolicy.unrestricted.narrowed(by: .publicWeb()) == .publicWeb())
        #expect(AddressPolicy.publicWeb(allowing: [local]).narrowed(by: .unrestricted) == .publicWeb(allowing: [local]))
        #expect(AddressPolicy.publicWeb(allowing: [local]).narrowed(by: .publicWeb()) == .publicWeb())
        #expect(AddressPolicy.publicWeb(allowing: [local]).narrowed(by: .publicWeb(allowing: [host])) == .publicWeb(allowing: [host]))
    }
}
