// swift-tools-version: 6.2
import PackageDescription

/// Benchmarks live in their own package so that the main build and CI never compile them; they are run
/// in release mode by hand (see README.md in this folder).
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RssReeder", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "reduxvm-bench",
            dependencies: [.product(name: "ReduxVM", package: "RssReeder")],
            path: "Sources/ReduxVMBenchmark"
        )
    ],
    swiftLanguageModes: [.v6]
)
