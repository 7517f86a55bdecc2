import Foundation

/// Multi-byte and legacy charsets decoded by Foundation's converters (CoreFoundation encoding numbers work on
/// Linux too), with line-by-line recovery so that one bad byte sequence costs one line, not the document.
enum PlatformCharsets {
    /// CoreFoundation encoding numbers by canonical name.
    private static let cfEncodings: [String: UInt] = [
        "gb18030": 0x0632, "big5": 0x0A03, "euc-kr": 0x0940, "shift_jis": 0x0A01, "euc-jp": 0x0920,
        "koi8-r": 0x0A02, "koi8-u": 0x0A08, "windows-874": 0x041D, "macintosh": 0x0000,
        "windows-1250": 0x0501, "windows-1251": 0x0502, "windows-1253": 0x0503, "windows-1254": 0x0504,
        "windows-1255": 0x0505, "windows-1256": 0x0506, "windows-1257": 0x0507, "windows-1258": 0x0508,
    ]

    static func encoding(for name: String) -> String.Encoding? {
        if let cf = cfEncodings[name] { return String.Encoding(rawValue: 0x8000_0000 | cf) }
        if name.hasPrefix("iso-8859-"), let n = UInt(name.dropFirst(9)) {
            return String.Encoding(rawValue: 0x8000_0000 | (0x0200 + n))
        }
        return nil
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, charset: String) -> (text: String, replaced: Bool)? {
        guard let encoding = encoding(for: charset) else { return nil }
        let data = Data(bytes)
        if let whole = String(data: data, encoding: encoding) { return (whole, false) }
        // Probe that the converter exists at all before going line by line.
        guard String(data: Data("a".utf8), encoding: encoding) != nil else { return nil }
        var text = ""
        var replaced = false
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { text += "\n" }
            if let part = String(data: Data(line), encoding: encoding) {
                text += part
            } else {
                text += line.withUnsafeBytes { SingleByteCharsets.decode($0, latin1Only: false) }
                replaced = true
            }
        }
        return (text, replaced)
    }
}
