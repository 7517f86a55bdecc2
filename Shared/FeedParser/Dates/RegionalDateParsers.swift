/// Date shapes from particular software and locales that feedparser learned over the years (asctime,
/// Perforce, Greek and Hungarian month names, Korean blog hosts), plus `YYYY/M/D H:MM:SS` seen on Chinese
/// feeds. Each rewrites its input into RFC 822 or W3C-DTF and hands it on.
enum RegionalDateParsers {
    /// `Sun Jan  4 16:29:06 2004`, optionally with a numeric zone before the year.
    static func asctime(_ text: String) -> FeedDate? {
        var p = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if p.count == 5 { p.insert("+0000", at: 4) }
        guard p.count == 6 else { return nil }
        return RFC822DateParser.parse([p[0], p[2], p[1], p[5], p[3], p[4]].joined(separator: " "))
    }

    /// Perforce: `Fri, 2006/09/15 08:19:53 EDT`.
    static func perforce(_ text: String) -> FeedDate? {
        let p = text.split(separator: " ").map(String.init)
        guard p.count == 4, p[0].hasSuffix(","), p[0].count <= 4 else { return nil }
        let date = p[1].split(separator: "/", omittingEmptySubsequences: false)
        guard date.count == 3, let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
              (1...12).contains(month), p[2].split(separator: ":").count == 3 else { return nil }
        let monthName = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"][month - 1]
        return RFC822DateParser.parse("\(p[0]) \(day) \(monthName) \(year) \(p[2]) \(p[3])")
    }

    private static let greekMonths: [String: String] = [
        "Ιαν": "Jan", "Φεβ": "Feb", "Μάώ": "Mar", "Μαώ": "Mar", "Απρ": "Apr", "Μάι": "May", "Μαϊ": "May",
        "Μαι": "May", "Ιούν": "Jun", "Ιον": "Jun", "Ιούλ": "Jul", "Ιολ": "Jul", "Αύγ": "Aug", "Αυγ": "Aug",
        "Σεπ": "Sep", "Οκτ": "Oct", "Νοέ": "Nov", "Νοε": "Nov", "Δεκ": "Dec",
    ]
    private static let greekDays: [String: String] = [
        "Κυρ": "Sun", "Δευ": "Mon", "Τρι": "Tue", "Τετ": "Wed", "Πεμ": "Thu", "Παρ": "Fri", "Σαβ": "Sat",
    ]

    /// Greek: `Κυρ, 11 Ιούλ 2004 12:00:00 EST`.
    static func greek(_ text: String) -> FeedDate? {
        let p = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard p.count == 6, p[0].hasSuffix(","), let day = greekDays[String(p[0].dropLast())],
              let month = greekMonths[p[2]] else { return nil }
        return RFC822DateParser.parse("\(day), \(p[1]) \(month) \(p[3]) \(p[4]) \(p[5])")
    }

    private static let hungarianMonths: [String: String] = [
        "január": "01", "február": "02", "március": "03", "április": "04", "május": "05", "június": "06",
        "július": "07", "augusztus": "08", "szeptember": "09", "október": "10", "november": "11",
        "december": "12",
    ]

    /// Hungarian: `2004-július-13T9:15-05:00`.
    static func hungarian(_ text: String) -> FeedDate? {
        let p = text.split(separator: "-", maxSplits: 2).map(String.init)
        guard p.count == 3, p[0].count == 4, let month = hungarianMonths[p[1].lowercased()] else { return nil }
        let rest = p[2].split(separator: "T", maxSplits: 1).map(String.init)
        guard rest.count == 2, let zoneStart = rest[1].firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let clock = rest[1][..<zoneStart].split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let day = Int(rest[0]) else { return nil }
        let w3 = "\(p[0])-\(month)-\(pad(day))T\(pad(hour)):\(clock[1])\(rest[1][zoneStart...])"
        return W3DTFDateParser.parse(w3)
    }

    /// Korean (Nate): `2004-05-25 오후 11:23:17`, Korea Standard Time.
    static func nate(_ text: String) -> FeedDate? {
        let p = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard p.count == 3, p[1] == "오전" || p[1] == "오후" else { return nil }
        let clock = p[2].split(separator: ":")
        guard clock.count == 3, var hour = Int(clock[0]) else { return nil }
        if p[1] == "오후" { hour += 12 }
        return W3DTFDateParser.parse("\(p[0])T\(pad(hour)):\(clock[1]):\(clock[2])+09:00")
    }

    /// Korean (OnBlog): `2004년 05월 28일  01:31:15`, Korea Standard Time.
    static func onblog(_ text: String) -> FeedDate? {
        let p = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard p.count == 4, p[0].hasSuffix("년"), p[1].hasSuffix("월"), p[2].hasSuffix("일") else { return nil }
        return W3DTFDateParser.parse("\(p[0].dropLast())-\(p[1].dropLast())-\(p[2].dropLast())T\(p[3])+09:00")
    }

    /// `2019/3/7 9:05:33` or `2019/03/07` with no zone (read as UTC, offset unknown).
    static func slashed(_ text: String) -> FeedDate? {
        let p = text.split(whereSeparator: \.isWhitespace)
        guard (1...2).contains(p.count) else { return nil }
        let date = p[0].split(separator: "/", omittingEmptySubsequences: false)
        guard date.count == 3, date[0].count == 4, let y = Int(date[0]), let m = Int(date[1]), let d = Int(date[2])
        else { return nil }
        var clock = [0, 0, 0]
        if p.count == 2 {
            let parts = p[1].split(separator: ":")
            guard (2...3).contains(parts.count) else { return nil }
            for (k, part) in parts.enumerated() { guard let v = Int(part) else { return nil }; clock[k] = v }
        }
        return CivilTime.make(year: y, month: m, day: d, hour: clock[0], minute: clock[1], second: Double(clock[2]),
                              offset: nil)
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
