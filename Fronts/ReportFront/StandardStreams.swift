import Foundation

/// Writing to standard output and standard error without buffering surprises: each call is one write.
enum StandardStreams {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// One line on standard error.
    static func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// `rss-report: error: …` on standard error.
    static func error(_ message: String) {
        err("rss-report: error: \(Text.line(message))")
    }
}
