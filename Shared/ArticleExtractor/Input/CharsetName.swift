import Foundation

/// The charsets a page can be read in, by the names pages and servers give them.
///
/// windows-1252 (which HTML reads `iso-8859-1` and `us-ascii` as), UTF-8 and UTF-16 are decoded here; the
/// others by Foundation's converters, named by their CoreFoundation numbers, which work on Linux too.
enum CharsetName {
    /// The canonical name for `raw` ("latin1" → "windows-1252"), or nil when unknown.
    static func canonical(_ raw: String) -> String? {
        let name = raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'")).lowercased()
        if let known = aliases[name] { return known }
        if let number = suffixNumber(name, prefixes: ["iso-8859-", "iso8859-", "iso_8859-", "iso8859_", "latin"]) {
            if name.hasPrefix("latin") { return nil }
            if number == 1 { return "windows-1252" }
            if (2...16).contains(number), number != 12 { return "iso-8859-\(number)" }
        }
        if let number = suffixNumber(name, prefixes: ["windows-", "cp", "x-cp", "win"]), (1250...1258).contains(number) {
            return "windows-\(number)"
        }
        return nil
    }

    /// The Foundation encoding of a canonical name decoded by Foundation, or nil.
    static func foundationEncoding(_ canonical: String) -> String.Encoding? {
        if let number = coreFoundationNumbers[canonical] { return String.Encoding(rawValue: 0x8000_0000 | number) }
        if canonical.hasPrefix("iso-8859-"), let part = UInt(canonical.dropFirst(9)) {
            return String.Encoding(rawValue: 0x8000_0000 | (0x0200 + part))
        }
        return nil
    }

    private static func suffixNumber(_ name: String, prefixes: [String]) -> Int? {
        for prefix in prefixes where name.hasPrefix(prefix) {
            return Int(name.dropFirst(prefix.count).prefix(while: \.isNumber))
        }
        return nil
    }

    private static let coreFoundationNumbers: [String: UInt] = [
        "gb18030": 0x0632, "big5": 0x0A03, "euc-kr": 0x0940, "shift_jis": 0x0A01, "euc-jp": 0x0920,
        "iso-2022-jp": 0x0820, "koi8-r": 0x0A02, "koi8-u": 0x0A08, "windows-874": 0x041D, "macintosh": 0x0000,
        "windows-1250": 0x0501, "windows-1251": 0x0502, "windows-1253": 0x0503, "windows-1254": 0x0504,
        "windows-1255": 0x0505, "windows-1256": 0x0506, "windows-1257": 0x0507, "windows-1258": 0x0508,
    ]

    private static let aliases: [String: String] = [
        "utf-8": "utf-8", "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8", "x-unicode20utf8": "utf-8",
        "utf-16": "utf-16le", "utf-16le": "utf-16le", "utf-16be": "utf-16be", "unicode": "utf-16le",
        "us-ascii": "windows-1252", "ascii": "windows-1252", "ansi_x3.4-1968": "windows-1252",
        "iso-8859-1": "windows-1252", "latin1": "windows-1252", "l1": "windows-1252", "cp819": "windows-1252",
        "iso_8859-1:1987": "windows-1252", "iso-ir-100": "windows-1252", "x-user-defined": "windows-1252",
        "windows-1252": "windows-1252", "cp1252": "windows-1252", "x-cp1252": "windows-1252",
        "latin2": "iso-8859-2", "l2": "iso-8859-2", "latin-2": "iso-8859-2",
        "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030", "cp936": "gb18030", "gb18030": "gb18030",
        "euc-cn": "gb18030", "csgb2312": "gb18030", "chinese": "gb18030",
        "big5": "big5", "big5-hkscs": "big5", "cp950": "big5", "x-x-big5": "big5",
        "euc-kr": "euc-kr", "ks_c_5601-1987": "euc-kr", "cp949": "euc-kr", "windows-949": "euc-kr",
        "shift_jis": "shift_jis", "shift-jis": "shift_jis", "sjis": "shift_jis", "ms_kanji": "shift_jis",
        "cp932": "shift_jis", "windows-31j": "shift_jis", "x-sjis": "shift_jis", "csshiftjis": "shift_jis",
        "euc-jp": "euc-jp", "x-euc-jp": "euc-jp", "iso-2022-jp": "iso-2022-jp",
        "koi8-r": "koi8-r", "koi8": "koi8-r", "cskoi8r": "koi8-r", "koi8-u": "koi8-u",
        "tis-620": "windows-874", "windows-874": "windows-874", "iso-8859-11": "windows-874",
        "macintosh": "macintosh", "mac": "macintosh", "x-mac-roman": "macintosh",
    ]
}
