/// A piece of a page's markup, built so that text is escaped unless it is markup already.
///
/// The literal parts of a template are the program's own markup (`StaticString`: no text from outside can
/// become a literal); every interpolated `String` is escaped for a quoted attribute or an element's text,
/// whichever it lands in; only other `HTML` values (templates, ``SafeFragment``s) go in as they are. A page's
/// titles, names and addresses so reach it escaped, by construction rather than by remembering to.
///
/// ```swift
/// let row: HTML = "<li><a href=\"\(link)\">\(article.title)</a></li>"
/// ```
struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup.
    private(set) var markup: String

    /// Nothing.
    static let empty = HTML(markup: "")

    private init(markup: String) {
        self.markup = markup
    }

    init(stringLiteral literal: StaticString) {
        markup = literal.description
    }

    init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    /// Markup the extractor made safe (``SafeFragment``): the only way outside HTML reaches a page.
    init(_ fragment: SafeFragment) {
        markup = fragment.markup
    }

    /// `parts` one after another.
    init<Parts: Sequence<HTML>>(joining parts: Parts) {
        markup = parts.reduce(into: "") { $0 += $1.markup }
    }

    var description: String { markup }

    /// Appends `other`.
    static func += (html: inout HTML, other: HTML) {
        html.markup += other.markup
    }

    /// Builds markup: literals as written, values escaped.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            markup += literal.description
        }

        /// Text, escaped.
        mutating func appendInterpolation(_ text: String) {
            HTMLEscaping.append(text, to: &markup)
        }

        /// Text, escaped; nothing for nil.
        mutating func appendInterpolation(_ text: String?) {
            if let text { HTMLEscaping.append(text, to: &markup) }
        }

        /// A number.
        mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
            markup += String(number)
        }

        /// Markup, as it is.
        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Markup, as it is; nothing for nil.
        mutating func appendInterpolation(_ html: HTML?) {
            if let html { markup += html.markup }
        }

        /// An address for `href` or `src`: ``WebLink`` keeps only the schemes a page may link to.
        mutating func appendInterpolation(_ link: WebLink) {
            HTMLEscaping.append(link.text, to: &markup)
        }

        /// Each piece of markup in turn.
        mutating func appendInterpolation<Parts: Sequence<HTML>>(each parts: Parts) {
            for part in parts { markup += part.markup }
        }
    }
}
