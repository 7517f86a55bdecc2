#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One output stream (standard output or standard error) and what the terminal behind it, if any, can do.
///
/// Fronts decide once at start-up whether to use colour, how wide to lay text out and whether to emit any
/// control code at all; this answers those questions the same way for both fronts.
public struct TerminalStream: Sendable, Equatable {
    /// The file descriptor written to.
    public let fileDescriptor: Int32

    /// A stream over any descriptor (a pty in tests, a file).
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard output.
    public static let standardOutput = TerminalStream(fileDescriptor: 1)
    /// Standard error, where status lines go.
    public static let standardError = TerminalStream(fileDescriptor: 2)

    /// Whether the stream is a terminal; when it is not, output must hold no control codes.
    public var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// The terminal's width in columns: the kernel's window size, else a positive `COLUMNS`, else nil.
    ///
    /// `COLUMNS` is read only when the stream has no window size (not a terminal, or a terminal reporting 0),
    /// which lets a user or a test ask for a width when output goes to a pipe.
    public func columns(environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let value = environment["COLUMNS"], let columns = Int(value), columns > 0 {
            return columns
        }
        return nil
    }

    /// Whether colour and styles may be used on this stream, per no-color.org and common practice.
    ///
    /// Only on a terminal; never when `NO_COLOR` is set to a non-empty value; never when `TERM` is `dumb`.
    public func allowsColor(environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }
}
