// Every input goes through lint and through an in-memory build, as an appDef beside the
// builders sample's images.
import Foundation
import FuzzDriver
import OnboardingKit

/// Where the input pretends to live: set by run.sh to a path in the builders sample.
private let appDefPath = ProcessInfo.processInfo.environment["FUZZ_APPDEF_PATH"] ?? "Samples/builders/fuzz.appDef"

private func lintAndBuild(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let diagnostics = Linter().lint(bytes: bytes, path: appDefPath)
    let build = OnboardingBuilder().render(appDefBytes: bytes, appDefPath: appDefPath)
    // The invariants of the mutation test, here over everything the fuzzer finds.
    for diagnostic in diagnostics where diagnostic.location.line < 1 || diagnostic.location.column < 1 {
        fatalError("diagnostic without a position: \(diagnostic)")
    }
    if (build.files != nil) == diagnostics.fails(strict: false) {
        fatalError("the build and lint disagree about errors")
    }
    return 0
}

@main
struct FuzzLintAndBuild {
    static func main() {
        runFuzzer { data, size in lintAndBuild(data, size) }
    }
}
