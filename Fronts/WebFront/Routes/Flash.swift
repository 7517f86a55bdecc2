import ServeCore
import Synchronization

/// A line for a browser's next page (why its full text could not be fetched), kept in memory by session for
/// a few minutes, so that no address carries text the page would show.
final class Flash: Sendable {
    static let shared = Flash()

    private struct Entry {
        let text: String
        let expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// How long a line waits for its page.
    private let lifetime = Duration.seconds(300)
    /// The most lines kept: the oldest go first.
    private let capacity = 1_000

    /// Keeps `text` for the next page of the browser whose session is `session`.
    func put(_ text: String, for session: String) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now }
            if entries.count >= capacity, let oldest = entries.min(by: { $0.value.expires < $1.value.expires })?.key {
                entries[oldest] = nil
            }
            entries[session] = Entry(text: String(text.prefix(1_000)), expires: now + lifetime)
        }
    }

    /// The line kept for `session`, once.
    func take(for session: String) -> String? {
        entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: session), entry.expires > .now else { return nil }
            return entry.text
        }
    }

    /// Keeps `text` for the next page of the request's browser (nothing without a session).
    func put(_ text: String, for context: ServeContext) {
        if let session = context.webSession { put(text, for: session) }
    }

    /// The line kept for the request's browser, once.
    func take(for context: ServeContext) -> String? {
        context.webSession.flatMap { take(for: $0) }
    }
}
