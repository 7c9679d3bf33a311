// swift-tools-version: 6.0
// The fuzz targets, in a package of their own so that the main build never sees sanitizer flags.
// Run them with `make fuzz` from the package root (see run.sh).
import PackageDescription

// Coverage instrumentation and AddressSanitizer come from run.sh's -Xswiftc flags, for every
// module; libFuzzer (its no-main flavour) is linked by run.sh with -Xlinker.
let package = Package(
    name: "sab-onboarding-fuzz",
    dependencies: [.package(name: "sab-onboarding", path: "../..")],
    targets: [
        .target(name: "FuzzDriver"),
        // An appDef through lint and an in-memory build.
        .executableTarget(
            name: "FuzzLintAndBuild",
            dependencies: ["FuzzDriver", .product(name: "OnboardingKit", package: "sab-onboarding")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // What a client sends the preview, through its request parser and Host check.
        .executableTarget(
            name: "FuzzPreviewRequest",
            dependencies: ["FuzzDriver", .product(name: "PreviewServer", package: "sab-onboarding")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // An image file: its format and size as lint reads them, and an SVG as the build publishes it.
        .executableTarget(
            name: "FuzzSVG",
            dependencies: ["FuzzDriver", .product(name: "OnboardingKit", package: "sab-onboarding")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
