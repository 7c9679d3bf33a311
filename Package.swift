// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "sab-onboarding",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sab-onboarding", targets: ["sab-onboarding"]),
        .library(name: "OnboardingKit", targets: ["OnboardingKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0")
    ],
    targets: [
        // libxml2 as a system library; only XMLStreaming imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // A safe, position-aware streaming Swift API over libxml2's SAX2 parser. It converts
        // documents to UTF-8 with iconv, which is in the C library on Linux and in libiconv on macOS.
        .target(
            name: "XMLStreaming", dependencies: ["CLibXML2"],
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS]))]
        ),
        // Model, parsing, rules, diagnostics, reporters and the generator. Knows nothing of the
        // command line. The default templates are compiled in, so the binary works copied alone.
        .target(
            name: "OnboardingKit",
            dependencies: ["XMLStreaming", .product(name: "SystemPackage", package: "swift-system")],
            plugins: ["EmbedTemplates"]
        ),
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"],
            path: "Sources/EmbedTemplatesPlugin"
        ),
        // Command-line parsing, help, completion scripts and the manual page, from a declared
        // command tree. No reflection: start-up time is the tool's, not its parser's.
        .target(name: "ArgumentParsing"),
        // The commands and their options.
        .target(name: "SabOnboardingCLI", dependencies: ["OnboardingKit", "ArgumentParsing"]),
        .executableTarget(name: "sab-onboarding", dependencies: ["SabOnboardingCLI"]),
        .testTarget(
            name: "XMLStreamingTests",
            dependencies: ["XMLStreaming"]
        ),
        .testTarget(
            name: "OnboardingKitTests",
            dependencies: ["OnboardingKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ArgumentParsingTests",
            dependencies: ["ArgumentParsing"]
        ),
        .testTarget(
            name: "SabOnboardingCLITests",
            dependencies: ["SabOnboardingCLI", "OnboardingKit", "ArgumentParsing"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
