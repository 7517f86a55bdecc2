import Foundation

/// The reduced and truncated ISO 8601 forms W3C-DTF does not cover (`031231`, `03335`, `-0312`, `2003-012-31`),
/// matched against the same templates as feedparser's `_parse_date_iso8601`, first match wins.
enum ISO8601DateParser {
    private enum Token { case year4, year2, month, optionalMonth, day, ordinal, century, hyphen, optionalHyphen, zero }

    private static let templates: [[Token]] = [
        [.year4, .optionalHyphen, .month, .optionalHyphen, .day],
        [.year4, .hyphen, .zero, .optionalMonth, .optionalHyphen, .day],
        [.year4, .hyphen, .month],
        [.year4, .optionalHyphen, .ordinal],
        [.year2, .optionalHyphen, .month, .optionalHyphen, .day],
        [.year2, .optionalHyphen, .ordinal],
        [.year4],
        [.hyphen, .year2, .optionalHyphen, .month],
        [.hyphen, .ordinal],
        [.hyphen, .year2],
        [.hyphen, .hyphen, .month, .optionalHyphen, .day],
        [.hyphen, .hyphen, .month],
        [.hyphen, .hyphen, .hyphen, .day],
        [.century],
    ]

    private struct Fields {
        var year: Int?, yearDigits = 0, month: Int?, day: Int?, ordinal: Int?, century: Int?
    }

    static func parse(_ text: String, now: Date = Date()) -> FeedDate? {
        let chars = Array(text.utf8)
        for template in templates {
            var fields = Fields()
            guard var i = match(template, chars, into: &fields) else { continue }
            // Optional time: T?hh:mm(:ss)?(.fff)?(Z|±hh(:?mm)?)?
            var hour = 0, minute = 0, second = 0, offset: Int?
            var j = i
            if j < chars.count, chars[j] == 0x54 { j += 1 }
            if let h = digits(chars, j, 2), j + 2 < chars.count, chars[j + 2] == 0x3A, let m = digits(chars, j + 3, 2) {
                hour = h; minute = m; j += 5
                if j < chars.count, chars[j] == 0x3A, let s = digits(chars, j + 1, 2) { second = s; j += 3 }
                if j < chars.count, chars[j] == 0x2E {
                    var k = j + 1
                    while k < chars.count, chars[k] >= 0x30, chars[k] <= 0x39 { k += 1 }
                    if k > j + 1 { j = k }
                }
                if j < chars.count, chars[j] == 0x5A { offset = 0; j += 1 }
                else if j < chars.count, chars[j] == 0x2B || chars[j] == 0x2D, let th = digits(chars, j + 1, 2) {
                    var tm = 0
                    if let m2 = digits(chars, j + 3, 2) { tm = m2 }
                    else if j + 3 < chars.count, chars[j + 3] == 0x3A, let m2 = digits(chars, j + 4, 2) { tm = m2 }
                    offset = (chars[j] == 0x2D ? -1 : 1) * (th * 3600 + tm * 60)
                }
                i = j
            }
            guard i > 0 else { return nil }
            return build(fields, hour: hour, minute: minute, second: second, offset: offset, now: now)
        }
        return nil
    }

    private static func build(_ f: Fields, hour: Int, minute: Int, second: Int, offset: Int?, now: Date) -> FeedDate? {
        let nowDays = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        let currentYear = CivilTime.year(fromDays: nowDays)
        var year: Int
        if let y = f.year { year = f.yearDigits == 2 ? (currentYear / 100) * 100 + y : y } else { year = currentYear }
        let ordinal = f.ordinal ?? 0
        let month = f.month ?? (ordinal > 0 ? 1 : 1)
        if let d = f.day, let m = f.month, f.ordinal == nil, d > CivilTime.daysInMonth(year, m) || d == 0 { return nil }
        var day = f.day ?? 0
        if day == 0 { day = ordinal > 0 ? ordinal : 1 }
        if let century = f.century { year = (century - 1) * 100 + 1 }
        return CivilTime.normalized(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                    offset: offset)
    }

    private static func match(_ template: [Token], _ c: [UInt8], into f: inout Fields) -> Int? {
        var i = 0
        for token in template {
            switch token {
            case .year4: guard let v = digits(c, i, 4) else { return nil }; f.year = v; f.yearDigits = 4; i += 4
            case .year2: guard let v = digits(c, i, 2) else { return nil }; f.year = v; f.yearDigits = 2; i += 2
            case .month, .optionalMonth:
                if let v = digits(c, i, 2), c[i] <= 0x31 { f.month = v; i += 2 }
                else if token == .month { return nil }
            case .day: guard let v = digits(c, i, 2), c[i] <= 0x33 else { return nil }; f.day = v; i += 2
            case .ordinal: guard let v = digits(c, i, 3), c[i] <= 0x33 else { return nil }; f.ordinal = v; i += 3
            case .century: guard let v = digits(c, i, 2), i + 2 == c.count else { return nil }; f.century = v; i += 2
            case .hyphen: guard i < c.count, c[i] == 0x2D else { return nil }; i += 1
            case .optionalHyphen: if i < c.count, c[i] == 0x2D { i += 1 }
            case .zero: guard i < c.count, c[i] == 0x30 else { return nil }; i += 1
            }
        }
        return i
    }

    private static func digits(_ c: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= c.count else { return nil }
        var value = 0
        for k in at..<(at + count) {
            guard c[k] >= 0x30, c[k] <= 0x39 else { return nil }
            value = value * 10 + Int(c[k] - 0x30)
        }
        return value
    }
}
