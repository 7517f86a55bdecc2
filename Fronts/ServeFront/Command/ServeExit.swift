#if canImport(Glibc)
    import Glibc
#endif
import ArgumentParser
import Foundation
import FrontKit
import ServeCore

/// How rss-serve says things on standard error and ends with a status.
enum ServeExit {
    /// Prints `error: …` and ends with `status`.
    static func failure(_ reason: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data((UserMessage.error(reason) + "\n").utf8))
        return ExitCode(status)
    }

    /// `warning: …`.
    static func warn(_ text: String) {
        FileHandle.standardError.write(Data(("warning: " + UserMessage.line(text) + "\n").utf8))
    }

    /// `rss-serve: …`.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data(("rss-serve: " + UserMessage.line(text) + "\n").utf8))
    }
}
