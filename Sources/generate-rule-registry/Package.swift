// swift-tools-version: 6.0
import PackageDescription

// The generator of the rule registry of the Linting module, a package of its own so that swift-syntax, which
// it parses the rules' sources with, is never built with the tool: `make rules-registry` runs it,
// `make check` tests it.
let package = Package(
    name: "generate-rule-registry",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0")
    ],
    targets: [
        // Finds every type that conforms to `Rule` in the rules' sources and writes the registry.
        .target(
            name: "RuleDiscovery",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "generate-rule-registry", dependencies: ["RuleDiscovery"]),
        .testTarget(name: "RuleDiscoveryTests", dependencies: ["RuleDiscovery"]),
    ]
)
