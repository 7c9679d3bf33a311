import Testing

@testable import SabOnboardingCLI

/// The URL a browser's refresh takes from a `content` value, step by step as the HTML standard's
/// shared declarative refresh steps read it.
struct DeclarativeRefreshTests {
    @Test(arguments: [
        ("0; url=../", "../"),
        ("0;url=../", "../"),
        ("  5 , URL = ../a", "../a"),
        ("0; url='javascript:alert(1)'", "javascript:alert(1)"),
        ("0; url=\"data:text/html,x\" trailing", "data:text/html,x"),
        ("0; 'javascript:alert(1)'", "javascript:alert(1)"),
        ("0; url=url=javascript:x", "url=javascript:x"),
        ("0; javascript:x", "javascript:x"),
        // `u`, `r`, `l` are taken one by one: where the next one fails, the quotes are looked for
        // there, and what was taken is gone.
        ("0; ujavascript:x", "javascript:x"),
        ("0; urjavascript:x", "javascript:x"),
        ("0; url 'x'", "x"),
        ("0; url = 'x", "x"),
        ("1.5; ../b", "../b"),
        (".5; ../b", "../b"),
    ])
    func theRefreshReadsTheURLAsTheStandardDoes(_ content: String, _ url: String) {
        #expect(DeclarativeRefresh.urlString(inContent: content) == url)
    }

    @Test(arguments: ["", "0", "  7  ", "0;", "x; url=../", "0x url=../"])
    func aContentWithoutAURLGivesNone(_ content: String) {
        #expect(DeclarativeRefresh.urlString(inContent: content) == nil)
    }
}
