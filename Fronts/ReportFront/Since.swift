public import ArgumentParser
public import Foundation

/// The `--since` value: a duration back from now (`90m`, `12h`, `2d`, `1w`, `1d12h`) or a point in time
/// (`2024-05-01`, `2024-05-01T09:30`, `2024-05-01 09:30`, or ISO 8601 with a zone, `2024-05-01T09:30:00Z`).
/// Dates without a zone are local time.
public enum Since: Sendable, Equatable, ExpressibleByArgument {
    /// This many seconds before now.
    case ago(TimeInterval)
    /// From this moment on.
    case date(Date)

    /// Parses a duration or a date; nil when it is neither.
    public init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if let seconds = Self.duration(text) {
            self = .ago(seconds)
        } else if let date = Self.date(text) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// The earliest date reported, for a run at `now`.
    func start(relativeTo now: Date) -> Date {
        switch self {
        case .ago(let seconds): now.addingTimeInterval(-seconds)
        case .date(let date): date
        }
    }

    /// `1d12h`, `90m`, `2w`: numbers with units s, m, h, d, w.
    static func duration(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), let unit = unitSeconds[character] else { return nil }
            total += TimeInterval(value) * unit
            number = ""
            sawUnit = true
        }
        return sawUnit && number.isEmpty ? total : nil
    }

    private static let unitSeconds: [Character: TimeInterval] = [
        "s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800,
    ]

    /// `2024-05-01`, `2024-05-01T09:30[:SS]` (local time), or ISO 8601 with a zone.
    static func date(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }  // not ISO 8601 with a zone: the forms below
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " }).map(String.init)
        guard (1...2).contains(parts.count) else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        guard day.count == 3, parts[0].split(separator: "-").count == 3 else { return nil }
        var components = DateComponents(year: day[0], month: day[1], day: day[2], hour: 0, minute: 0, second: 0)
        if parts.count == 2 {
            let clock = parts[1].split(separator: ":").map { Int($0) }
            guard (2...3).contains(clock.count), !clock.contains(nil) else { return nil }
            components.hour = clock[0]
            components.minute = clock[1]
            components.second = clock.count == 3 ? clock[2] : 0
        }
        guard components.isValidDate(in: LocalTime.calendar) else { return nil }
        return LocalTime.calendar.date(from: components)
    }
}
