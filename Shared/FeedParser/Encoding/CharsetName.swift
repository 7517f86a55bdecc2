/// Canonical names for the charsets we can decode, so that the many aliases found in the wild
/// (`latin1`, `x-gbk`, `ks_c_5601-1987`, …) map to one decoder and one reported name.
enum CharsetName {
    /// Returns the canonical lower-case name for an alias, or `nil` when the name is unknown.
    static func canonical(_ raw: String) -> String? {
        let name = raw.trimmingCharacters(inSet: " \t\r\n\"'").lowercased()
        if let known = aliases[name] { return known }
        if name.hasPrefix("iso-8859-") || name.hasPrefix("iso8859-") || name.hasPrefix("iso_8859-") {
            let digits = name.split(separator: "-").last.flatMap { Int($0.prefix(while: \.isNumber)) }
            if let n = digits, (1...16).contains(n), n != 12 { return n == 1 ? "iso-8859-1" : "iso-8859-\(n)" }
        }
        if name.hasPrefix("windows-") || name.hasPrefix("cp125") || name.hasPrefix("x-cp125") {
            let digits = name.filter(\.isNumber)
            if let n = Int(digits), (1250...1258).contains(n) { return "windows-\(n)" }
        }
        return nil
    }

    private static let aliases: [String: String] = [
        "utf-8": "utf-8", "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8",
        "utf-16": "utf-16", "utf16": "utf-16", "u16": "utf-16", "utf_16": "utf-16", "unicode": "utf-16",
        "utf-16le": "utf-16le", "utf-16be": "utf-16be", "utf_16le": "utf-16le", "utf_16be": "utf-16be",
        "utf-32": "utf-32", "utf32": "utf-32", "u32": "utf-32", "utf_32": "utf-32",
        "utf-32le": "utf-32le", "utf-32be": "utf-32be", "utf_32le": "utf-32le", "utf_32be": "utf-32be",
        "us-ascii": "us-ascii", "ascii": "us-ascii", "ansi_x3.4-1968": "us-ascii", "iso646-us": "us-ascii",
        "latin1": "iso-8859-1", "latin-1": "iso-8859-1", "l1": "iso-8859-1", "iso-ir-100": "iso-8859-1",
        "cp819": "iso-8859-1", "iso_8859-1:1987": "iso-8859-1", "ibm819": "iso-8859-1",
        "cp1252": "windows-1252", "x-cp1252": "windows-1252", "windows-1252": "windows-1252",
        "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030", "cp936": "gb18030", "gb18030": "gb18030",
        "euc-cn": "gb18030", "csgb2312": "gb18030", "ms936": "gb18030", "windows-936": "gb18030",
        "big5": "big5", "big5-hkscs": "big5", "cp950": "big5", "x-x-big5": "big5", "csbig5": "big5",
        "euc-kr": "euc-kr", "ks_c_5601-1987": "euc-kr", "cp949": "euc-kr", "euckr": "euc-kr",
        "windows-949": "euc-kr",
        "shift_jis": "shift_jis", "shift-jis": "shift_jis", "sjis": "shift_jis", "ms_kanji": "shift_jis",
        "cp932": "shift_jis", "windows-31j": "shift_jis", "x-sjis": "shift_jis", "csshiftjis": "shift_jis",
        "koi8-r": "koi8-r", "koi8r": "koi8-r", "cskoi8r": "koi8-r", "koi8-u": "koi8-u",
        "tis-620": "windows-874", "windows-874": "windows-874", "iso-8859-11": "windows-874", "cp874": "windows-874",
        "macintosh": "macintosh", "mac": "macintosh", "x-mac-roman": "macintosh",
    ]
}
