import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

// A new device's first sync, as NetNewsWire's Reader API account makes it (its public source, request for
// request: see Tests/ServeTests/Clients/replay/netnewswire.py), by CLIENTS devices at once: sign in, tag list,
// subscriptions, the action token, the reading list's ids stored in the last three months (pages of 1,000),
// the unread and starred ids, then every item's contents in chunks of 150. Prints one JSON line: the wall
// time, the requests, and each kind's count, p50 and p99.
// Usage: first-sync-bench BASE_URL USER PASSWORD [CLIENTS]

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: first-sync-bench BASE_URL USER PASSWORD [CLIENTS]\n".utf8))
    exit(64)
}
let base = arguments[1]
let user = arguments[2]
let password = arguments[3]
let clients = arguments.count > 4 ? Int(arguments[4]) ?? 1 : 1

/// A failure that ends the run: the benchmark measures a sync that works.
struct SyncFailure: Error, CustomStringConvertible {
    let description: String
}

/// Each kind of request's times, in milliseconds.
struct Timings: Sendable {
    var byKind: [String: [Double]] = [:]
    var bytes = 0

    mutating func add(_ kind: String, _ milliseconds: Double) { byKind[kind, default: []].append(milliseconds) }

    mutating func merge(_ other: Timings) {
        for (kind, values) in other.byKind { byKind[kind, default: []] += values }
        bytes += other.bytes
    }
}

let http = HTTPClient(
    eventLoopGroupProvider: .singleton,
    configuration: HTTPClient.Configuration(
        connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: clients * 2)))

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) * 1e-15
}

/// One request, timed under `kind`; its body.
func send(
    _ kind: String, _ method: HTTPMethod, _ path: String, auth: String?, form: String? = nil, timings: inout Timings
) async throws -> String {
    var request = HTTPClientRequest(url: base + path)
    request.method = method
    request.headers.add(name: "User-Agent", value: "NetNewsWire (RSS Reader; https://netnewswire.com/)")
    if let auth { request.headers.add(name: "Authorization", value: "GoogleLogin auth=\(auth)") }
    if let form {
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: form))
    }
    let start = ContinuousClock.now
    let response = try await http.execute(request, timeout: .seconds(120))
    let body = try await response.body.collect(upTo: 512 * 1024 * 1024)
    timings.add(kind, milliseconds(ContinuousClock.now - start))
    timings.bytes += body.readableBytes
    guard (200..<400).contains(Int(response.status.code)) else {
        throw SyncFailure(description: "\(method) \(path): \(response.status.code)")
    }
    return String(buffer: body)
}

/// Every id of a stream, following continuations.
func ids(_ kind: String, _ query: String, auth: String, timings: inout Timings) async throws -> [Int64] {
    struct Page: Decodable {
        struct Ref: Decodable {
            let id: String
        }
        let itemRefs: [Ref]?
        let continuation: String?
    }
    var all: [Int64] = []
    var continuation: String?
    repeat {
        let path = "/reader/api/0/stream/items/ids?n=1000&output=json&\(query)" + (continuation.map { "&c=\($0)" } ?? "")
        let page = try JSONDecoder().decode(Page.self, from: Data(try await send(kind, .GET, path, auth: auth, timings: &timings).utf8))
        all += (page.itemRefs ?? []).compactMap { Int64($0.id) }
        continuation = page.continuation
        if page.itemRefs?.isEmpty ?? true { break }
    } while continuation != nil
    return all
}

/// One device's first sync.
func firstSync() async throws -> Timings {
    var timings = Timings()
    let encodedPassword = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
    let login = try await send("login", .POST, "/accounts/ClientLogin", auth: nil, form: "Email=\(user)&Passwd=\(encodedPassword)", timings: &timings)
    guard let auth = login.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") })?.dropFirst(5).description else {
        throw SyncFailure(description: "no Auth in ClientLogin's answer")
    }
    _ = try await send("tag/list", .GET, "/reader/api/0/tag/list?output=json", auth: auth, timings: &timings)
    _ = try await send("subscription/list", .GET, "/reader/api/0/subscription/list?output=json", auth: auth, timings: &timings)
    let token = try await send("token", .GET, "/reader/api/0/token", auth: auth, timings: &timings)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let since = Int(Date().timeIntervalSince1970) - 91 * 24 * 3_600
    let all = try await ids("ids: reading list", "ot=\(since)&s=user/-/state/com.google/reading-list", auth: auth, timings: &timings)
    _ = try await ids("ids: unread", "s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read", auth: auth, timings: &timings)
    _ = try await ids("ids: starred", "s=user/-/state/com.google/starred", auth: auth, timings: &timings)
    for start in stride(from: 0, to: all.count, by: 150) {
        let chunk = all[start..<min(start + 150, all.count)]
        let form = "T=\(token)&output=json&" + chunk.map { "i=tag:google.com,2005:reader/item/" + String(format: "%016llx", UInt64(bitPattern: $0)) }.joined(separator: "&")
        _ = try await send("items/contents", .POST, "/reader/api/0/stream/items/contents", auth: auth, form: form, timings: &timings)
    }
    timings.add("articles", Double(all.count))
    return timings
}

let start = ContinuousClock.now
var timings = Timings()
do {
    timings = try await withThrowingTaskGroup(of: Timings.self) { group in
        for _ in 0..<clients { group.addTask { try await firstSync() } }
        var all = Timings()
        for try await one in group { all.merge(one) }
        return all
    }
} catch {
    FileHandle.standardError.write(Data("first-sync-bench: \(error)\n".utf8))
    try? await http.shutdown().get()
    exit(1)
}
let wall = milliseconds(ContinuousClock.now - start) / 1_000
let articles = Int(timings.byKind.removeValue(forKey: "articles")?.reduce(0, +) ?? 0)
let requests = timings.byKind.values.reduce(0) { $0 + $1.count }
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
var kinds: [String: [String: Double]] = [:]
for (kind, values) in timings.byKind {
    kinds[kind] = ["count": Double(values.count), "p50": percentile(values, 0.5), "p99": percentile(values, 0.99)]
}
let report: [String: Any] = [
    "clients": clients, "seconds": wall, "requests": requests, "requests_per_second": Double(requests) / wall,
    "articles_per_client": articles / max(1, clients), "bytes": timings.bytes, "kinds": kinds,
]
let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: data, as: UTF8.self))
try await http.shutdown().get()
