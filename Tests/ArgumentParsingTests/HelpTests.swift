import ArgumentParsing
import Testing

struct HelpTests {
    let copyPath = [SampleTool.root, SampleTool.copy]

    @Test func helpHasItsSectionsInOrder() {
        let help = SampleTool.tool.help(copyPath)
        let headings = ["OVERVIEW: Copy files into a folder.", "First paragraph.", "USAGE: ", "ARGUMENTS:", "OPTIONS:"]
        let offsets = headings.map { help.range(of: $0)?.lowerBound }
        #expect(!offsets.contains(nil), "\(help)")
        #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
        #expect(!help.contains("SUBCOMMANDS"))
    }

    @Test func usageShowsCountsAndRepetition() {
        let help = SampleTool.tool.help(copyPath)
        #expect(help.contains(
            "USAGE: sample copy <destination> <files> ... [--mode <mode>] [--exclude <pattern> ...] [--retries <retries>] [--a-very-long-option-name <value>] [--dry-run]\n"))
        #expect(SampleTool.tool.help([SampleTool.root, SampleTool.group, SampleTool.show]).contains("USAGE: sample group show [<item>]\n"))
    }

    @Test func entriesAlignAtOneColumnAndWrapWithinEightyColumns() {
        let lines = SampleTool.tool.help(copyPath).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where !line.hasPrefix("USAGE: ") {
            #expect(line.count <= 80, "\(line)")
        }
        let mode = lines.first { $0.hasPrefix("  --mode <mode>") }
        #expect(mode == "  --mode <mode>           How to copy. (values: fast, safe; default: fast)")
        // A label too long for the column puts its text on the next line, at the column.
        let long = lines.firstIndex { $0 == "  --a-very-long-option-name <value>" }
        #expect(long.map { lines[$0 + 1].hasPrefix(String(repeating: " ", count: 26) + "An option") } == true)
        #expect(lines.contains("  -h, --help              Show help information."))
        // The long paragraph was wrapped, the paragraphs kept apart.
        #expect(lines.contains("Second paragraph, which is long enough to be wrapped over more than one line of"))
        #expect(lines.contains("an eighty-column terminal."))
    }

    @Test func aGroupListsItsSubcommandsAndHowToGetTheirHelp() {
        let help = SampleTool.tool.help([SampleTool.root, SampleTool.group])
        #expect(help.contains("USAGE: sample group <subcommand>"))
        #expect(help.contains("SUBCOMMANDS:\n  show                    Show one item, or all."))
        #expect(help.contains("See 'sample help group <subcommand>' for detailed help."))
    }

    @Test func aUsageErrorSaysWhatIsWrongWithWhatAndHowToUse() throws {
        let error = try #require(SampleTool.usageError(["copy", "--mode", "slow"]))
        #expect(SampleTool.tool.errorReport(error) == """
            Error: The value 'slow' is invalid for '--mode <mode>'. Please provide one of 'fast' or 'safe'.
            Help:  --mode <mode>  How to copy.
            Usage: sample copy <destination> <files> ... [--mode <mode>] [--exclude <pattern> ...] [--retries <retries>] [--a-very-long-option-name <value>] [--dry-run]
              See 'sample copy --help' for more information.

            """)
    }
}
