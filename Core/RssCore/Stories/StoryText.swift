import Foundation

/// An article's title and the start of its text as the same story's copies share them, for sources that link
/// to different addresses (a feed and its mirror, a syndicated copy): the words, case, accents, punctuation and
/// white space ignored.
///
/// Two articles are the same story by their text when their titles have the same words and their texts start
/// with the same words (``startsAlike(_:_:)``), and they are dated within ``window`` of each other. Precision
/// comes first: a title alone never matches (two outlets' headlines of one event differ, and two different
/// stories share headlines such as "Weekly links"), nor does a text too short to tell (``fewestWords``).
enum StoryText {
    /// The words of a text's start that are compared.
    static let comparedWords = 30
    /// The fewest words two texts' starts must share.
    static let fewestWords = 12
    /// How many of the shorter text's last words may differ: an excerpt ends with "Read more" or "Continue
    /// reading" where the whole text goes on.
    static let excerptTail = 3
    /// How far apart two copies' dates may be (3 days): a syndicated copy comes out within hours, a
    /// mirror within a day; further apart, two texts that start alike are more likely a template.
    static let window: Double = 3 * 86_400

    /// The words of `title`, lower-cased, accents folded, joined by single spaces; "" when it has none.
    static func normalisedTitle(_ title: String) -> String {
        words(of: title, limit: .max).joined(separator: " ")
    }

    /// The first ``comparedWords`` words of the text of `html` (markup and references read as the search
    /// index reads them), normalised as titles are.
    static func startWords(ofHTML html: String) -> [String] {
        // The start is all that is compared: a long article's tail is never read.
        let prefix = html.utf8.count > 16_384 ? String(decoding: html.utf8.prefix(16_384), as: UTF8.self) : html
        return words(of: SearchText.plain(html: prefix), limit: comparedWords)
    }

    /// Whether two texts' starts (``startWords(ofHTML:)``) are the same text: the shorter one, but for its last
    /// ``excerptTail`` words, is the start of the longer, and they share at least ``fewestWords`` words.
    static func startsAlike(_ a: [String], _ b: [String]) -> Bool {
        let shorter = min(a.count, b.count)
        var shared = 0
        while shared < shorter, a[shared] == b[shared] { shared += 1 }
        return shared >= fewestWords && shared >= shorter - excerptTail
    }

    /// Up to `limit` words of `text`: runs of letters and digits, lower-cased and with accents folded (so that
    /// "Café" and "cafe" are one word); everything else separates words. An ideograph is a word of its own:
    /// Chinese and Japanese put no spaces between words, and a sentence would otherwise be one word.
    static func words(of text: String, limit: Int) -> [String] {
        // Every article stored has its title read so: most are ASCII, read byte by byte without asking Unicode's
        // tables about each character (which took most of a merge's time for stories).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(of: text, limit: limit) }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func finish() {
            guard !current.isEmpty else { return }
            let word = String(current)
            words.append(word.unicodeScalars.allSatisfy(\.isASCII) ? word.lowercased() : folded(word))
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isIdeographic {
                finish()
                if words.count >= limit { return words }
                words.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else if scalar.properties.generalCategory == .nonspacingMark, !current.isEmpty {
                current.append(scalar)
            } else {
                finish()
                if words.count >= limit { return words }
            }
        }
        finish()
        return Array(words.prefix(limit))
    }

    /// ``words(of:limit:)`` of an ASCII text: letters and digits, lower-cased.
    private static func asciiWords(of text: String, limit: Int) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte | 0x20)
            default:
                guard !current.isEmpty else { continue }
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                if words.count >= limit { return words }
            }
        }
        if !current.isEmpty, words.count < limit { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `word` lower-cased without its accents (`Ä` → `a`), as the search index's tokenizer reads it.
    private static func folded(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
