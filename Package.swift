// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "sab-onboarding",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sab-onboarding", targets: ["sab-onboarding"]),
        .library(name: "OnboardingKit", targets: ["OnboardingKit"]),
        // For the fuzz package, which reaches the preview's request parser through it.
        .library(name: "PreviewServer", targets: ["PreviewServer"]),
    ],
    dependencies: [
        // Files, folders and system errors, by path and descriptor.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
        // Parsing, help, usage errors, completion scripts and, through its generate-manual
        // plugin, the man page.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    ],
    targets: [
        // libxml2 as a system library; only XMLStreaming imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libvips behind fixed-arity C functions, loaded on first use (dlopen) rather than linked:
        // its hundred dependent libraries would slow every start, lint's too. Only
        // ImageProcessing imports it.
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Raster images resized, turned upright, made sRGB and re-encoded without metadata.
        .target(name: "ImageProcessing", dependencies: ["CVips"]),
        // HarfBuzz's subsetter and shaper and the woff2 encoder and decoder behind plain C
        // functions, loaded on first use (dlopen): only a build that publishes fonts needs them.
        // C++ for woff2, whose API is C++. Only FontProcessing imports it.
        .target(name: "CFonts", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // zlib's inflating behind a plain C function, loaded on first use (dlopen). Only Zlib
        // imports it.
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Inflating zlib data whole, its check holding: WOFF 1.0 tables, a cached PNG's data.
        .target(name: "Zlib", dependencies: ["CZlib"]),
        // Fonts: what a file's structure says it is; subset, checked by shaping, as WOFF2.
        .target(name: "FontProcessing", dependencies: ["CFonts", "Zlib"]),
        // glibc's allocator settings (mallopt), which Swift's Glibc module leaves out. Only the
        // command line imports it: how the process allocates is the executable's concern.
        .systemLibrary(name: "CMalloc"),
        // Paths in a String whatever the bytes of their names: what is not UTF-8 is carried.
        .target(name: "PathText"),
        // A safe, position-aware streaming Swift API over libxml2's SAX2 parser. It converts
        // documents to UTF-8 with iconv, which is in the C library on Linux and in libiconv on macOS.
        .target(
            name: "XMLStreaming", dependencies: ["CLibXML2", "PathText"],
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS]))]
        ),
        // Logic-less Mustache: parsing, rendering within limits, and the HTML escaping of its values.
        // The project's own, without Foundation: it escapes by Unicode scalar, not by Character.
        .target(name: "Mustache"),
        // The library's data flows one way, and these targets' dependencies are that way:
        // read → model → rules → generation → output. AppDefModel is below both Linting and
        // Generation, which do not know each other; OnboardingKit, above them, lints then
        // generates. A use against the flow does not compile: a target imports only its
        // dependencies, and ModuleFlowTests holds these lists, and the imports, to the flow.
        //
        // Reading appDefs, what they mean, languages, diagnostics, the images and fonts folders
        // as files checked by their structure, and what the rest stands on: all that the rules and
        // the generator both read. Knows nothing of rules or of the generator.
        .target(
            name: "AppDefModel",
            dependencies: [
                "XMLStreaming", "PathText", "FontProcessing", .product(name: "SystemPackage", package: "swift-system"),
            ],
            // The script that writes the ISO 639 table beside it (ISO639+Table.swift).
            exclude: ["Language/generate-iso639.py"]
        ),
        // The rules, the linter and its rule selection, and the reports of diagnostics.
        .target(name: "Linting", dependencies: ["AppDefModel", "XMLStreaming", "PathText", "ImageProcessing"]),
        // The generator: the project, its pages, images, fonts, manifest, review page and output.
        // The default templates are compiled in, so the binary works copied alone.
        .target(
            name: "Generation",
            dependencies: [
                "AppDefModel", "XMLStreaming", "Mustache", "PathText", "ImageProcessing", "FontProcessing", "Zlib",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The library: the build that lints then generates, and the review of a build; it
        // re-exports the targets below, so `import OnboardingKit` gives their public API. Knows
        // nothing of the command line.
        .target(
            name: "OnboardingKit",
            dependencies: ["AppDefModel", "Linting", "Generation"]
        ),
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"],
            path: "Sources/EmbedTemplatesPlugin"
        ),
        // The preview's HTTP server on 127.0.0.1: request parsing, the Host check, one poll loop
        // over every connection. Knows nothing of onboarding: the preview gives it a handler.
        .target(name: "PreviewServer"),
        // The commands and their options.
        .target(
            name: "SabOnboardingCLI",
            dependencies: [
                "OnboardingKit", "Mustache", "PreviewServer", "PathText", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(name: "sab-onboarding", dependencies: ["SabOnboardingCLI"]),
        .testTarget(
            name: "XMLStreamingTests",
            dependencies: ["XMLStreaming"]
        ),
        .testTarget(
            name: "ImageProcessingTests",
            dependencies: ["ImageProcessing"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FontProcessingTests",
            dependencies: ["FontProcessing"]
        ),
        .testTarget(
            name: "PathTextTests",
            dependencies: ["PathText"]
        ),
        .testTarget(
            name: "MustacheTests",
            dependencies: ["Mustache"]
        ),
        .testTarget(
            name: "OnboardingKitTests",
            dependencies: ["OnboardingKit", "AppDefModel", "Linting", "Generation", "ImageProcessing", "FontProcessing"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SabOnboardingCLITests",
            dependencies: [
                "SabOnboardingCLI", "OnboardingKit", "AppDefModel", "Generation", "Linting", "PreviewServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
