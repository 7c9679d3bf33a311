// swift-tools-version: 6.0
// A reference for `make bench`: a command line that does nothing but parse `lint FILE...` with
// swift-argument-parser, built as sab-onboarding's release binary is. Its start-up is the
// floor under any whole-process time of a tool on the standard parser.
import PackageDescription

let package = Package(
    name: "argument-parser-floor",
    dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0")],
    targets: [
        .executableTarget(
            name: "argument-parser-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        )
    ],
    swiftLanguageModes: [.v6]
)
