/// Query parameters that say who sent a reader to a page, not which page it is: taken out of a link before two
/// sources' links are compared (see ``StoryLink``).
enum TrackingParameters {
    /// Names that are tracking whatever their value (compared lower-cased): click ids of the ad and social
    /// networks, mailing-list and marketing-automation ids, and referrer tags.
    static let names: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid", "ttclid",
        "mc_cid", "mc_eid", "_hsenc", "_hsmi", "mkt_tok", "vero_id", "vero_conv", "oly_anon_id", "oly_enc_id",
        "ref", "ref_src", "ref_url", "wt.mc_id", "at_medium", "at_campaign", "cmpid", "spm",
    ]

    /// Names that are tracking when their value says the reader came from a feed (`source=rss…`, Medium's
    /// links; `partner=rss`, `emc=rss`, `smid=rss…`): elsewhere they may choose the page.
    static let feedValuedNames: Set<String> = ["source", "partner", "emc", "smid", "ncid", "cmp"]

    /// `query` (without its `?`) with the tracking and AMP parameters taken out, the others kept in their
    /// order with needless escapes decoded; "" when none is left.
    static func remainingQuery(_ query: String) -> String {
        guard !query.isEmpty else { return "" }
        var kept: [String] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let name = PercentEscapes.decodedLowercased(pair[..<(equals ?? pair.endIndex)])
            let value = equals.map { PercentEscapes.decodedLowercased(pair[pair.index(after: $0)...]) } ?? ""
            if isTracking(name: name, value: value) || isAMP(name: name, value: value) { continue }
            kept.append(PercentEscapes.normalised(pair))
        }
        return kept.joined(separator: "&")
    }

    /// Whether the parameter `name=value` (both lower-cased) only tracks the reader.
    static func isTracking(name: String, value: String) -> Bool {
        if name.hasPrefix("utm_") || names.contains(name) { return true }
        return feedValuedNames.contains(name) && (value.hasPrefix("rss") || value.hasPrefix("feed"))
    }

    /// Whether the parameter asks for the AMP version of the page (`amp`, `amp=1`, `outputType=amp`).
    static func isAMP(name: String, value: String) -> Bool {
        name == "amp" || (name == "outputtype" && value == "amp")
    }
}

/// Percent escapes in a link, read so that two spellings of one address compare equal.
enum PercentEscapes {
    /// `part` with the escapes of unreserved characters (letters, digits, `-._~`) decoded and the others'
    /// hex digits upper-cased (RFC 3986 §6.2.2).
    static func normalised(_ part: Substring) -> String {
        guard part.contains("%") else { return String(part) }
        var out: [UInt8] = []
        let bytes = Array(part.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                let byte = high << 4 | low
                if isUnreserved(byte) {
                    out.append(byte)
                } else {
                    out += [UInt8(ascii: "%"), hexDigit(high), hexDigit(low)]
                }
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `part` with every escape decoded (an invalid one left as it is), lower-cased: for comparing names and
    /// values, never for the link itself.
    static func decodedLowercased(_ part: Substring) -> String {
        guard part.contains("%") || part.contains("+") else { return part.lowercased() }
        var out: [UInt8] = []
        let bytes = Array(part.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self).lowercased()
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
