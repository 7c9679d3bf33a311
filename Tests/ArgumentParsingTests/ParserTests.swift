@testable import ArgumentParsing
import Testing

struct ParserTests {
    @Test func optionsMayComeBeforeBetweenAndAfterArguments() throws {
        let parsed = try SampleTool.run(["copy", "--dry-run", "out", "--mode", "safe", "a.txt", "--exclude=*.o", "b.txt"])
        #expect(parsed.commandWords == ["copy"])
        #expect(parsed.requiredArgument("destination") == "out")
        #expect(parsed.arguments("files") == ["a.txt", "b.txt"])
        #expect(parsed.value("mode") == "safe")
        #expect(parsed.values("exclude") == ["*.o"])
        #expect(parsed.flag("dry-run"))
    }

    @Test func defaultsApplyAndAbsentValuesAreNil() throws {
        let parsed = try SampleTool.run(["copy", "out", "a"])
        #expect(parsed.value("mode") == "fast")
        #expect(parsed.value("retries") == nil)
        #expect(parsed.values("exclude").isEmpty)
        #expect(!parsed.flag("dry-run"))
    }

    @Test func aRepeatableOptionKeepsEveryValueAndAnotherKeepsTheLast() throws {
        let parsed = try SampleTool.run(["copy", "--exclude", "x", "--exclude", "y", "--mode", "safe", "--mode", "fast", "out", "a"])
        #expect(parsed.values("exclude") == ["x", "y"])
        #expect(parsed.value("mode") == "fast")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try SampleTool.run(["copy", "--", "--out", "-a", "--help"])
        #expect(parsed.requiredArgument("destination") == "--out")
        #expect(parsed.arguments("files") == ["-a", "--help"])
    }

    @Test func aLoneDashIsAnArgumentAndAValue() throws {
        let parsed = try SampleTool.run(["copy", "--retries", "-", "-", "a"])
        #expect(parsed.value("retries") == "-")
        #expect(parsed.requiredArgument("destination") == "-")
    }

    @Test func aValueThatLooksLikeAnOptionMustBeAttached() throws {
        let error = try #require(SampleTool.usageError(["copy", "out", "a", "--retries", "--dry-run"]))
        #expect(error.message == "Missing value for '--retries <retries>'")
        #expect(error.topic == .option(name: "retries", synopsis: "--retries <retries>", help: "How often to retry."))
        let parsed = try SampleTool.run(["copy", "out", "a", "--retries=--dry-run"])
        #expect(parsed.value("retries") == "--dry-run")
        #expect(!parsed.flag("dry-run"))
    }

    @Test func missingAndUnexpectedArguments() {
        #expect(SampleTool.usageError(["copy"])?.message == "Missing expected argument '<destination>'")
        #expect(SampleTool.usageError(["copy", "out"])?.message == "Missing expected argument '<files> ...'")
        #expect(SampleTool.usageError(["group", "show", "a", "b"])?.message == "Unexpected argument 'b'")
        #expect(SampleTool.usageError(["copy", "out"])?.commandNames == ["sample", "copy"])
    }

    @Test func anOptionalArgumentMayBeLeftOut() throws {
        #expect(try SampleTool.run(["group", "show"]).argument("item") == nil)
        #expect(try SampleTool.run(["group", "show", "a"]).argument("item") == "a")
    }

    @Test func unknownOptionsAndCommandsSuggestTheNearestName() {
        #expect(SampleTool.usageError(["copy", "--dryrun"])?.message == "Unknown option '--dryrun'. Did you mean '--dry-run'?")
        #expect(SampleTool.usageError(["copy", "--colour"])?.message == "Unknown option '--colour'")
        #expect(SampleTool.usageError(["copy", "-x"])?.message == "Unknown option '-x'")
        #expect(SampleTool.usageError(["cpy"])?.message == "Unknown command 'cpy'. Did you mean 'copy'?")
        #expect(SampleTool.usageError(["group", "shw"])?.commandNames == ["sample", "group"])
    }

    @Test func closedValuesAreChecked() {
        let error = SampleTool.usageError(["copy", "--mode", "slow", "out", "a"])
        #expect(error?.message == "The value 'slow' is invalid for '--mode <mode>'. Please provide one of 'fast' or 'safe'.")
    }

    @Test func aFlagTakesNoValue() {
        #expect(SampleTool.usageError(["copy", "--dry-run=yes", "out", "a"])?.message == "The flag '--dry-run' takes no value")
    }

    @Test func typedValuesAreConvertedOrRefused() throws {
        #expect(try SampleTool.run(["copy", "--retries", "3", "o", "a"]).value("retries", as: Int.self) == 3)
        let parsed = try SampleTool.run(["copy", "--retries", "three", "o", "a"])
        #expect(throws: UsageError.self) { try parsed.value("retries", as: Int.self) }
        #expect(try SampleTool.run(["copy", "o", "a"]).value("retries", as: Int.self) == nil)
    }

    @Test func helpAndVersionWorkOnEveryCommand() throws {
        guard case .help(let path) = try SampleTool.tool.parse(["copy", "out", "--help"]) else {
            Issue.record("--help did not ask for help")
            return
        }
        #expect(path.map(\.name) == ["sample", "copy"])
        guard case .help(let nested) = try SampleTool.tool.parse(["help", "group", "show"]) else {
            Issue.record("help group show did not ask for help")
            return
        }
        #expect(nested.map(\.name) == ["sample", "group", "show"])
        guard case .version = try SampleTool.tool.parse(["group", "show", "--version"]) else {
            Issue.record("--version did not ask for the version")
            return
        }
        #expect(SampleTool.usageError(["help", "nothing"])?.message == "Unknown command 'nothing'")
    }

    @Test func aGroupWithoutItsSubcommandShowsItsHelp() throws {
        guard case .help(let path) = try SampleTool.tool.parse(["group"]) else {
            Issue.record("a bare group did not ask for help")
            return
        }
        #expect(path.map(\.name) == ["sample", "group"])
    }

    @Test func generationOptionsBelongToTheRootAlone() throws {
        guard case .completionScript(.fish) = try SampleTool.tool.parse(["--generate-completion-script", "fish"]) else {
            Issue.record("no fish script asked for")
            return
        }
        guard case .manualPage = try SampleTool.tool.parse(["--generate-manual"]) else {
            Issue.record("no manual page asked for")
            return
        }
        #expect(SampleTool.usageError(["--generate-completion-script", "tcsh"]) != nil)
        #expect(SampleTool.usageError(["copy", "--generate-manual"])?.message == "Unknown option '--generate-manual'")
    }

    @Test func runnablePathsListEveryLeafInOrder() {
        #expect(SampleTool.tool.runnablePaths.map { $0.map(\.name).joined(separator: " ") } == ["sample copy", "sample group show"])
    }
}

struct SuggestionTests {
    @Test func countsEditsAndSwapsOfNeighbours() {
        #expect(Suggestion.distance(Array("build".utf8), Array("build".utf8)) == 0)
        #expect(Suggestion.distance(Array("biuld".utf8), Array("build".utf8)) == 1)
        #expect(Suggestion.distance(Array("lnt".utf8), Array("lint".utf8)) == 1)
        #expect(Suggestion.distance(Array("".utf8), Array("abc".utf8)) == 3)
        #expect(Suggestion.distance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    }

    @Test func suggestsOnlyNearNames() {
        #expect(Suggestion.closest(to: "biuld", among: ["lint", "build"]) == "build")
        #expect(Suggestion.closest(to: "xyz", among: ["lint", "build"]) == nil)
    }
}

struct PrecedenceAndRefusalTests {
    private func helpPath(_ words: [String]) throws -> [String]? {
        guard case .help(let path) = try SampleTool.tool.parse(words) else { return nil }
        return path.map(\.name)
    }

    @Test func helpAndVersionWinOverErrorsInTheSameCommandLine() throws {
        #expect(try helpPath(["copy", "--mode", "slow", "--help"]) == ["sample", "copy"])
        #expect(try helpPath(["copy", "--bogus", "-h"]) == ["sample", "copy"])
        #expect(try helpPath(["group", "--help", "show"]) == ["sample", "group", "show"])
        #expect(try helpPath(["help", "group", "--help"]) == ["sample", "group"])
        #expect(try helpPath(["help", "help"]) == ["sample"])
        guard case .version = try SampleTool.tool.parse(["copy", "--bogus", "--version"]) else {
            Issue.record("--version lost to an unknown option")
            return
        }
        // After `--` they are words like any other.
        #expect(try SampleTool.run(["copy", "out", "--", "--help"]).arguments("files") == ["--help"])
    }

    @Test func builtInAndGenerationFlagsTakeNoValueAndStandAlone() {
        #expect(SampleTool.usageError(["copy", "--help=yes"])?.message == "The flag '--help' takes no value")
        #expect(SampleTool.usageError(["--generate-manual=yes"])?.message == "The flag '--generate-manual' takes no value")
        #expect(SampleTool.usageError(["--generate-manual", "copy"])?.message == "Unexpected argument 'copy'")
        #expect(SampleTool.usageError(["--generate-completion-script", "bash", "x"])?.message == "Unexpected argument 'x'")
    }

    @Test func emptyValuesAreRefused() {
        #expect(SampleTool.usageError(["copy", "--retries=", "out", "a"])?.message == "An empty value is not allowed for '--retries <retries>'")
        #expect(SampleTool.usageError(["copy", "--retries", "", "out", "a"])?.message == "An empty value is not allowed for '--retries <retries>'")
        #expect(SampleTool.usageError(["copy", "", "a"])?.message == "An empty value is not allowed for '<destination>'")
        #expect(SampleTool.usageError(["copy", "out", "a", ""])?.message == "An empty value is not allowed for '<files>'")
    }

    @Test func aCombiningMarkAfterTheEqualsSignStaysInTheValue() throws {
        let parsed = try SampleTool.run(["copy", "--retries=\u{301}x", "out", "a"])
        #expect(parsed.value("retries") == "\u{301}x")
    }

    @Test func aDefaultIsTheValueUntilOneIsGiven() throws {
        #expect(try SampleTool.run(["copy", "o", "a"]).valueOrDefault("mode") == "fast")
        #expect(try SampleTool.run(["copy", "--mode", "safe", "o", "a"]).valueOrDefault("mode") == "safe")
    }
}

struct PlainWordTests {
    @Test func wordsThatWouldChangeACompletionScriptAreNamed() {
        let risky = CommandSpec(
            name: "risky", abstract: "",
            options: [.value("mode", allowedValues: ["a b", "$(x)", "ok-1.2_3"], help: "")],
            subcommands: [CommandSpec(name: "sub(1)", abstract: "")])
        let problems = CommandLineTool(root: risky, version: "").plainWordProblems
        #expect(Set(problems) == ["the value of --mode 'a b' is not a plain word", "the value of --mode '$(x)' is not a plain word",
            "the completion of --mode 'a b' is not a plain word", "the completion of --mode '$(x)' is not a plain word",
            "the command 'sub(1)' is not a plain word"])
        #expect(SampleTool.tool.plainWordProblems.isEmpty)
    }
}
