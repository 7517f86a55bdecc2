import Foundation

/// Calendar arithmetic done by hand (proleptic Gregorian, no `Calendar` or `DateFormatter`), because date
/// parsing runs once per item on the hot path and must not depend on the process's locale or time zone.
enum CivilTime {
    /// Days from 1970-01-01 to the given civil date (Howard Hinnant's algorithm); month may be 1…12 only.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count from 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The year of a day count from 1970-01-01.
    static func year(fromDays days: Int) -> Int {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A validated date: fields must be in range (as Python's `datetime` requires) and the UTC result must fall
    /// in years 1…9999. `offset` is seconds east of UTC, `nil` when the text had no zone.
    static func make(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0, offset: Int?
    ) -> FeedDate? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= daysInMonth(year, month), (0...23).contains(hour), (0...59).contains(minute),
              second >= 0, second < 60 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3600 + minute * 60) + second
        let utc = local - Double(offset ?? 0)
        let utcYear = Self.year(fromDays: Int((utc / 86_400).rounded(.down)))
        guard (1...9999).contains(utcYear) else { return nil }
        return FeedDate(date: Date(timeIntervalSince1970: utc), utcOffsetSeconds: offset)
    }

    /// Like ``make(year:month:day:hour:minute:second:offset:)`` but lets day, hour and minute overflow into the next unit, as C's `mktime` does.
    static func normalized(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int?) -> FeedDate? {
        let y = year + (month - 1).floorDiv(12)
        let m = (month - 1).floorMod(12) + 1
        guard (1...9999).contains(y) else { return nil }
        let days = daysFromCivil(year: y, month: m, day: 1) + day - 1
        let utc = days * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? 0)
        guard (1...9999).contains(self.year(fromDays: utc.floorDiv(86_400))) else { return nil }
        return FeedDate(date: Date(timeIntervalSince1970: Double(utc)), utcOffsetSeconds: offset)
    }
}

extension Int {
    func floorDiv(_ d: Int) -> Int { self >= 0 ? self / d : -((-self + d - 1) / d) }
    func floorMod(_ d: Int) -> Int { self - floorDiv(d) * d }
}

/// Python-style integer parsing (`int(" 07")`), which the date grammars below were written against.
func pyInt<S: StringProtocol>(_ s: S) -> Int? {
    let trimmed = s.trimmingASCIIWhitespace()
    guard !trimmed.isEmpty, trimmed.count <= 18 else { return nil }
    return Int(trimmed)
}
