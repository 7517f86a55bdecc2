/// A style for a span of text: emphasis and an optional colour, as SGR attributes.
///
/// Kept to what every terminal since the VT100/ANSI era understands (bold, dim, underline, reverse and the
/// sixteen standard colours), so the fronts need no terminfo.
public struct TextStyle: Sendable, Equatable {
    /// The sixteen standard terminal colours (the palette the user's theme controls).
    public enum Color: UInt8, Sendable, CaseIterable {
        /// The eight standard colours (SGR 30-37).
        case black, red, green, yellow, blue, magenta, cyan, white
        /// Their bright variants (SGR 90-97).
        case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

        var foregroundCode: Int {
            rawValue < 8 ? 30 + Int(rawValue) : 90 + Int(rawValue - 8)
        }
    }

    /// Heavier text: headings, unread items.
    public var bold = false
    /// Fainter text: dates, secondary information, read items.
    public var dim = false
    /// Underlined text: links.
    public var underline = false
    /// Swapped foreground and background: a selection or a status bar.
    public var reverse = false
    /// The foreground colour, or nil for the terminal's default.
    public var foreground: Color?

    /// A style from its parts; the default is plain text.
    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
        foreground: Color? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
    }

    /// Plain text (no attributes).
    public static let plain = TextStyle()
    /// Bold text.
    public static let bold = TextStyle(bold: true)
    /// Dim text.
    public static let dim = TextStyle(dim: true)
    /// Underlined text.
    public static let underline = TextStyle(underline: true)

    /// Text in one colour.
    public static func color(_ color: Color) -> TextStyle { TextStyle(foreground: color) }

    /// The SGR parameters for this style, e.g. `[1, 31]`; empty for plain text.
    var sgrParameters: [Int] {
        var parameters: [Int] = []
        if bold { parameters.append(1) }
        if dim { parameters.append(2) }
        if underline { parameters.append(4) }
        if reverse { parameters.append(7) }
        if let foreground { parameters.append(foreground.foregroundCode) }
        return parameters
    }
}
