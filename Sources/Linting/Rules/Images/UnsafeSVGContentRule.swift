import AppDefModel

/// An SVG is published only as the build rebuilds it from what is safe (``SVGSanitizer``): the
/// author is told what was left out, and an SVG that cannot be read safely stops the build.
struct UnsafeSVGContentRule: Rule {
    static let description = RuleDescription(
        id: "unsafe-svg-content", category: .images, severity: .error,
        summary:
            "An SVG image holds scripts, links out, embedded pictures that fail the checks of an image file, or other content that is not published, or cannot be read safely.",
        rationale:
            "An SVG opened by its address runs on the app's origin: a script in it could read and change the app's storage. The build publishes only drawing, text and styling, and warns of what it leaves out; an SVG with a DTD of its own, or one that is not well-formed, is refused. A picture it embeds (a PNG, JPEG, GIF or WebP data: URI) is checked as an image file is, and made again without its metadata; one that is not the type it declares, is damaged or has more pixels than a phone decodes is left out.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>logo.svg</image></onboarding-screen-image>
                </onboarding-screen>
                """,
                images: [
                    "logo.svg": .svg(
                        #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3" onload="alert(1)"><script>alert(2)</script><rect width="4" height="3"/></svg>"#
                    )
                ]),
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>logo.svg</image></onboarding-screen-image>
                </onboarding-screen>
                """,
                images: ["logo.svg": .svg(#"<!DOCTYPE svg [<!ENTITY big "x">]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="3">&big;</svg>"#)]),
            // A PNG whose header claims 20000×20000 pixels (a first row of data only).
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>logo.svg</image></onboarding-screen-image>
                </onboarding-screen>
                """,
                images: [
                    "logo.svg": .svg(
                        #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><image width="4" height="3" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAATiAAAE4gAQAAAADLC3uUAAAAGUlEQVR4nO3BAQ0AAADCoPdPbQ43oAAAuDMJxQABK3DMjwAAAABJRU5ErkJggg=="/></svg>"#
                    )
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>logo.svg</image></onboarding-screen-image>
                </onboarding-screen>
                """,
                images: [
                    "logo.svg": .svg(
                        ##"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4cm" height="3cm"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="4" height="3" fill="url(#g)"/><use xlink:href="#g"/></svg>"##
                    )
                ])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.lookedUpImages.flatMap { reference, lookup -> [Finding] in
            guard case .found(let file) = lookup, let svg = file.svg else { return [] }
            switch svg {
            case .refused(let refusal):
                return [
                    Finding(
                        position: reference.position,
                        message: "'\(reference.fileName)' cannot be published: \(refusal.reason) (line \(refusal.line), column \(refusal.column))",
                        notes: ["save it again from the drawing program as plain SVG"])
                ]
            case .published(let sanitized):
                var findings: [Finding] = []
                if !sanitized.removed.isEmpty {
                    findings.append(
                        Finding(
                            position: reference.position,
                            message: "'\(reference.fileName)' is published without what is not drawing, text or style: "
                                + ShortList.text(sanitized.removed),
                            notes: ["the build publishes the drawing, its text and its styles only; remove these from the file to silence this"],
                            severity: .warning))
                }
                // An embedded picture is checked as an image file is; one that fails is left out.
                for refused in sanitized.refusedImages {
                    findings.append(
                        Finding(
                            position: reference.position, message: "'\(reference.fileName)' is published without \(refused)",
                            notes: ["export the picture again and embed it anew, or use it as an image file of its own"], severity: .warning))
                }
                return findings
            }
        }
    }
}
