import Testing

@testable import Mustache

/// The escaping of `{{name}}` and of every HTML page the tool writes itself.
struct HTMLTextTests {
    @Test func theFiveSpecialCharactersBecomeReferences() {
        #expect(HTMLText.escaped(#"a & b < c > d " e ' f"#) == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        #expect(HTMLText.escaped("plain, «é», 中文") == "plain, «é», 中文")
    }

    @Test func aCombiningMarkAfterAQuoteDoesNotHideTheQuote() {
        // Swift makes one Character of `"` and U+0301; an HTML parser still ends the attribute.
        let escaped = HTMLText.escaped("Two\"\u{301} hidden x='\u{301}<\u{301}&\u{301}>\u{301}")
        #expect(escaped == "Two&quot;\u{301} hidden x=&#39;\u{301}&lt;\u{301}&amp;\u{301}&gt;\u{301}")
    }

    @Test func theRendererEscapesByScalarToo() throws {
        let template = try MustacheTemplate(parsing: #"<p title="{{title}}">"#)
        let rendered = try MustacheRenderer(partials: [:]).render(template, with: ["title": "\"\u{301} onmouseover='\u{301}x"])
        #expect(rendered == "<p title=\"&quot;\u{301} onmouseover=&#39;\u{301}x\">")
    }
}
