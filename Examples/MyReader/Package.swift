// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "MyReader",
    platforms: [.macOS(.v15)],
    dependencies: [
        // A clone of this repository beside your package. SwiftPM names a package by its folder, so the
        // clone's folder must be called RssReeder (or say `.package(name: "RssReeder", path: …)`).
        .package(path: "../RssReeder")
    ],
    targets: [
        .executableTarget(
            name: "MyReader",
            dependencies: [
                // The reader: its store, state, actions, query API and typed problems.
                .product(name: "RssCore", package: "RssReeder"),
                // The engine's types your code names: a store in a signature, a subscriber, a StateBox.
                .product(name: "ReduxVM", package: "RssReeder"),
                // The words the fronts use for RssCore's problems, and their exit statuses.
                .product(name: "FrontKit", package: "RssReeder"),
                // The sample feeds this program reads (offline); your own program passes its own URLs.
                .product(name: "RssResources", package: "RssReeder"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
