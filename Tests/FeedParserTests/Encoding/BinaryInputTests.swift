@testable import FeedParser
import Foundation
import Testing

/// Bodies that are not text (a gzip body sent without `Content-Encoding`, an image) fail with an error that
/// names what they are and never quotes their bytes. The compressed fixtures are `Fixtures/compressed/feed.rss`
/// compressed by `Tools/make_compressed_fixtures.sh`.
@Suite("binary input")
struct BinaryInputTests {
    @Test(arguments: [
        ("feed.rss.gz", FeedParseError.Compression.gzip), ("feed.rss.zz", .zlib), ("feed.rss.bz2", .bzip2),
        ("feed.rss.xz", .xz), ("feed.rss.zst", .zstd), ("feed.rss.zip", .zip),
    ])
    func compressedBodiesAreNamed(_ file: String, _ format: FeedParseError.Compression) throws {
        let data = try Fixtures.data("compressed/" + file)
        #expect(throws: FeedParseError.compressed(format: format)) {
            try FeedParser().parse(data, contentType: "application/rss+xml", url: URL(string: "http://example.com/feed"))
        }
        #expect(throws: FeedParseError.compressed(format: format)) { try OPMLReader().read(data) }
    }

    @Test func theFixtureUncompressedIsAFeed() throws {
        let feed = try FeedParser().parse(Fixtures.data("compressed/feed.rss"))
        #expect(feed.items.count == 2)
    }

    @Test func textThatMerelyStartsLikeAMagicNumberIsNotCompressed() {
        for text in ["BZh9 is not bzip2", "x^2 + y^2", "PK is not a zip", "xml"] {
            #expect(BinaryInput.compression(of: Data(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func imagesAndControlBytesAreBinary() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        #expect(throws: FeedParseError.binaryData) { try FeedParser().parse(Data(png + Array("<\u{1}x>".utf8))) }
        // Bytes above 0x7F after `<` read as a "root element" by the tolerant scanner.
        #expect(throws: FeedParseError.binaryData) { try FeedParser().parse(Data([0x3C, 0xA9, 0xFF, 0x3E, 0x01])) }
        #expect(throws: FeedParseError.binaryData) { try FeedParser().parse(Data([0x3C, 0xA9, 0xFF, 0x3E])) }
        #expect(throws: FeedParseError.binaryData) { try FeedParser().parse(Data([0x01, 0x02, 0x03, 0x7F])) }
        // Declared UTF-8, so the bytes become U+FFFD rather than windows-1252 letters.
        #expect(throws: FeedParseError.binaryData) {
            try FeedParser().parse(Data([0x3C, 0xFF, 0xFE, 0x3E]), contentType: "application/xml; charset=utf-8")
        }
    }

    @Test func aStrayControlCharacterInAFeedStillParses() throws {
        let feed = try Feeds.parse("<rss><channel><title>a\u{1}b</title><item><title>t</title></item></channel></rss>")
        #expect(feed.items.count == 1)
    }

    /// Whatever the bytes, a thrown error carries no control character, no replacement character and no root
    /// name that is not an XML name.
    @Test func noErrorEverQuotesRawBytes() {
        // xorshift64 from a fixed seed: the same "random" bytes on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for round in 0..<400 {
            var bytes = (0..<(1 + Int(next() % 300))).map { _ in UInt8(truncatingIfNeeded: next() >> 24) }
            // Give the scanner tags to find, as in real binary data that happens to hold `<`.
            for position in stride(from: round % 7, to: bytes.count, by: 9) { bytes[position] = 0x3C }
            for contentType in [nil, "application/rss+xml; charset=utf-8"] {
                do {
                    _ = try FeedParser().parse(Data(bytes), contentType: contentType)
                } catch {
                    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{FFFD}" }, "\(bytes)")
                    if case .notAFeed(let name, _) = error { #expect(XMLName.isValid(name), "\(bytes)") }
                }
            }
        }
    }
}

