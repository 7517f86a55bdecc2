import Foundation

/// Whether a feed already carries an article whole, so that a full-text source leaves its page alone.
///
/// The feed's text is its content (`content:encoded`, Atom `<content>`, JSON Feed `content_html`), else its
/// summary (many RSS feeds put the whole article in `<description>`). It is the whole article when:
///
/// 1. it has at least ``minimumWords`` words (an ideograph or a kana counts as a word, as the languages
///    written without spaces need); a shorter text is a teaser as often as a short post, and fetching a short
///    post's page costs one request;
/// 2. it does not end as a teaser does: an ellipsis (`…`, `...`, `[…]`), or a last line inviting to read on
///    ("Read more", "Continue reading", "Lire la suite", "Weiterlesen", "Читать далее" …);
/// 3. when the feed gives both a summary and a content, the content is not much shorter than the summary
///    promises: at least ``contentShare`` of the summary's words (a content shorter than the summary is
///    the summary's teaser, not the article).
///
/// A page someone asks for (``FetchFullText``) is fetched whatever this says.
enum FeedTextRule {
    /// The fewest words of a text that counts as the whole article.
    static let minimumWords = 150
    /// The least share of the summary's words a content must have.
    static let contentShare = 0.8

    /// Whether the feed's `summary` and `content` (HTML) carry the whole article.
    static func carriesWholeArticle(summary: String?, content: String?) -> Bool {
        let summaryText = summary.map(SearchText.plain(html:)) ?? ""
        let contentText = content.map(SearchText.plain(html:)) ?? ""
        let contentWords = words(in: contentText)
        let summaryWords = words(in: summaryText)
        let (text, count) = contentWords > 0 ? (contentText, contentWords) : (summaryText, summaryWords)
        guard count >= minimumWords, !endsAsTeaser(text) else { return false }
        if contentWords > 0, summaryWords > 0, Double(contentWords) < Double(summaryWords) * contentShare {
            return false
        }
        return true
    }

    /// The words of `text`: runs of letters or digits, and each ideograph or kana on its own.
    static func words(in text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if isIdeographic(scalar) {
                count += 1
                inWord = false
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if !inWord { count += 1 }
                inWord = true
            } else if scalar != "'" && scalar != "’" && scalar != "-" {
                inWord = false
            }
        }
        return count
    }

    /// Whether `text` ends as a teaser does: an ellipsis, or an invitation to read on in its last words.
    static func endsAsTeaser(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if ["…", "...", "[…]", "[...]", "(…)", "(...)"].contains(where: { trimmed.hasSuffix($0) }) { return true }
        let tail = trimmed.suffix(60).lowercased()
        return readOn.contains { tail.contains($0) }
    }

    /// What the last words of a teaser say, in the languages feeds are most often written in.
    private static let readOn = [
        "read more", "continue reading", "read the rest", "read the full", "keep reading", "more…", "lire la suite",
        "weiterlesen", "leer más", "continua a leggere", "lees verder", "читать далее", "читать дальше",
        "подробнее", "続きを読む",
    ]

    private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            true
        default:
            false
        }
    }
}
