// swift-tools-version: 6.2
import PackageDescription

/// Upcoming language features every target of ours builds with, in one place, so that a dependency's
/// types cannot leak out of a public API by accident and every existential is spelled `any`.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// How the three programs link on Linux: with the Swift runtime and Foundation inside them, so that an install
/// or the Debian package (`scripts/package`) runs on a machine without the toolchain, needing only Debian's
/// libraries (libc, libstdc++, libedit, libsqlite3, zlib).
///
/// It is the programs' link setting rather than `swift build --static-swift-stdlib` so that every build, the
/// tests' included, links them the same way: a build folder switched between the two linkings relinks the
/// programs and recompiles Hummingbird's modules each time, and the tests' build is the one the package test
/// packages. The objects are compiled for the shared runtime, whose modules do not name Foundation's static
/// parts for the linker (a module compiled with `-static-stdlib` does): they are named here, in an order the
/// linker can resolve in one pass (each before the libraries it uses, ICU last). `-z now` resolves every symbol
/// at start, so that the relocations can all be read-only (full RELRO), as Debian builds its programs.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xlinker", "-z", "-Xlinker", "now"], .when(platforms: [.linux])),
] + [
    "Foundation", "CoreFoundation", "FoundationInternationalization", "FoundationEssentials", "_FoundationCShims",
    "_FoundationCollections", "_FoundationICU", "swiftSynchronization", "stdc++",
].map { .linkedLibrary($0, .when(platforms: [.linux])) }

let package = Package(
    name: "RssReeder",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReduxVM", targets: ["ReduxVM"]),
        .library(name: "ReduxVMTesting", targets: ["ReduxVMTesting"]),
        .library(name: "RssCore", targets: ["RssCore"]),
        .library(name: "FeedParser", targets: ["FeedParser"]),
        .library(name: "HTMLText", targets: ["HTMLText"]),
        .library(name: "ArticleExtractor", targets: ["ArticleExtractor"]),
        .library(name: "FrontKit", targets: ["FrontKit"]),
        .library(name: "RssResources", targets: ["RssResources"]),
        .executable(name: "rss-repl", targets: ["ReplFront"]),
        .executable(name: "rss-report", targets: ["RssReport"]),
        .executable(name: "rss-serve", targets: ["RssServe"]),
    ],
    // Off unless a dependent package asks for it, so that no build of the programs or of an embedder holds
    // the hooks: the Benchmarks package does (`traits: ["Benchmarks"]`).
    traits: [
        .trait(
            name: "Benchmarks",
            description: "RssCore's hooks for the release-mode benchmarks in Benchmarks/ (Core/RssCore/BenchmarkHooks)."
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.25.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // One trait, named: with Hummingbird's two default traits SwiftPM wrote their `-D` flags in a new order
        // at every new build plan (a plugin's build, a build without the tests), so Hummingbird's modules compiled
        // again each time; ConfigurationSupport (swift-configuration) is not used here. FullFoundation keeps its
        // form decoding on full Foundation, which the programs link anyway.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // `swift package generate-documentation` and `preview-documentation` by hand (scripts/docs runs DocC
        // itself, on the build's symbol graphs): a command plugin, never linked into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "ReduxVM",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Shared/ReduxVM"
        ),
        .target(
            name: "ReduxVMTesting",
            dependencies: ["ReduxVM"],
            path: "Shared/ReduxVMTesting"
        ),
        .target(
            name: "RssResources",
            path: "Resources",
            resources: [.copy("Samples"), .copy("Preinstalled.opml")]
        ),
        .systemLibrary(
            name: "CLibEdit",
            path: "Shared/CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // The system's OpenSSL, for rss-serve's digests (MD5, SHA-256, HMAC).
        .systemLibrary(
            name: "CLibCrypto",
            path: "Shared/CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Gumbo, the HTML5 parser ArticleExtractor reads pages with, and its bounded-parse allocator.
        .systemLibrary(
            name: "CGumbo",
            path: "Shared/CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"])]
        ),
        // A web page's main content and metadata, from its HTML (knows nothing of feeds).
        .target(
            name: "ArticleExtractor",
            dependencies: ["CGumbo"],
            path: "Shared/ArticleExtractor"
        ),
        .testTarget(
            name: "ArticleExtractorTests",
            dependencies: ["ArticleExtractor"],
            path: "Tests/ArticleExtractorTests"
        ),
        // glibc's allocator controls, for the programs' AllocatorTuning.
        .systemLibrary(
            name: "CMalloc",
            path: "Shared/CMalloc"
        ),
        .target(
            name: "LineEditor",
            dependencies: ["CLibEdit"],
            path: "Shared/LineEditor"
        ),
        .target(
            name: "TerminalText",
            path: "Shared/TerminalText"
        ),
        // The `~` of the filter language: a regular-expression engine whose matches take bounded time.
        .target(
            name: "BoundedRegex",
            path: "Shared/BoundedRegex"
        ),
        .testTarget(
            name: "BoundedRegexTests",
            dependencies: ["BoundedRegex"],
            path: "Tests/BoundedRegexTests"
        ),
        .target(
            name: "RssCore",
            dependencies: [
                "ReduxVM", "FeedParser", "HTMLText", "BoundedRegex", "ArticleExtractor",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Core/RssCore"
        ),
        .testTarget(
            name: "LineEditorTests",
            dependencies: ["LineEditor"],
            path: "Tests/LineEditorTests"
        ),
        .testTarget(
            name: "TerminalTextTests",
            dependencies: ["TerminalText"],
            path: "Tests/TerminalTextTests"
        ),
        .testTarget(
            name: "RssCoreTests",
            dependencies: [
                "RssCore", "ReduxVM", "ReduxVMTesting", "FeedParser", "RssResources", "LoopbackServers",
                "ArticleExtractor",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/RssCoreTests"
        ),
        .testTarget(
            name: "ReduxVMTests",
            dependencies: [
                "ReduxVM", "ReduxVMTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ReduxVMTests"
        ),
        .target(
            name: "ReportFront",
            dependencies: [
                "RssCore", "ReduxVM", "TerminalText", "FrontKit", "ArticleExtractor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fronts/ReportFront"
        ),
        .executableTarget(
            name: "RssReport",
            dependencies: ["ReportFront", "FrontKit"],
            path: "Fronts/RssReport"
        ),
        // Raw HTTP servers on 127.0.0.1 for the end-to-end tests of both fronts.
        .target(
            name: "LoopbackServers",
            path: "Tests/LoopbackServers"
        ),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "ReportFront", "RssCore", "ReduxVM", "TerminalText", "FrontKit", "LoopbackServers",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/ReportTests",
            resources: [.copy("Expected")]
        ),
        .target(
            name: "FeedParser",
            path: "Shared/FeedParser"
        ),
        .target(
            name: "HTMLText",
            dependencies: ["FeedParser", "TerminalText"],
            path: "Shared/HTMLText"
        ),
        .testTarget(
            name: "HTMLTextTests",
            dependencies: ["HTMLText"],
            path: "Tests/HTMLTextTests"
        ),
        // What every front shares: the words for RssCore's problems and notices, and their exit statuses.
        .target(
            name: "FrontKit",
            dependencies: [
                "RssCore", "ReduxVM", "TerminalText", "CMalloc", "ArticleExtractor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fronts/FrontKit"
        ),
        .testTarget(
            name: "FrontKitTests",
            dependencies: ["FrontKit", "RssCore", "FeedParser"],
            path: "Tests/FrontKitTests"
        ),
        .target(
            name: "ReplKit",
            dependencies: ["RssCore", "ReduxVM", "LineEditor", "TerminalText", "FrontKit", "HTMLText"],
            path: "Fronts/ReplKit"
        ),
        .executableTarget(
            name: "ReplFront",
            dependencies: [
                "ReplKit", "RssCore", "RssResources", "LineEditor", "FrontKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Fronts/ReplFront"
        ),
        .testTarget(
            name: "ReplTests",
            dependencies: ["ReplKit", "FrontKit", "RssCore", "ReduxVM", "RssResources", "LineEditor", "LoopbackServers"],
            path: "Tests/ReplTests"
        ),
        // What every part of rss-serve shares: the accounts, the per-account library layer every API family and
        // the web front adapt, and the request context.
        .target(
            name: "ServeCore",
            dependencies: [
                "RssCore", "ReduxVM", "FrontKit", "CLibCrypto",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            path: "Fronts/ServeCore"
        ),
        // The system's zlib, for the web front's compressed pages.
        .systemLibrary(
            name: "CZlib",
            path: "Shared/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // rss-serve's web reader: server-made pages on the library layer, beside the sync APIs.
        .target(
            name: "WebFront",
            dependencies: [
                "ServeCore", "RssCore", "ReduxVM", "FrontKit", "ArticleExtractor", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Fronts/WebFront"
        ),
        // rss-serve: the Google Reader, Miniflux, Nextcloud News and Fever APIs over each account's library, for
        // other reader apps, the web front beside them, and the commands that run it all.
        .target(
            name: "ServeFront",
            dependencies: [
                "ServeCore", "WebFront", "RssCore", "ReduxVM", "FrontKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                "CLibCrypto",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Fronts/ServeFront"
        ),
        .executableTarget(
            name: "RssServe",
            dependencies: ["ServeFront", "FrontKit"],
            path: "Fronts/RssServe"
        ),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "ServeFront", "ServeCore", "WebFront", "RssCore", "ReduxVM", "FrontKit", "LoopbackServers",
                "ArticleExtractor",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/ServeTests",
            // The client scripts are run from the source tree by python3.
            exclude: ["Clients"]
        ),
        .testTarget(
            name: "FeedParserTests",
            dependencies: ["FeedParser"],
            path: "Tests/FeedParserTests",
            exclude: ["Tools"],
            resources: [.copy("Fixtures"), .copy("KNOWN_MISSES.md")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
for target in package.targets where target.type == .executable {
    target.linkerSettings = (target.linkerSettings ?? []) + staticRuntime
}

// RSS_REEDER_ENGINE_ONLY=1 narrows the package to the engine and its tests (ReduxVM, ReduxVMTesting,
// ReduxVMTests), so that CI's ThreadSanitizer run builds a few modules instead of the whole dependency graph
// again. It changes what is built, never how.
if Context.environment["RSS_REEDER_ENGINE_ONLY"] != nil {
    let engine: Set<String> = ["ReduxVM", "ReduxVMTesting", "ReduxVMTests"]
    package.targets.removeAll { !engine.contains($0.name) }
    package.products.removeAll { !engine.contains($0.name) }
}
