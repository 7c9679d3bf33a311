import ArgumentParsing
import Testing

@testable import SabOnboardingCLI

/// The command tree and the types that run it agree.
struct CommandTreeTests {
    @Test func everyCommandInTheTreeHasARunnerOfTheSameName() {
        let paths = SabOnboardingCommand.tool.runnablePaths
        #expect(paths.count == 8)
        for path in paths {
            let words = path.dropFirst().map(\.name)
            switch SabOnboardingCommand.runner(for: words) {
            case .sync(let type)?: #expect(type.spec.name == words.last, "\(words)")
            case .async(let type)?: #expect(type.spec.name == words.last, "\(words)")
            case nil: Issue.record("no runner for \(words)")
            }
        }
    }

    @Test func completionScriptsCanWriteEveryNameAndValueAsItIs() {
        #expect(SabOnboardingCommand.tool.plainWordProblems == [])
    }

    @Test func noWordsSelectARunnerOutsideTheTree() {
        #expect(SabOnboardingCommand.runner(for: ["templates"]) == nil)
        #expect(SabOnboardingCommand.runner(for: []) == nil)
    }
}
