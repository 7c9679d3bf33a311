import Testing

@testable import OnboardingKit

struct OutputCompactorTests {
    @Test func whole_comment_lines_and_indentation_go_code_stays() {
        let script = """
            /* banner */
            (function () {
              // a comment line
              var url = "http://example.org"; // a trailing comment stays: only whole lines go
              /* a block
                 over lines */ var after = 1;
                var s = "/* not a comment */";

              return url;
            })();
            """
        #expect(
            OutputCompactor.compact(script, lineComments: true) == """
                /* banner */
                (function () {
                var url = "http://example.org"; // a trailing comment stays: only whole lines go
                var after = 1;
                var s = "/* not a comment */";
                return url;
                })();

                """)
    }

    @Test func styleSheetsKeepDoubleSlashLines() {
        let css = "/* x */\n  a{b:c}\n  // not a CSS comment, left alone\n/* one */ /* two */ d{e:f}\n"
        #expect(OutputCompactor.compact(css, lineComments: false) == "/* x */\na{b:c}\n// not a CSS comment, left alone\nd{e:f}\n")
    }

    /// `/*/` opens a comment and does not close it: a known style-sheet hack keeps its code.
    @Test func aCommentThatStartsWithSlashStarSlashEndsAtItsOwnEnd() {
        #expect(OutputCompactor.compact("/* banner */\n/*/ hidden */ a { color: red }\n", lineComments: false) == "/* banner */\na { color: red }\n")
    }
}
