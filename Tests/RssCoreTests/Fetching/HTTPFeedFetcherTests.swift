import Foundation
import HTTPTypes
import Hummingbird
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("HTTP fetching: answers, validators, redirects and statuses", .timeLimit(.minutes(5)))
struct HTTPFeedFetcherTests {
    /// Fetches `path` from a server answering with `respond`.
    func fetch(
        _ path: String, etag: String? = nil, lastModified: String? = nil,
        configure: (inout HTTPFetchConfiguration) -> Void = { _ in },
        _ respond: @escaping @Sendable (Request) async throws -> Response
    ) async throws -> Result<FetchResponse, FetchError> {
        try await withServerAndFetcher(configure: configure, respond: respond) { server, fetcher in
            do throws(FetchError) {
                return .success(
                    try await fetcher.fetch(FetchRequest(url: server.url(path), etag: etag, lastModified: lastModified))
                )
            } catch {
                return .failure(error)
            }
        }
    }

    @Test func a200ReturnsTheBodyAndItsMetadata() async throws {
        let log = ServerLog()
        let result = try await fetch("/feed") { request in
            log.record(request)
            return .ok(sampleFeed, [.eTag: "\"v1\"", .lastModified: "Tue, 01 Apr 2025 10:00:00 GMT"])
        }
        let feed = try #require(try? result.get().fetchedFeed)
        #expect(feed.data == Data(sampleFeed))
        #expect(feed.contentType == "application/rss+xml")
        #expect(feed.etag == "\"v1\"")
        #expect(feed.lastModified == "Tue, 01 Apr 2025 10:00:00 GMT")
        #expect(feed.permanentlyMovedTo == nil)
        let headers = try #require(log.requests.first)
        #expect(
            headers[.userAgent] == "rss-reeder/\(ProgramVersion.current) (+https://github.com/rss-reeder/rss-reeder)")
        #expect(headers[.acceptEncoding] == "gzip, deflate")
        #expect(headers[.ifNoneMatch] == nil && headers[.ifModifiedSince] == nil)
    }

    @Test func bothValidatorsGoBackVerbatimAndA304IsNotModified() async throws {
        let log = ServerLog()
        // Odd but legal validators: a weak tag with spaces, a date in an obsolete format.
        let etag = "W/\"a b,c\""
        let lastModified = "Sunday, 06-Nov-94 08:49:37 GMT"
        let result = try await fetch("/feed", etag: etag, lastModified: lastModified) { request in
            log.record(request)
            if request.headers[.ifNoneMatch] == etag && request.headers[.ifModifiedSince] == lastModified {
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            return .ok(sampleFeed)
        }
        #expect(try result.get() == .notModified())
        let headers = try #require(log.requests.first)
        #expect(headers[.ifNoneMatch] == etag)
        #expect(headers[.ifModifiedSince] == lastModified)
    }

    /// Serves `/hop/<code>/<code>/…/feed`: each hop redirects with its code to the rest of the path.
    static func hops(_ request: Request) -> Response {
        let parts = request.uri.path.split(separator: "/").map(String.init)
        guard parts.first == "hop", parts.count > 2, let code = Int(parts[1]) else { return .ok(sampleFeed) }
        let rest = "/" + (parts.count > 3 ? (["hop"] + parts[2...]).joined(separator: "/") : parts[2])
        return .redirect(HTTPResponse.Status(code: code), to: rest)
    }

    @Test(arguments: [
        ("/hop/301/feed", "/feed"),
        ("/hop/308/feed", "/feed"),
        ("/hop/301/308/feed", "/feed"),
        ("/hop/301/302/feed", "/hop/302/feed"),
        ("/hop/302/feed", nil),
        ("/hop/307/301/feed", nil),
        ("/hop/303/302/307/feed", nil),
    ])
    func redirectChainsAreFollowedAndOnlyPermanentOnesMove(path: String, movedTo: String?) async throws {
        let result = try await fetch(path, Self.hops)
        let feed = try #require(try? result.get().fetchedFeed)
        #expect(feed.data == Data(sampleFeed))
        #expect(feed.permanentlyMovedTo?.path == movedTo)
    }

    @Test func fiveRedirectsAreFollowedButNotSix() async throws {
        let five = try await fetch("/hop/302/302/302/302/302/feed", Self.hops)
        #expect(try five.get().fetchedFeed != nil)
        let six = try await fetch("/hop/302/302/302/302/302/302/feed", Self.hops)
        #expect(six.failure == .redirect(.tooMany(limit: 5)))
    }

    @Test func aRedirectLoopIsDetected() async throws {
        let log = ServerLog()
        let result = try await fetch("/a") { request in
            log.record(request)
            return .redirect(.found, to: request.uri.path == "/a" ? "/b" : "/a")
        }
        #expect(result.failure == .redirect(.loop))
        #expect(log.paths == ["/a", "/b"])
    }

    @Test func aRedirectToAFileIsRefused() async throws {
        let result = try await fetch("/a") { _ in .redirect(.movedPermanently, to: "file:///etc/passwd") }
        #expect(result.failure == .redirect(.unsupportedScheme("file")))
    }

    @Test(arguments: [404, 410, 500, 401, 418, 599])
    func errorStatusesAreHTTPErrorsWithTheirCode(code: Int) async throws {
        let result = try await fetch("/x") { _ in
            Response(
                status: HTTPResponse.Status(code: code), body: ResponseBody(byteBuffer: ByteBuffer(string: "nope")))
        }
        let error = try #require(result.failure)
        #expect(error.stage == .http)
        #expect(error.httpStatus == code)
        #expect(error.retryAfter == nil)
    }

    @Test(arguments: [429, 503])
    func retryAfterInSecondsIsReported(code: Int) async throws {
        // Counted from the answer, not from the start of the test: starting the server may take a while on a
        // busy machine.
        let answered = Mutex(Date.distantPast)
        let result = try await fetch("/x") { _ in
            answered.withLock { $0 = Date() }
            return Response(status: HTTPResponse.Status(code: code), headers: [.retryAfter: "120"])
        }
        let error = try #require(result.failure)
        #expect(error.httpStatus == code)
        let retryAfter = try #require(error.retryAfter)
        let seconds = retryAfter.timeIntervalSince(answered.withLock { $0 })
        #expect(seconds >= 119 && seconds < 130, "\(seconds)")
    }

    @Test(arguments: [429, 503])
    func retryAfterAsAnHTTPDateIsReported(code: Int) async throws {
        let result = try await fetch("/x") { _ in
            Response(status: HTTPResponse.Status(code: code), headers: [.retryAfter: "Fri, 31 Dec 2100 23:59:59 GMT"])
        }
        // Capped at a week from now.
        let retryAfter = try #require(result.failure?.retryAfter)
        let week = 7 * 24 * 3600.0
        #expect(abs(retryAfter.timeIntervalSinceNow - week) < 60)
        let soon = Date().addingTimeInterval(3600)
        let inAnHour = try await fetch("/x") { _ in
            Response(status: HTTPResponse.Status(code: code), headers: [.retryAfter: Self.httpDate(soon)])
        }
        let hour = try #require(inAnHour.failure?.retryAfter)
        #expect(abs(hour.timeIntervalSince(soon)) < 2)
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test func credentialsGoInAHeaderAndNeverIntoErrors() async throws {
        let log = ServerLog()
        try await withServerAndFetcher(respond: { request in
            log.record(request)
            return Response(status: .notFound)
        }) { server, fetcher in
            let url = URL(string: "http://reader:s3cret-pw@127.0.0.1:\(server.port)/private")!
            do throws(FetchError) {
                _ = try await fetcher.fetch(FetchRequest(url: url))
                Issue.record("a 404 succeeded")
            } catch {
                #expect(error.httpStatus == 404)
                #expect(!"\(error)".contains("s3cret"))
            }
            #expect(
                log.requests.first?[.authorization] == "Basic " + Data("reader:s3cret-pw".utf8).base64EncodedString())
            let refused = URL(string: "http://reader:s3cret-pw@127.0.0.1:1/feed")!
            do throws(FetchError) {
                _ = try await fetcher.fetch(FetchRequest(url: refused))
                Issue.record("port 1 answered")
            } catch {
                #expect(error.stage == .fetch)
                #expect(!"\(error)".contains("s3cret"))
            }
        }
    }
}

extension FetchResponse {
    /// The fetched feed, or `nil` for not modified.
    var fetchedFeed: FetchedFeed? {
        if case .fetched(let feed) = self { feed } else { nil }
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
