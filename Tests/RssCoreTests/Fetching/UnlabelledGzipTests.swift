import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("gzip bodies sent without Content-Encoding")
struct UnlabelledGzipTests {
    static let text = "<rss version=\"2.0\"><channel><title>Sent gzipped, unlabelled</title></channel></rss>\n"
    /// `printf '%s' "$text" | gzip -n -9 | base64`: made by the real gzip, not by this suite's encoder.
    static let gzipped = Data(base64Encoded: """
        H4sIAAAAAAACA7MpKi5WKEstKs7Mz7NVMtIzULKzSc5IzMtLzbGzKcksyUm1C07NK1FIr8osKEhN0VEozctJTErNyUlNsdGHyNvowzXoA02z4wIA4qhxkVQAAAA=
        """)!

    @Test func realGzipRoundTrips() throws {
        #expect(try UnlabelledGzip.decompress(Self.gzipped, limit: 1024) == Data(Self.text.utf8))
    }

    @Test func aLargeBodyAndConcatenatedMembers() throws {
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        #expect(try UnlabelledGzip.decompress(Data(TestDeflate.gzip(big)), limit: 1 << 20) == Data(big))
        let twice = Self.gzipped + Data(TestDeflate.gzip(Array("second".utf8)))
        #expect(try UnlabelledGzip.decompress(twice, limit: 1024) == Data((Self.text + "second").utf8))
        let trailing = Self.gzipped + Data([0, 0, 0x0A])
        #expect(try UnlabelledGzip.decompress(trailing, limit: 1024) == Data(Self.text.utf8))
    }

    @Test func theLimitIsNeverPassed() throws {
        let exact = Self.text.utf8.count
        #expect(try UnlabelledGzip.decompress(Self.gzipped, limit: exact)?.count == exact)
        #expect(throws: UnlabelledGzip.Failure.tooLarge(limit: exact - 1)) {
            try UnlabelledGzip.decompress(Self.gzipped, limit: exact - 1)
        }
        // About 100 KB that inflates to 16 MiB, refused at 1 MiB.
        let bomb = Data(TestDeflate.gzipBomb(zeros: 16 * 1024 * 1024))
        #expect(throws: UnlabelledGzip.Failure.tooLarge(limit: 1 << 20)) {
            try UnlabelledGzip.decompress(bomb, limit: 1 << 20)
        }
    }

    @Test func corruptInputFails() {
        var flipped = Self.gzipped
        flipped[20] ^= 0xFF
        let truncated = Self.gzipped.prefix(Self.gzipped.count - 10)
        var badChecksum = Self.gzipped
        badChecksum[badChecksum.count - 6] ^= 0x01
        for corrupt in [flipped, Data(truncated), badChecksum, Data([0x1F, 0x8B]), Data([0x1F, 0x8B, 9, 9, 9])] {
            #expect(throws: UnlabelledGzip.Failure.corrupt) { try UnlabelledGzip.decompress(corrupt, limit: 1024) }
        }
    }

    @Test func otherBodiesAreLeftAlone() throws {
        for body in [Data(Self.text.utf8), Data(), Data([0x1F]), Data(TestDeflate.zlib(Array("x".utf8)))] {
            #expect(try UnlabelledGzip.decompress(body, limit: 1024) == nil)
        }
    }
}

@Suite("A refresh reads a feed sent gzipped without saying so")
struct UnlabelledGzipRefreshTests {
    static let feedURL = URL(string: "https://gzip.example/feed.xml")!

    @Test func theFeedIsDecompressedAndStored() async throws {
        let xml = """
            <rss version="2.0"><channel><title>Zipped</title>
            <item><guid>1</guid><title>One</title></item><item><guid>2</guid><title>Two</title></item>
            </channel></rss>
            """
        let fetcher = FakeFetcher([
            Self.feedURL: .success(.fetched(FetchedFeed(data: Data(TestDeflate.gzip(Array(xml.utf8))))))
        ])
        let store = try await ActivityFixtures.store(fetcher: fetcher)
        store.dispatch(AddSource(url: Self.feedURL, date: ActivityFixtures.date))
        await store.idle()
        #expect(store.state.sources.all.first?.title == "Zipped")
        #expect(store.state.counts.total == 2)
    }

    @Test func aCorruptBodyIsACorruptCompressionNotRawBytes() async throws {
        var corrupt = TestDeflate.gzip(Array("<rss version=\"2.0\"><channel/></rss>".utf8))
        corrupt[12] ^= 0xFF
        let fetcher = FakeFetcher([Self.feedURL: .success(.fetched(FetchedFeed(data: Data(corrupt))))])
        let store = try await ActivityFixtures.store(fetcher: fetcher)
        store.dispatch(AddSource(url: Self.feedURL, date: ActivityFixtures.date))
        await store.idle()
        #expect(store.state.sources.all.first?.status.lastError == .connection(.corruptCompression))
    }
}
