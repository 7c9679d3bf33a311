// swift-tools-version: 6.0
// The fuzz target, in a package of its own so that the main build never sees sanitizer flags.
// Run it with `make fuzz` from the package root (see run.sh).
import PackageDescription

let package = Package(
    name: "sab-onboarding-fuzz",
    dependencies: [.package(name: "sab-onboarding", path: "../..")],
    targets: [
        .executableTarget(
            name: "FuzzLintAndBuild",
            dependencies: [.product(name: "OnboardingKit", package: "sab-onboarding")],
            // Coverage instrumentation and AddressSanitizer come from run.sh's -Xswiftc flags, for
            // every module; libFuzzer (its no-main flavour) is linked by run.sh with -Xlinker.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
