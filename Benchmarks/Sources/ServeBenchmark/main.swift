import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

// Load on a running rss-serve: CLIENTS concurrent sync clients for SECONDS, each repeating what a reader app
// does when it syncs (Google Reader: unread counts, subscriptions, unread ids, a page of contents, a mark;
// Miniflux: unread entries, counters, a mark). Prints requests per second, latency percentiles and errors.
// Usage: serve-bench BASE_URL USER PASSWORD [SECONDS] [CLIENTS]

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: serve-bench BASE_URL USER PASSWORD [SECONDS] [CLIENTS]\n".utf8))
    exit(64)
}
let base = arguments[1]
let user = arguments[2]
let password = arguments[3]
let seconds = arguments.count > 4 ? Double(arguments[4]) ?? 60 : 60
let clients = arguments.count > 5 ? Int(arguments[5]) ?? 50 : 50

struct Tally: Sendable {
    var latencies: [Double] = []
    var errors = 0
    var firstError: String?
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) * 1e-15
}

let http = HTTPClient(
    eventLoopGroupProvider: .singleton,
    configuration: HTTPClient.Configuration(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: clients)))

func send(_ method: HTTPMethod, _ path: String, headers: [(String, String)], body: String? = nil, json: Bool = false) async throws -> (Int, String) {
    var request = HTTPClientRequest(url: base + path)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body {
        request.headers.add(name: "Content-Type", value: json ? "application/json" : "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: body))
    }
    let response = try await http.execute(request, timeout: .seconds(30))
    let bytes = try await response.body.collect(upTo: 256 * 1024 * 1024)
    return (Int(response.status.code), String(buffer: bytes))
}

let login = try await send(.POST, "/accounts/ClientLogin", headers: [], body: "Email=\(user)&Passwd=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password)")
guard login.0 == 200, let auth = login.1.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") })?.dropFirst(5) else {
    FileHandle.standardError.write(Data("serve-bench: login failed (\(login.0))\n".utf8))
    exit(1)
}
let google = [("Authorization", "GoogleLogin auth=\(auth)")]
let basic = [("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())]

/// One sync, as an app does it; each request timed.
func sync(_ client: Int, round: Int, tally: inout Tally) async {
    func timed(_ method: HTTPMethod, _ path: String, _ headers: [(String, String)], body: String? = nil, json: Bool = false) async -> String? {
        let start = ContinuousClock.now
        do {
            let (status, text) = try await send(method, path, headers: headers, body: body, json: json)
            tally.latencies.append(milliseconds(ContinuousClock.now - start))
            if (200..<300).contains(status) { return text }
            tally.errors += 1
            tally.firstError = tally.firstError ?? "\(status) \(path)"
        } catch {
            tally.errors += 1
            tally.firstError = tally.firstError ?? "\(error) \(path)"
        }
        return nil
    }
    if client % 2 == 0 {
        _ = await timed(.GET, "/reader/api/0/unread-count?output=json", google)
        _ = await timed(.GET, "/reader/api/0/subscription/list?output=json", google)
        let ids = await timed(.GET, "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=1000", google)
        let page = await timed(.GET, "/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=50", google)
        if let ids, let range = ids.range(of: "\"id\":\"") {
            let id = ids[range.upperBound...].prefix { $0 != "\"" }
            let tag = round % 2 == 0 ? "a" : "r"
            _ = await timed(.POST, "/reader/api/0/edit-tag", google, body: "i=\(id)&\(tag)=user/-/state/com.google/read")
        }
        if let page, let range = page.range(of: "\"continuation\":\"") {
            let continuation = page[range.upperBound...].prefix { $0 != "\"" }
            _ = await timed(.GET, "/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=50&c=\(continuation)", google)
        }
    } else {
        let entries = await timed(.GET, "/v1/entries?status=unread&limit=100&direction=desc", basic)
        _ = await timed(.GET, "/v1/feeds/counters", basic)
        _ = await timed(.GET, "/v1/categories", basic)
        if let entries, let range = entries.range(of: "\"entries\":[{\"id\":") {
            let id = entries[range.upperBound...].prefix { $0.isNumber }
            let status = round % 2 == 0 ? "read" : "unread"
            _ = await timed(.PUT, "/v1/entries", basic, body: "{\"entry_ids\":[\(id)],\"status\":\"\(status)\"}", json: true)
        }
    }
}

let start = ContinuousClock.now
let deadline = start + .seconds(seconds)
let tallies = await withTaskGroup(of: Tally.self) { group in
    for client in 0..<clients {
        group.addTask {
            var tally = Tally()
            var round = 0
            while ContinuousClock.now < deadline {
                await sync(client, round: round, tally: &tally)
                round += 1
            }
            return tally
        }
    }
    var all: [Tally] = []
    for await tally in group { all.append(tally) }
    return all
}
let elapsed = milliseconds(ContinuousClock.now - start) / 1_000
let latencies = tallies.flatMap(\.latencies).sorted()
let errors = tallies.reduce(0) { $0 + $1.errors }
func percentile(_ p: Double) -> Double { latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
print(String(format: "requests %d in %.1f s: %.0f/s, p50 %.1f ms, p99 %.1f ms, max %.1f ms, errors %d",
             latencies.count + errors, elapsed, Double(latencies.count) / elapsed, percentile(0.5), percentile(0.99),
             latencies.last ?? .nan, errors))
if let first = tallies.compactMap(\.firstError).first { print("first error: \(first)") }
try await http.shutdown().get()
exit(errors == 0 ? 0 : 1)
