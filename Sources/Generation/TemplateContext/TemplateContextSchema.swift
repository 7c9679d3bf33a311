import AppDefModel

/// The values templates receive, written down once. ``PageContext`` builds exactly these (a
/// test compares them), every `{{name}}` of the built-in templates is one of them (a test checks
/// it, and a build warns of a user template that names another), and Documentation/Templates.md's list is
/// generated from here (`sab-onboarding templates context --markdown`).
public enum TemplateContextSchema {
    /// The values at the top level of each page, in the order Documentation/Templates.md lists them.
    public static let fields: [TemplateContextField] = [
        .init(
            "lang", .text,
            "The app's default language, as BCP 47 writes it (`wo` for SAB's `wol`; `und` when the appDef names none)."),
        .init("dir", .text, "`ltr` or `rtl`: the direction of the default language."),
        .init("title", .text, "The app's name, or `Welcome` when it has none."),
        .init("generator", .text, "`sab-onboarding` and its version."),
        .init("contentSecurityPolicy", .text, "The policy every page carries: its own files only, no inline script or style."),
        .init("hasScreens", .flag, "Whether the appDef has any onboarding screen."),
        .init("screenCount", .number, "How many screens there are."),
        .init("singleScreen", .flag, "Whether there is exactly one screen."),
        .init("startURL", .text, "Where the visitor goes at the end: `--start-url`."),
        .init("startURLJSON", .text, "The same as a JSON string, for the scripts."),
        .init("storageKeyJSON", .text, "The `localStorage` key that remembers the screens were seen (per app), as a JSON string."),
        .init("returnKeyJSON", .text, "The `localStorage` key of the address to return to, as a JSON string."),
        .init(
            "buttons", .object, "The button words in the default language, or where the appDef and the built-in table give none in it, in English.",
            fields: [
                .init("skip", .text, "Skip."),
                .init("next", .text, "Next."),
                .init("start", .text, "The last screen's button."),
                .init(
                    "skipLang", .text,
                    "The language of Skip's words where it is not the default language (`en` for the built-in English words); absent otherwise.", optional: true
                ),
                .init("skipDir", .text, "`ltr` or `rtl`: their direction, with `skipLang`.", optional: true),
                .init("nextLang", .text, "The same for Next.", optional: true),
                .init("nextDir", .text, "The same for Next.", optional: true),
                .init("startLang", .text, "The same for the last screen's button.", optional: true),
                .init("startDir", .text, "The same for the last screen's button.", optional: true),
            ]),
        .init("screens", .list, "Every screen, in order.", fields: screenFields),
        .init(
            "fontFaces", .list, "The web fonts published with the pages.",
            fields: [
                .init("family", .text, "The CSS font family."),
                .init("path", .text, "The font file, relative to the output folder."),
                .init("format", .text, "Its `format()` in `@font-face`, e.g. `woff2`."),
                .init("weight", .text, "Its CSS `font-weight`."),
                .init("style", .text, "Its CSS `font-style`."),
                .init("preload", .flag, "Whether the pages fetch it at once: a face of the default language's font."),
            ]),
        .init(
            "languageFonts", .list, "The font family of each language that has one.",
            fields: [
                .init("language", .text, "The language tag, as BCP 47 writes it (`wo` for SAB's `wol`): for `:lang()`."),
                .init("family", .text, "The CSS font family."),
                .init(
                    "variable", .flag,
                    "Whether a face of it is a variable font: the pages then set its axes as lint and the build checked them (`font-optical-sizing: none` and `font-variation-settings`)."
                ),
            ]),
        .init(
            "assetBase", .text, "What goes before the path of an image or font: empty on the carousel, `../` on a screen page.",
            pages: [.carousel, .screenPage]),
        .init(
            "dataJSON", .text, "What the carousel's script reads, as JSON safe inside `<script>`: texts, images, button words, languages and settings.",
            pages: [.carousel]),
        .init("screen", .object, "The screen the page shows.", pages: [.screenPage], fields: screenFields),
    ]

    /// What each screen holds, in `screens` and in `screen`.
    static let screenFields: [TemplateContextField] = [
        .init("number", .number, "Its place, from 1."),
        .init("label", .text, "\"2 of 4\" in the default language."),
        .init("isFirst", .flag, "Whether it is the first screen."),
        .init("isLast", .flag, "Whether it is the last screen."),
        .init("topTitle", .text, "Its top title in the default language.", optional: true),
        .init("topSubtitle", .text, "Its top subtitle.", optional: true),
        .init("bottomTitle", .text, "Its bottom title.", optional: true),
        .init("bottomSubtitle", .text, "Its bottom subtitle.", optional: true),
        .init("hasTopText", .flag, "Whether it has a top title or subtitle."),
        .init("hasBottomText", .flag, "Whether it has a bottom title or subtitle."),
        .init(
            "image", .object, "Its image in the default language.", optional: true,
            fields: [
                .init(
                    "src", .text,
                    "The published file, relative to the output folder: the original, or the fallback (JPEG, PNG, or GIF for an animated image) of the variants."
                ),
                .init("width", .number, "Its width in CSS pixels."),
                .init("height", .number, "Its height in CSS pixels."),
                .init("priority", .flag, "Whether it is the first image of the page: fetched first, never lazily."),
                .init(
                    "webpSrcset", .text, "Its WebP variants as a `srcset`, paths relative to the page (absent when the file is published as it is).",
                    optional: true),
                .init("sizes", .text, "The `sizes` that goes with them: the image block's width.", optional: true),
                .init(
                    "placeholder", .text,
                    "Its average colour (`#rrggbb`), shown in its box until it arrives: for an opaque still the build made smaller (absent for one with transparency, an animation, an SVG, or with `--keep-original-images`).",
                    optional: true),
            ]),
        .init(
            "style", .object, "Its colours and sizes.",
            fields: [
                .init(
                    "themes", .list,
                    "Its colours in Normal, Sepia and Dark, and in Sage, Rose and Charcoal where they differ from those.",
                    fields: [
                        .init("name", .text, "The theme, in lower case: `normal`, `sepia`, `dark`, `sage`, `rose` or `charcoal`."),
                        .init("background", .text, "The background colour."),
                        .init("title", .text, "The titles' colour."),
                        .init("text", .text, "The subtitles' colour."),
                        .init("accent", .text, "The buttons' and dots' colour."),
                        .init("onAccent", .text, "The colour of words on a button."),
                    ]),
                .init("imageMaxHeight", .number, "The image's largest height, in per cent of the screen.", optional: true),
            ]),
    ]

    /// The top-level values a page gets.
    static func fields(on page: TemplateContextField.Page) -> [TemplateContextField] {
        fields.filter { $0.pages.contains(page) }
    }
}
