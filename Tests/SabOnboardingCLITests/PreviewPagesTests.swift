import OnboardingKit
import Testing

@testable import SabOnboardingCLI

/// The preview's own pages and the changes it makes to the generated ones.
struct PreviewPagesTests {
    @Test func theErrorPageEscapesWhatTheDiagnosticsSay() {
        let diagnostic = Diagnostic(
            ruleID: "invalid-color", severity: .error, location: SourceLocation(file: "a<b>.appDef", line: 2, column: 3),
            message: "'<script>alert(1)</script>' is not a colour", notes: ["\"&\" too"])
        let page = PreviewPages.errorPage(diagnostics: [diagnostic], version: 7)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39; is not a colour"))
        #expect(page.contains("a&lt;b&gt;.appDef:2:3"))
        #expect(page.contains("&quot;&amp;&quot; too"))
        #expect(page.contains("<meta name=\"sab-preview-version\" content=\"7\">"))
    }

    @Test func thePolicyAllowsConnectionsToItselfAndNothingMore() {
        let allow = PreviewHTMLRewriter.allowingConnections(policy:)
        #expect(allow("default-src 'none'; script-src 'self'") == "default-src 'none'; script-src 'self'; connect-src 'self'")
        #expect(allow("default-src 'none'; connect-src 'none';") == "default-src 'none'; connect-src 'self'")
        #expect(allow("connect-src https://example.org") == "connect-src https://example.org 'self'")
        #expect(allow("connect-src 'self'") == "connect-src 'self'")

        let page = #"<META HTTP-EQUIV="Content-Security-Policy" CONTENT="default-src &#39;none&#39;"><meta name="x" content="connect-src">"#
        #expect(
            PreviewHTMLRewriter.allowingConnections(in: page)
                == #"<META HTTP-EQUIV="Content-Security-Policy" CONTENT="default-src &#39;none&#39;; connect-src &#39;self&#39;"><meta name="x" content="connect-src">"#
        )
        #expect(PreviewHTMLRewriter.rewrite("<p>no head</p>", inserting: "<x>") == "<p>no head</p><x>")
        #expect(PreviewHTMLRewriter.rewrite("<html><body></body></html>", inserting: "<x>") == "<html><x><body></body></html>")
    }

    /// As the terminal shows them: a bidi control from the appDef cannot reorder the page's
    /// text, nor a line break start what looks like another diagnostic.
    @Test func theErrorPageShowsControlAndBidiCharactersAsCodes() {
        let diagnostic = Diagnostic(
            ruleID: "invalid-color", severity: .error, location: SourceLocation(file: "a\u{2066}b.appDef", line: 1, column: 1),
            message: "'abc\u{202E}fed' is not a colour", notes: ["x\u{200F}y\nz"])
        let page = PreviewPages.errorPage(diagnostics: [diagnostic], version: 1)
        for control in ["\u{2066}", "\u{202E}", "\u{200F}"] {
            #expect(!page.contains(control))
        }
        #expect(page.contains("&#39;abc&lt;U+202E&gt;fed&#39; is not a colour"))
        #expect(page.contains("<code>a&lt;U+2066&gt;b.appDef:1:1</code>"))
        #expect(page.contains("<li>x&lt;U+200F&gt;y&lt;U+000A&gt;z</li>"))
    }
}
