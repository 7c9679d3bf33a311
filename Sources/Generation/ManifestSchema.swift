import AppDefModel

/// The JSON Schema (draft 2020-12) of the manifest, printed by `schema`.
public enum ManifestSchema {
    /// The schema as pretty-printed JSON text.
    public static var text: String { json.rendered() }

    static var json: JSONValue {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://sab-onboarding.invalid/schema/onboarding-\(Manifest.schemaVersion).json")),
            ("title", .string("sab-onboarding manifest")),
            ("description", .string("The onboarding screens of a Scripture App Builder app, as written to onboarding.json by sab-onboarding.")),
            ("type", .string("object")),
            ("required", strings(["schemaVersion", "generator", "defaultLanguage", "languages", "storageKey", "buttons", "screens"])),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("schemaVersion", .object([("const", .int(Manifest.schemaVersion))])),
                    ("generator", .object([("type", .string("string")), ("pattern", .string("^sab-onboarding [0-9]+\\.[0-9]+\\.[0-9]+"))])),
                    (
                        "defaultLanguage",
                        .object([
                            ("description", .string("The language of the default texts, from the appDef's translation mappings; null when it does not say.")),
                            ("type", strings(["string", "null"])), ("minLength", .int(1)),
                        ])
                    ),
                    (
                        "languages",
                        .object([
                            ("description", .string("Every language the screens have text or images in, as written in the appDef.")),
                            ("type", .string("array")), ("items", ref("languageCode")), ("uniqueItems", .bool(true)),
                        ])
                    ),
                    (
                        "storageKey",
                        .object([
                            ("description", .string("The localStorage key set once the onboarding has been shown.")),
                            ("type", .string("string")), ("minLength", .int(1)),
                        ])
                    ),
                    (
                        "buttons",
                        .object([
                            ("type", .string("object")),
                            ("required", strings(["skip", "next", "start"])),
                            ("additionalProperties", .bool(false)),
                            ("properties", .object([("skip", ref("localizedText")), ("next", ref("localizedText")), ("start", ref("localizedText"))])),
                        ])
                    ),
                    ("screens", .object([("type", .string("array")), ("items", ref("screen"))])),
                ])
            ),
            (
                "$defs",
                .object([
                    ("languageCode", .object([("type", .string("string")), ("minLength", .int(1)), ("not", .object([("const", .string("default"))]))])),
                    (
                        "localizedText",
                        .object([
                            ("description", .string("A text by language: \"default\" always, other keys as written in the appDef.")),
                            ("type", .string("object")),
                            ("required", strings(["default"])),
                            ("additionalProperties", .object([("type", .string("string"))])),
                            ("properties", .object([("default", .object([("type", .string("string")), ("minLength", .int(1))]))])),
                        ])
                    ),
                    ("color", .object([("type", .string("string")), ("pattern", .string("^#([0-9a-f]{6}|[0-9a-f]{8})$"))])),
                    (
                        "image",
                        .object([
                            ("type", .string("object")),
                            ("required", strings(["file", "width", "height", "source"])),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    (
                                        "file",
                                        .object([
                                            ("description", .string("The file a page's src names: the original as published, or a fallback variant.")),
                                            ("type", .string("string")), ("pattern", .string("^images/[A-Za-z0-9_-][A-Za-z0-9._-]*$")),
                                        ])
                                    ),
                                    ("width", .object([("type", .string("integer")), ("minimum", .int(1))])),
                                    ("height", .object([("type", .string("integer")), ("minimum", .int(1))])),
                                    (
                                        "variants",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "The sizes published of a raster image: WebP (animated for an animated image), smallest first, then the one fallback (JPEG, PNG, or GIF for an animated image; also in file); absent when the file is published as it is."
                                                )
                                            ),
                                            ("type", .string("array")), ("minItems", .int(2)),
                                            ("items", ref("imageVariant")),
                                        ])
                                    ),
                                    (
                                        "source",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "The image's file name in the images folder, as the appDef names it, without the folders where the author picked it (those stay on the author's machine)."
                                                )
                                            ),
                                            ("type", .string("string")), ("minLength", .int(1)), ("pattern", .string("^[^/\\\\]+$")),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "imageVariant",
                        .object([
                            ("type", .string("object")),
                            ("required", strings(["file", "width", "height", "type"])),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    ("file", .object([("type", .string("string")), ("pattern", .string("^images/[A-Za-z0-9_-][A-Za-z0-9._-]*$"))])),
                                    ("width", .object([("type", .string("integer")), ("minimum", .int(1))])),
                                    ("height", .object([("type", .string("integer")), ("minimum", .int(1))])),
                                    ("type", .object([("enum", strings(["image/webp", "image/jpeg", "image/png", "image/gif"]))])),
                                ])
                            ),
                        ])
                    ),
                    (
                        "screen",
                        .object([
                            ("type", .string("object")),
                            ("required", strings(["id", "page", "background"])),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    ("id", .object([("type", .string("integer")), ("minimum", .int(1))])),
                                    ("page", .object([("type", .string("string")), ("pattern", .string("^screens/[1-9][0-9]*\\.html$"))])),
                                    ("topTitle", ref("localizedText")),
                                    ("topSubtitle", ref("localizedText")),
                                    ("bottomTitle", ref("localizedText")),
                                    ("bottomSubtitle", ref("localizedText")),
                                    (
                                        "image",
                                        .object([
                                            ("description", .string("The image by language: \"default\" for every language, other keys as written.")),
                                            ("type", .string("object")), ("minProperties", .int(1)),
                                            ("additionalProperties", ref("image")),
                                        ])
                                    ),
                                    ("imageMaxHeightPercent", .object([("type", .string("integer")), ("minimum", .int(1)), ("maximum", .int(100))])),
                                    (
                                        "background",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "The background mode as the appDef says it, and the colour the carousel uses in each theme (SAB's Normal, Sepia and Dark, the SAB PWA's Sage, Rose and Charcoal), defaults and fallbacks applied."
                                                )
                                            ),
                                            ("type", .string("object")),
                                            ("required", strings(["mode"] + ColorTheme.allCases.map(\.rawValue))),
                                            ("additionalProperties", .bool(false)),
                                            (
                                                "properties",
                                                .object(
                                                    JSONObject(
                                                        [("mode", .object([("enum", strings(BackgroundMode.allCases.map(\.rawValue)))]))]
                                                            + ColorTheme.allCases.map { ($0.rawValue, ref("color")) }))
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                ])
            ),
        ])
    }

    private static func ref(_ name: String) -> JSONValue {
        .object([("$ref", .string("#/$defs/\(name)"))])
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}
