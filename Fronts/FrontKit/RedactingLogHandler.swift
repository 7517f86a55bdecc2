import Foundation
public import Logging
public import RssCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where log lines go: standard error, or a file opened for appending.
public final class LogOutput: Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Standard error.
    public static let standardError = LogOutput(descriptor: 2)

    /// `path`, created when missing (readable by its owner only: a log names feeds and articles), appended to.
    public convenience init(appendingTo path: String) throws(FileProblem) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileProblem(errno: errno) }
        self.init(descriptor: descriptor)
    }

    /// Writes one whole line (lines from several threads never interleave).
    func write(_ line: String) {
        lock.withLock {
            var bytes = Array((line + "\n").utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}

/// A log handler writing one line per message, `2026-11-23T22:10:04Z debug rss-repl: message key=value
/// (file:line)`, with the user name and password of every URL in it removed (``/RssCore/CredentialRedaction``): feed
/// addresses may carry credentials, and a log is often shared.
public struct RedactingLogHandler: LogHandler {
    /// The logger's label.
    public let label: String
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]
    let output: LogOutput

    /// A handler labelled `label`, writing to `output`.
    public init(label: String, output: LogOutput) {
        self.label = label
        self.output = output
    }

    /// One entry of the metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line.
    public func log(event: LogEvent) {
        let time = Date().formatted(.iso8601)
        var line = "\(time) \(event.level) \(label): \(event.message)"
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        line += " (\(event.file.split(separator: "/").last ?? ""):\(event.line))"
        output.write(CredentialRedaction.redact(line.replacingOccurrences(of: "\n", with: " ")))
    }
}
