import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension HTTPFeedFetcher {
    /// Fetches `request.url`, following redirects by hand so that loops, the limit, the schemes allowed and the
    /// permanence of each hop are ours to decide. A failure at a hop whose address is on a private network the
    /// policy allows is told as ``FetchError/privateNetwork(_:)``, and a body from one says so.
    func fetchFollowingRedirects(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        var hops: [URL] = []
        do {
            var response = try await followRedirects(request, hops: &hops)
            if case .fetched(var fetched) = response, await ledToPrivateNetwork(hops, policy: request.policy) {
                fetched.viaPrivateNetwork = true
                response = .fetched(fetched)
            }
            return response
        } catch {
            guard error != .cancelled, await ledToPrivateNetwork(hops, policy: request.policy) else { throw error }
            throw .privateNetwork(error)
        }
    }

    /// Whether any of `hops` led to an address on a private network `policy` allows beyond the public web.
    private func ledToPrivateNetwork(_ hops: [URL], policy: AddressPolicy) async -> Bool {
        guard !policy.allowsEveryAddress, let addressGuard = try? await guardedClients.client(for: policy).guard  // the fetch just made this client; none means no hop was guarded
        else { return false }
        return hops.contains { hop in
            guard let host = hop.host else { return false }
            let port = hop.port ?? (hop.scheme?.lowercased() == "https" ? 443 : 80)
            return addressGuard.ledToPrivateNetwork(host: host, port: port)
        }
    }

    private func followRedirects(_ request: FetchRequest, hops: inout [URL]) async throws(FetchError) -> FetchResponse {
        var url = request.url
        var visited: Set<String> = [url.absoluteString]
        var redirects = 0
        var permanentlyMovedTo: URL?
        var allPermanentSoFar = true
        while true {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw redirects == 0 ? .unsupportedScheme(url.scheme ?? "") : .redirect(.unsupportedScheme(url.scheme ?? ""))
            }
            hops.append(url)
            let response = try await send(
                url: url, etag: request.etag, lastModified: request.lastModified, policy: request.policy,
                accept: Self.accept(for: request.kind))
            let status = Int(response.status.code)
            switch status {
            case 301, 302, 303, 307, 308:
                await discard(response.body)
                guard let location = response.headers.first(name: "location"),
                    let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL
                else {
                    throw .redirect(.noLocation)
                }
                redirects += 1
                guard redirects <= configuration.maximumRedirects else {
                    throw .redirect(.tooMany(limit: configuration.maximumRedirects))
                }
                guard visited.insert(next.absoluteString).inserted else {
                    throw .redirect(.loop)
                }
                if allPermanentSoFar && (status == 301 || status == 308) {
                    permanentlyMovedTo = next
                } else {
                    allPermanentSoFar = false
                }
                url = next
            case 304:
                await discard(response.body)
                // Without validators there is nothing it could be "not modified" from.
                guard request.etag != nil || request.lastModified != nil else {
                    throw .http(status: status)
                }
                return .notModified(freshFor: freshness(response.headers), permanentlyMovedTo: permanentlyMovedTo)
            case 204, 205:
                // Success with no content by definition: say so, rather than fail parsing an empty document.
                await discard(response.body)
                throw statusError(status, headers: response.headers)
            case 200..<300:
                let data = try await readBody(response, from: url, cap: cap(of: request))
                var fetched = FetchedFeed(
                    data: data,
                    contentType: response.headers.first(name: "content-type"),
                    etag: response.headers.first(name: "etag"),
                    lastModified: response.headers.first(name: "last-modified"),
                    permanentlyMovedTo: permanentlyMovedTo, freshFor: freshness(response.headers))
                fetched.finalURL = url
                return .fetched(fetched)
            default:
                await discard(response.body)
                throw statusError(status, headers: response.headers)
            }
        }
    }

    /// Sends one GET for `url` with the validators, the User-Agent and the encodings we accept, through the
    /// ``AddressGuard`` of `policy` when it does not allow every address; a connection lost before the answer
    /// is tried again (see ``isLostConnection(_:)``).
    func send(
        url: URL, etag: String?, lastModified: String?, policy: AddressPolicy = .unrestricted,
        accept: String = HTTPFeedFetcher.accept
    ) async throws(FetchError) -> HTTPClientResponse {
        var request = HTTPClientRequest(url: url.withoutCredentials.absoluteString)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: configuration.userAgent)
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        if let etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        if let authorization = url.basicAuthorization {
            request.headers.add(name: "Authorization", value: authorization)
        }
        let (client, addressGuard): (HTTPClient, AddressGuard?)
        if policy.allowsEveryAddress {
            (client, addressGuard) = (self.client, nil)
        } else {
            (client, addressGuard) = try await guardedClients.client(for: policy)
        }
        var attempt = 1
        while true {
            do {
                return try await client.execute(request, timeout: TimeAmount(configuration.totalTimeout))
            } catch {
                if let addressGuard, let refusal = Self.guardOutcome(of: error, for: url, from: addressGuard) {
                    throw refusal
                }
                // A pooled connection the server had already closed: send the request again.
                guard attempt < Self.attemptsOnLostConnection, Self.isLostConnection(error), !Task.isCancelled else {
                    throw describe(error, fetching: url)
                }
                attempt += 1
            }
        }
    }

    /// Why the guard did not make the tunnel a request failed on: the guard answers every refusal with an
    /// error status, which AsyncHTTPClient reports as an invalid proxy response, and keeps the reason.
    static func guardOutcome(of error: any Error, for url: URL, from addressGuard: AddressGuard) -> FetchError? {
        guard let error = error as? HTTPClientError, error == .invalidProxyResponse, let host = url.host else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return addressGuard.outcome(host: host, port: port) ?? .connection(.other("the address guard refused the connection"))
    }

    /// Feed types first, anything else last: some servers answer `*/*`-less requests with 406.
    static let accept =
        "application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml, "
        + "application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5"

    /// What an article's page asks for: HTML, then anything, so that a server choosing by `Accept` sends the
    /// page a browser would get.
    static let acceptPage = "text/html, application/xhtml+xml;q=0.9, */*;q=0.5"

    /// What an image fetched for a browser asks for: the formats browsers show.
    static let acceptMedia = "image/avif, image/webp, image/png, image/jpeg, image/gif, image/*;q=0.8"

    /// The `Accept` of a request of `kind`.
    static func accept(for kind: FetchKind) -> String {
        switch kind {
        case .feed: accept
        case .page: acceptPage
        case .media: acceptMedia
        }
    }

    /// The largest body `request` accepts: the fetcher's cap, or a page's own when smaller.
    func cap(of request: FetchRequest) -> Int {
        switch request.kind {
        case .feed: configuration.maximumBytes
        case .page(let maximumBytes), .media(let maximumBytes): min(maximumBytes, configuration.maximumBytes)
        }
    }

    /// How long the server says its answer stays fresh (see ``ServerFreshness``).
    func freshness(_ headers: HTTPHeaders) -> TimeInterval? {
        ServerFreshness.seconds(
            cacheControl: headers["cache-control"], expires: headers.first(name: "expires"),
            date: headers.first(name: "date"), now: now())
    }

    /// The error for a status that is neither success, 304 nor a redirect, with `Retry-After` for 429 and 503.
    func statusError(_ status: Int, headers: HTTPHeaders) -> FetchError {
        var retryAfter: Date?
        if status == 429 || status == 503, let value = headers.first(name: "retry-after") {
            retryAfter = RetryAfter.parse(value, now: now(), maximum: configuration.maximumRetryAfter)
        }
        return .http(status: status, retryAfter: retryAfter)
    }
}
