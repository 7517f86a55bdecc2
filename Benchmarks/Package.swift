// swift-tools-version: 6.2
import PackageDescription

/// Benchmarks live in their own package so that the main build, CI and the library's users never compile
/// them; they are run in release mode by hand:
/// `swift run -c release --package-path Benchmarks reduxvm-bench` (or `feedparser-bench`, `fetch-bench`,
/// `schedule-bench`, `rules-bench`; `pool-bench` through `pool.sh`, `serve-bench` through `serve-load.sh`, `first-sync-bench` through
/// `first-sync.sh`, `extract-bench` through `extract-quality.sh` and `extract-hostile.sh`).
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The trait compiles RssCore's benchmark hooks (Core/RssCore/BenchmarkHooks), which no other build holds.
        .package(name: "RssReeder", path: "..", traits: ["Benchmarks"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "reduxvm-bench",
            dependencies: [.product(name: "ReduxVM", package: "RssReeder")],
            path: "Sources/ReduxVMBenchmark"
        ),
        .executableTarget(
            name: "rsscore-bench",
            dependencies: [
                .product(name: "RssCore", package: "RssReeder"),
                .product(name: "ReduxVM", package: "RssReeder"),
                .product(name: "RssResources", package: "RssReeder"),
            ],
            path: "Sources/RssCoreBenchmark"
        ),
        // Rules applied by the merge of a fetch: 20 rules on 10,000 new articles.
        .executableTarget(
            name: "rules-bench",
            dependencies: [.product(name: "RssCore", package: "RssReeder")],
            path: "Sources/RulesBenchmark"
        ),
        .executableTarget(
            name: "feedparser-bench",
            dependencies: [.product(name: "FeedParser", package: "RssReeder")],
            path: "Sources/FeedParserBenchmark"
        ),
        .executableTarget(
            name: "schedule-bench",
            dependencies: [
                .product(name: "RssCore", package: "RssReeder"),
                .product(name: "ReduxVM", package: "RssReeder"),
                .product(name: "ReduxVMTesting", package: "RssReeder"),
            ],
            path: "Sources/ScheduleBenchmark"
        ),
        .executableTarget(
            name: "fetch-bench",
            dependencies: [
                .product(name: "RssCore", package: "RssReeder"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/FetchBenchmark"
        ),
        // A new device's first sync, NetNewsWire's requests: Benchmarks/first-sync.sh runs it.
        .executableTarget(
            name: "first-sync-bench",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")],
            path: "Sources/FirstSyncBenchmark"
        ),
        // ArticleExtractor over page directories: Benchmarks/extract-quality.sh and extract-hostile.sh run it.
        .executableTarget(
            name: "extract-bench",
            dependencies: [.product(name: "ArticleExtractor", package: "RssReeder")],
            path: "Sources/ExtractBenchmark"
        ),
        // A LibraryPool keeping 200 libraries current, each feed fetched once: Benchmarks/pool.sh runs it.
        .executableTarget(
            name: "pool-bench",
            dependencies: [
                .product(name: "RssCore", package: "RssReeder"),
                .product(name: "ReduxVM", package: "RssReeder"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/PoolBenchmark"
        ),
        // A load client for rss-serve: Benchmarks/serve-load.sh runs it.
        .executableTarget(
            name: "serve-bench",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")],
            path: "Sources/ServeBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
