import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fever requests written by hand, for the forms the replay client does not send (Read You's marks in the
/// query, Readrops' requests without `api`, Fluent Reader's huge `max_id`).
extension HTTP {
    /// A Fever answer: the status, the body as sent, and the body as a JSON object.
    struct FeverAnswer {
        let status: Int
        let body: String
        let json: [String: Any]
        let headers: [(String, String)]

        /// The body decoded as `type`: JSONDecoder is as strict as Readrops' parser, an `Int` refusing `true`
        /// and `"1"`, a `String` refusing a number.
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(type, from: Data(body.utf8))
        }

        /// The ids of `items`, in order.
        var itemIDs: [Int64] {
            (json["items"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? NSNumber)?.int64Value }
        }
    }

    /// Sends `target` (a path with its query) with `fields` in a urlencoded body, or a multipart one.
    func fever(
        _ method: HTTPMethod = .POST, _ target: String, fields: [(String, String)] = [], multipart: Bool = false
    ) async throws -> FeverAnswer {
        var request = HTTPClientRequest(url: base + target)
        request.method = method
        if multipart {
            let boundary = "fever-test-\(UUID().uuidString)"
            var body = ""
            for (name, value) in fields {
                body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
            }
            body += "--\(boundary)--\r\n"
            request.headers.add(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")
            request.body = .bytes(ByteBuffer(string: body))
        } else if !fields.isEmpty {
            let form = fields.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: form))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let text = String(buffer: try await response.body.collect(upTo: 64 * 1024 * 1024))
        // An answer that is not JSON leaves `json` empty, which the test's checks of it then show.
        let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        return FeverAnswer(
            status: Int(response.status.code), body: text, json: json,
            headers: response.headers.map { ($0.name, $0.value) })
    }
}
