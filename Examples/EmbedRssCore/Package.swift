// swift-tools-version: 6.2
import PackageDescription

/// A program that embeds RssCore the way any other SwiftPM project would: by depending on the package.
/// CI builds and runs it; the README shows the same code.
let package = Package(
    name: "EmbedRssCore",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RssReeder", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "EmbedRssCore",
            dependencies: [
                .product(name: "RssCore", package: "RssReeder"),
                .product(name: "RssResources", package: "RssReeder"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
