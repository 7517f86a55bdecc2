// swift-tools-version: 6.2
import PackageDescription

/// Benchmarks for the RssReeder packages, kept out of the main manifest so that its users never build them.
/// Run in release: `swift run -c release --package-path Benchmarks feedparser-bench`.
let package = Package(
    name: "RssReederBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RssReeder", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "feedparser-bench",
            dependencies: [.product(name: "FeedParser", package: "RssReeder")],
            path: "Sources/FeedParserBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
