import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("The shared fetcher's configuration")
struct SharedFetchConfigurationTests {
    @Test func testsMayShortenTheTotalTimeoutButNothingElse() {
        #expect(HTTPFetchConfiguration.shared(environment: [:]) == HTTPFetchConfiguration())
        let shortened = HTTPFetchConfiguration.shared(environment: ["RSS_TEST_FETCH_TIMEOUT": "2.5"])
        #expect(shortened.totalTimeout == .milliseconds(2500))
        #expect(shortened.maximumBytes == HTTPFetchConfiguration().maximumBytes)
        for ignored in ["0", "-1", "soon", "3600"] {
            #expect(
                HTTPFetchConfiguration.shared(environment: ["RSS_TEST_FETCH_TIMEOUT": ignored]).totalTimeout
                    == HTTPFetchConfiguration().totalTimeout, "\(ignored)")
        }
    }
}
