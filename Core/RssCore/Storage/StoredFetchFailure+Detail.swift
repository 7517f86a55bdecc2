import Foundation

extension StoredFetchFailure {
    /// The stored form of ``error``: its JSON, which reads back as the same value.
    var detail: String? {
        // Encoding a FetchError cannot fail: its values are strings, integers and finite numbers.
        (try? JSONEncoder().encode(error)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A failure as stored: from its JSON detail, else (a failure stored before schema version 3, or a detail
    /// this version cannot read) from its stage and English message as well as they allow; nil when none.
    init?(detail: String?, stage: String?, message: String?, at: Date?) {
        let at = at ?? Date(timeIntervalSince1970: 0)
        if let detail, let error = try? JSONDecoder().decode(FetchError.self, from: Data(detail.utf8)) {
            self.init(error: error, at: at)  // undecodable: fall back to the stage below
            return
        }
        guard let stage else { return nil }
        self.init(error: Self.legacy(stage: stage, message: message ?? ""), at: at)
    }

    /// A failure stored as a stage and a message: the HTTP status is read from the message's start ("404 not
    /// found"); anything else keeps its stage and words.
    private static func legacy(stage: String, message: String) -> FetchError {
        let stage = FetchError.Stage(rawValue: stage) ?? .fetch
        if stage == .http, let status = message.split(separator: " ").first.flatMap({ Int($0) }) {
            return .http(status: status)
        }
        return .unclassified(stage: stage, message: message)
    }
}
