/// Parses any date a feed may contain, trying each grammar in feedparser's order (W3C-DTF, RFC 822,
/// ISO 8601, asctime, Perforce, Hungarian, Greek, Korean), with the slashed form tried before ISO 8601 (whose
/// year-only template would otherwise read `2019/3/7` as 1 January).
///
/// No `DateFormatter` is involved: everything is hand-written, locale-free and allocation-light.
enum DateParser {
    /// A grammar family, exposed so tests can check each parser the way feedparser's own tests do.
    enum Family: String, CaseIterable {
        case w3dtf, rfc822, slashed, iso8601, asctime, perforce, hungarian, greek, nate, onblog
    }

    static func parse(_ text: String) -> FeedDate? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count < 128 else { return nil }
        if let date = FastDateParser.parse(trimmed) { return date }
        for family in Family.allCases {
            if let date = parse(trimmed, family: family) { return date }
        }
        return nil
    }

    static func parse(_ text: String, family: Family) -> FeedDate? {
        switch family {
        case .w3dtf: return W3DTFDateParser.parse(text)
        case .rfc822: return RFC822DateParser.parse(text)
        case .iso8601: return ISO8601DateParser.parse(text)
        case .asctime: return RegionalDateParsers.asctime(text)
        case .perforce: return RegionalDateParsers.perforce(text)
        case .hungarian: return RegionalDateParsers.hungarian(text)
        case .greek: return RegionalDateParsers.greek(text)
        case .nate: return RegionalDateParsers.nate(text)
        case .onblog: return RegionalDateParsers.onblog(text)
        case .slashed: return RegionalDateParsers.slashed(text)
        }
    }
}
