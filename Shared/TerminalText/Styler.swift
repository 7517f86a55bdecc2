/// Applies ``TextStyle``s to text, or does nothing when colour is off: the one switch between styled and plain.
///
/// Views style their output through a styler made once from ``TerminalStream/allowsColor(environment:)``, so no
/// view needs its own `if colour` and no control code reaches a pipe or a `NO_COLOR` user.
///
/// ```swift
/// let styler = Styler(for: .standardOutput, environment: ProcessInfo.processInfo.environment)
/// print(styler.bold("Sources") + " " + styler.apply(.color(.green), to: "OK"))
/// ```
public struct Styler: Sendable, Equatable {
    /// Whether styles produce escape sequences.
    public let isEnabled: Bool

    /// A styler that emits styles only when `enabled`.
    public init(enabled: Bool) {
        self.isEnabled = enabled
    }

    /// A styler for `stream`: enabled only when the stream allows colour (see
    /// ``TerminalStream/allowsColor(environment:)``).
    public init(for stream: TerminalStream, environment: [String: String]) {
        self.init(enabled: stream.allowsColor(environment: environment))
    }

    /// A styler that never emits anything: for pipes, files and tests.
    public static let plain = Styler(enabled: false)

    /// The text wrapped in the style's SGR sequence and a reset, or unchanged when styling is off.
    ///
    /// The text itself is not sanitised here: sanitise feed text first.
    public func apply(_ style: TextStyle, to text: String) -> String {
        let parameters = style.sgrParameters
        guard isEnabled, !parameters.isEmpty, !text.isEmpty else { return text }
        let codes = parameters.map(String.init).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }

    /// The text in bold.
    public func bold(_ text: String) -> String { apply(.bold, to: text) }

    /// The text dimmed.
    public func dim(_ text: String) -> String { apply(.dim, to: text) }

    /// The text in a colour.
    public func color(_ color: TextStyle.Color, _ text: String) -> String { apply(.color(color), to: text) }
}
