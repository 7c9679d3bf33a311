import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
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
            OutputCompactor.compact(script, as: .javascript) == """
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
        #expect(OutputCompactor.compact(css, as: .css) == "/* x */\na{b:c}// not a CSS comment, left alone\nd{e:f}\n")
    }

    /// `/*/` opens a comment and does not close it: a known style-sheet hack keeps its code.
    @Test func aCommentThatStartsWithSlashStarSlashEndsAtItsOwnEnd() {
        #expect(OutputCompactor.compact("/* banner */\n/*/ hidden */ a { color: red }\n", as: .css) == "/* banner */\na { color: red }\n")
    }

    /// A style sheet written one declaration a line ships one rule a line or fewer, as small as
    /// one written that way: only line breaks CSS does not need, and the space after a
    /// property's colon, go.
    @Test func aReadableStyleSheetShipsAsCompactAsOneWrittenOnOneLine() {
        let readable = """
            /* banner */
            html,
            body {
              margin: 0;
              --onboarding-accent: var(--onboarding-accent-normal, #000);
              font-family: "Noto Sans", sans-serif;
            }

            /* a comment */
            .onboarding-dot:focus-visible {
              outline: 3px solid currentColor;
            }
            @media (prefers-reduced-motion: reduce) {
              .onboarding-slides {
                scroll-behavior: auto;
              }
            }
            a:hover
            b {
              grid-area: 1/1;
            }

            """
        #expect(
            OutputCompactor.compact(readable, as: .css) == """
                /* banner */
                html,body{margin:0;--onboarding-accent:var(--onboarding-accent-normal, #000);font-family:"Noto Sans", sans-serif}.onboarding-dot:focus-visible{outline:3px solid currentColor}@media (prefers-reduced-motion: reduce){.onboarding-slides{scroll-behavior:auto}}a:hover
                b{grid-area:1/1}

                """)
    }

    /// Scripts keep their line breaks: automatic semicolon insertion may depend on them.
    @Test func aScriptKeepsItsLineBreaks() {
        #expect(OutputCompactor.compact("/* b */\nvar a = {\n  b: 1,\n};\nreturn\nx\n", as: .javascript) == "/* b */\nvar a = {\nb: 1,\n};\nreturn\nx\n")
    }
}
