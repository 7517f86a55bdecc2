import Logging
import ReduxVM

/// A swift-log handler that keeps every entry, with its source location, for assertions.
final class LogCapture: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
        let file: String
        let line: UInt
    }

    private let stored = Locked<[Entry]>([])

    var entries: [Entry] { stored.withLock { $0 } }

    func handler() -> Handler { Handler(capture: self) }

    fileprivate func append(_ entry: Entry) { stored.withLock { $0.append(entry) } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(
                Entry(
                    level: event.level, message: event.message.description,
                    metadata: (event.metadata ?? [:]).mapValues { $0.description },
                    file: event.file, line: event.line))
        }
    }
}
