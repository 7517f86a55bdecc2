/// Byte-level parsers for the two shapes nearly every feed uses, RFC 3339 (`2003-12-31T10:14:55.12-08:00`)
/// and RFC 822 (`Wed, 02 Oct 2002 13:00:00 GMT`), tried before the general grammars; anything unusual falls
/// through to them, so this only has to be right, not complete.
enum FastDateParser {
    static func parse(_ text: String) -> FeedDate? {
        var text = text
        return text.withUTF8 { p -> FeedDate? in
            guard let first = p.first else { return nil }
            if first >= 0x30 && first <= 0x39 { return rfc3339(p) }
            return rfc822(p)
        }
    }

    private static func rfc3339(_ p: UnsafeBufferPointer<UInt8>) -> FeedDate? {
        guard p.count >= 20, p[4] == 0x2D, p[7] == 0x2D, p[10] == 0x54 || p[10] == 0x74, p[13] == 0x3A, p[16] == 0x3A,
              let year = digits(p, 0, 4), let month = digits(p, 5, 2), let day = digits(p, 8, 2),
              let hour = digits(p, 11, 2), let minute = digits(p, 14, 2), let second = digits(p, 17, 2) else { return nil }
        var i = 19
        var fraction = 0.0
        if i < p.count, p[i] == 0x2E {
            var scale = 0.1
            i += 1
            while i < p.count, p[i] >= 0x30, p[i] <= 0x39 { fraction += Double(p[i] - 0x30) * scale; scale /= 10; i += 1 }
        }
        guard i < p.count else { return nil }
        let offset: Int
        if p[i] == 0x5A || p[i] == 0x7A {
            offset = 0
            i += 1
        } else if p[i] == 0x2B || p[i] == 0x2D, i + 6 == p.count, p[i + 3] == 0x3A,
                  let h = digits(p, i + 1, 2), let m = digits(p, i + 4, 2), h < 24, m < 60 {
            offset = (p[i] == 0x2D ? -1 : 1) * (h * 3600 + m * 60)
            i += 6
        } else {
            return nil
        }
        guard i == p.count else { return nil }
        return CivilTime.make(year: year, month: month, day: day, hour: hour, minute: minute,
                              second: Double(second) + fraction, offset: offset)
    }

    private static let monthNames: [UInt32: Int] = [
        0x6A616E: 1, 0x666562: 2, 0x6D6172: 3, 0x617072: 4, 0x6D6179: 5, 0x6A756E: 6,
        0x6A756C: 7, 0x617567: 8, 0x736570: 9, 0x6F6374: 10, 0x6E6F76: 11, 0x646563: 12,
    ]

    /// `Www, DD Mmm YYYY HH:MM:SS ZONE` with ZONE `GMT`, `UT`, `UTC`, `Z` or `±HHMM`; one-digit day allowed.
    private static func rfc822(_ p: UnsafeBufferPointer<UInt8>) -> FeedDate? {
        guard p.count >= 26, p[3] == 0x2C, p[4] == 0x20 else { return nil }
        var i = 5
        guard let dayLength = (digits(p, i, 2) != nil ? 2 : (digits(p, i, 1) != nil ? 1 : nil)),
              let day = digits(p, i, dayLength) else { return nil }
        i += dayLength
        guard i + 5 <= p.count, p[i] == 0x20, p[i + 4] == 0x20 else { return nil }
        let key = UInt32(p[i + 1] | 0x20) << 16 | UInt32(p[i + 2] | 0x20) << 8 | UInt32(p[i + 3] | 0x20)
        guard let month = monthNames[key] else { return nil }
        i += 5
        guard i + 14 <= p.count, let year = digits(p, i, 4), p[i + 4] == 0x20, let hour = digits(p, i + 5, 2),
              p[i + 7] == 0x3A, let minute = digits(p, i + 8, 2), p[i + 10] == 0x3A, let second = digits(p, i + 11, 2),
              p[i + 13] == 0x20 else { return nil }
        i += 14
        let zone = p.count - i
        let offset: Int
        if zone == 5, p[i] == 0x2B || p[i] == 0x2D, let h = digits(p, i + 1, 2), let m = digits(p, i + 3, 2), m < 60 {
            offset = (p[i] == 0x2D ? -1 : 1) * (h * 3600 + m * 60)
        } else if (zone == 3 && p[i] == 0x47 && p[i + 1] == 0x4D && p[i + 2] == 0x54)
                    || (zone == 3 && p[i] == 0x55 && p[i + 1] == 0x54 && p[i + 2] == 0x43)
                    || (zone == 2 && p[i] == 0x55 && p[i + 1] == 0x54) || (zone == 1 && p[i] == 0x5A) {
            offset = 0
        } else {
            return nil
        }
        return CivilTime.make(year: year, month: month, day: day, hour: hour, minute: minute,
                              second: Double(second), offset: offset)
    }

    private static func digits(_ p: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        guard at + count <= p.count else { return nil }
        var value = 0
        for k in at..<(at + count) {
            let c = p[k]
            guard c >= 0x30, c <= 0x39 else { return nil }
            value = value * 10 + Int(c - 0x30)
        }
        return value
    }
}
