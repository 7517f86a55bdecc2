import ArticleExtractor
import Foundation
import Testing

@Suite("Reading a page's charset")
struct EncodingTests {
    let extractor = ArticleExtractor()
    let url = URL(string: "https://news.example/story")!

    /// An article whose one special paragraph is `special`, encoded by `encode`.
    func page(_ special: String, meta: String = "", encode: (String) -> Data?) throws -> Data {
        let html = TestPages.article("<p>\(special)</p>", head: meta)
        return try #require(encode(html))
    }

    @Test("<meta charset=windows-1252> reads curly quotes and the euro sign from single bytes")
    func metaWindows1252() throws {
        var bytes = Array(TestPages.article("<p>PRICE: 5 EURO, QUOTED.</p>", head: "<meta charset=\"windows-1252\">").utf8)
        let marker = Array("5 EURO".utf8)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        bytes.replaceSubrange(start..<start + marker.count, with: [0x93, 0x35, 0x20, 0x80, 0x94])
        let article = try extractor.extract(html: Data(bytes), url: url)
        #expect(article.charset == "windows-1252")
        #expect(article.text.contains("PRICE: \u{201C}5 \u{20AC}\u{201D}, QUOTED."))
    }

    @Test("the server's charset wins over the page's own declaration")
    func declaredCharsetWins() throws {
        let data = try page("Zażółć gęślą jaźń", meta: "<meta charset=\"utf-8\">") {
            $0.data(using: .isoLatin2)
        }
        let article = try extractor.extract(html: data, url: url, declaredCharset: "ISO-8859-2")
        #expect(article.charset == "iso-8859-2")
        #expect(article.text.contains("Zażółć gęślą jaźń"))
    }

    @Test("Shift_JIS declared in http-equiv is read through Foundation")
    func shiftJIS() throws {
        let data = try page("日本語の段落です。", meta: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">") {
            $0.data(using: .shiftJIS)
        }
        let article = try extractor.extract(html: data, url: url)
        #expect(article.charset == "shift_jis")
        #expect(article.text.contains("日本語の段落です。"))
    }

    @Test("a UTF-16 byte order mark is read whatever the page declares")
    func utf16ByteOrderMark() throws {
        let data = try page("Ünïcödé text", meta: "<meta charset=\"iso-8859-1\">") { html in
            var bytes: [UInt8] = [0xFF, 0xFE]
            for unit in html.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            return Data(bytes)
        }
        let article = try extractor.extract(html: data, url: url)
        #expect(article.charset == "utf-16le")
        #expect(article.text.contains("Ünïcödé text"))
    }

    @Test("invalid UTF-8 becomes replacement characters, the rest of the text intact")
    func invalidUTF8() throws {
        var bytes = Array(TestPages.article("<p>Broken XX bytes in an otherwise fine sentence.</p>").utf8)
        let marker = Array("XX".utf8)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        bytes.replaceSubrange(start..<start + 2, with: [0xC3, 0x28])
        let article = try extractor.extract(html: Data(bytes), url: url)
        #expect(article.charset == "utf-8")
        #expect(article.text.contains("Broken \u{FFFD}( bytes in an otherwise fine sentence."))
    }

    @Test("a page saved as UTF-8 that still declares its old charset in <meta> is read as UTF-8")
    func staleMetaDeclaration() throws {
        let html = TestPages.article("<p>谷歌在2014年收购的人工智能公司。</p>", head: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">")
        let article = try extractor.extract(html: Data(html.utf8), url: url)
        #expect(article.charset == "utf-8")
        #expect(article.text.contains("谷歌在2014年收购的人工智能公司。"))
    }

    @Test("an unknown charset name is read as UTF-8")
    func unknownCharset() throws {
        let data = try page("Café au lait") { $0.data(using: .utf8) }
        let article = try extractor.extract(html: data, url: url, declaredCharset: "x-no-such-charset")
        #expect(article.charset == "utf-8")
        #expect(article.text.contains("Café au lait"))
    }

    @Test("images, PDFs and compressed data are refused as not text")
    func binaryRefused() {
        for bytes in [[0x25, 0x50, 0x44, 0x46, 0x2D, 0x31], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], [0x1F, 0x8B, 0x08, 0x00]] as [[UInt8]] {
            #expect(throws: ExtractionProblem.notText) {
                try extractor.extract(html: Data(bytes + Array(repeating: 0x41, count: 100)), url: url)
            }
        }
    }
}
