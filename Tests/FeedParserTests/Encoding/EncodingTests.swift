import FeedParser
import Foundation
import Testing

@Suite("encodings")
struct EncodingTests {
    static func document(_ title: String, declaration: String? = nil) -> String {
        let decl = declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>" } ?? ""
        return "\(decl)<rss version=\"2.0\"><channel><title>\(title)</title></channel></rss>"
    }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> Data {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (hi, lo) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [hi, lo] : [lo, hi]
        }
        return Data(bytes)
    }

    @Test func utf8WithBOM() throws {
        let feed = try FeedParser().parse(Data([0xEF, 0xBB, 0xBF]) + Data(Self.document("héllo").utf8))
        #expect(feed.encoding == "utf-8")
        #expect(feed.title == "héllo")
    }

    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func utf16(bigEndian: Bool, bom: Bool) throws {
        let declaration = bom ? nil : "utf-16"
        let feed = try FeedParser().parse(Self.utf16(Self.document("日本", declaration: declaration),
                                                     bigEndian: bigEndian, bom: bom))
        #expect(feed.encoding == (bigEndian ? "utf-16be" : "utf-16le"))
        #expect(feed.title == "日本")
    }

    @Test func latin1FromDeclaration() throws {
        var data = Data(Self.document("caf_", declaration: "ISO-8859-1").utf8)
        data[data.firstIndex(of: UInt8(ascii: "_"))!] = 0xE9
        let feed = try FeedParser().parse(data)
        #expect(feed.encoding == "iso-8859-1")
        #expect(feed.title == "café")
    }

    @Test func httpCharsetOverridesDeclaration() throws {
        var data = Data(Self.document("caf_", declaration: "utf-8").utf8)
        data[data.firstIndex(of: UInt8(ascii: "_"))!] = 0xE9
        let feed = try FeedParser().parse(data, contentType: "application/rss+xml; charset=\"ISO-8859-1\"")
        #expect(feed.encoding == "iso-8859-1")
        #expect(feed.title == "café")
    }

    @Test func undeclaredNonUTF8FallsBackToWindows1252() throws {
        var data = Data(Self.document("don_t").utf8)
        data[data.firstIndex(of: UInt8(ascii: "_"))!] = 0x92
        let feed = try FeedParser().parse(data)
        #expect(feed.encoding == "windows-1252")
        #expect(feed.title == "don\u{2019}t")
        #expect(feed.warnings.contains { $0.field == "encoding" })
    }

    @Test func declaredUTF8WithBadBytesUsesReplacementCharacter() throws {
        var data = Data(Self.document("a_b", declaration: "UTF-8").utf8)
        data[data.firstIndex(of: UInt8(ascii: "_"))!] = 0xFF
        let feed = try FeedParser().parse(data)
        #expect(feed.title == "a\u{FFFD}b")
        #expect(!feed.warnings.isEmpty)
    }

    @Test func gb2312IsReadAsGB18030() throws {
        var data = Data(Self.document("__", declaration: "gb2312").utf8)
        let at = data.firstIndex(of: UInt8(ascii: "_"))!
        data.replaceSubrange(at..<(at + 2), with: [0xC4, 0xE3, 0xBA, 0xC3])
        let feed = try FeedParser().parse(data)
        #expect(feed.encoding == "gb18030")
        #expect(feed.title == "你好")
    }

    @Test func textXMLWithoutCharsetReportsASCIIOnlyWhenItIs() throws {
        let ascii = try FeedParser().parse(Data(Self.document("plain").utf8), contentType: "text/xml")
        #expect(ascii.encoding == "us-ascii")
        let utf8 = try FeedParser().parse(Data(Self.document("naïve", declaration: "utf-8").utf8), contentType: "text/xml")
        #expect(utf8.encoding == "utf-8")
        #expect(utf8.title == "naïve")
    }

    @Test(arguments: ["utf-16", "UTF-16LE", "utf-32"])
    func aWideHTTPCharsetOnAnASCIIStartIsALie(charset: String) throws {
        let data = Data(Self.document("café", declaration: "utf-8").utf8)
        let feed = try FeedParser().parse(data, contentType: "text/xml; charset=\(charset)")
        #expect(feed.encoding == "utf-8")
        #expect(feed.title == "café")
    }

    @Test(arguments: [true, false])
    func aWideHTTPCharsetOnAWideDocumentIsKept(bigEndian: Bool) throws {
        let data = Self.utf16(Self.document("日本"), bigEndian: bigEndian, bom: false)
        let feed = try FeedParser().parse(data, contentType: "application/xml; charset=utf-16")
        #expect(feed.encoding == (bigEndian ? "utf-16be" : "utf-16le"))
        #expect(feed.title == "日本")
    }

    @Test func unknownCharsetIsAWarning() throws {
        let feed = try FeedParser().parse(Data(Self.document("x", declaration: "x-klingon").utf8))
        #expect(feed.title == "x")
        #expect(feed.warnings.contains { $0.rawValue == "x-klingon" })
    }
}
