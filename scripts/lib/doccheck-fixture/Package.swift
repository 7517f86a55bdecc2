// swift-tools-version: 6.2
import PackageDescription

/// The self-test of scripts/check-doc-links (`scripts/check-doc-links --self-test`): two small modules whose
/// doc comments hold links that must resolve and links that must not. expected.txt lists what the check
/// prints for them, every link included.
let package = Package(
    name: "DocCheckFixture",
    targets: [
        .target(name: "FixtureCore"),
        .target(name: "FixtureApp", dependencies: ["FixtureCore"]),
    ],
    swiftLanguageModes: [.v6]
)
