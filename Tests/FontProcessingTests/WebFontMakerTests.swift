import Foundation
import Testing

@testable import FontProcessing

/// Real text of the scripts SAB's apps are made for, each with a real SIL font: the subset
/// published keeps what the text needs and shapes it as the font does, at a tenth of its size.
struct ScriptSample: Sendable, CustomTestStringConvertible {
    let font: DebianFonts.Font
    let language: String
    let texts: [String]

    var testDescription: String { "\(language) in \(font.testDescription)" }

    /// Every character of the texts, and the digits and punctuation the carousel adds.
    var characters: [Unicode.Scalar] {
        Array(Set(texts.joined().unicodeScalars).union("0123456789 :/·".unicodeScalars)).sorted { $0.value < $1.value }
    }

    var shapingTexts: [ShapingText] { texts.map { ShapingText(language: language, text: $0) } }

    static let all = [
        // Sango and Fulfulde: Latin with the letters and tone marks of African languages.
        ScriptSample(
            font: DebianFonts.charis, language: "sg",
            texts: [
                "Bara ala! Mbëtï tî Nzapä na yângâ tî Sängö.", "Ɓalli ɗon ŋaari ɛɔ, Ƴeeso", "Dîko, mä na kâpä tënë tî Nzapä.", "Hön", "Na pekö",
                "Komanse", "1 na 4",
            ]),
        // Amharic: Ethiopic syllables.
        ScriptSample(
            font: DebianFonts.abyssinica, language: "am",
            texts: ["እንኳን ደህና መጡ።", "የእግዚአብሔርን ቃል ያንብቡ፣ ያዳምጡ እና ያካፍሉ።", "ዝለል", "ቀጣይ", "ጀምር", "1 ከ 4"]),
        // Arabic: letters that join, and marks.
        ScriptSample(
            font: DebianFonts.scheherazade, language: "ar",
            texts: ["مرحبًا بك في تطبيق الكتاب المقدس.", "اقرأ كلمة الله واستمع إليها وشاركها.", "تخطي", "التالي", "ابدأ", "1 من 4"]),
        // Burmese: vowels and medials that reorder and stack.
        ScriptSample(
            font: DebianFonts.padauk, language: "my",
            texts: ["ကြိုဆိုပါတယ်။", "ဘုရားသခင်၏ နှုတ်ကပါဌ်တော်ကို ဖတ်ပါ၊ နားထောင်ပါ၊ မျှဝေပါ။", "ကျော်ရန်", "ရှေ့သို့", "စတင်ရန်", "4 ခုအနက် 1"]),
    ]
}

struct WebFontMakerTests {
    @Test(arguments: ScriptSample.all)
    func theSubsetIsWOFF2ATenthOfTheFontAndShapesAsItDoes(_ sample: ScriptSample) throws {
        let source = try sample.font.bytes()
        let made = try WebFontMaker.make(from: source, characters: sample.characters, texts: sample.shapingTexts)
        #expect(made.wholeFontReason == nil, "\(made.wholeFontReason ?? "")")
        #expect(made.woff2.starts(with: Array("wOF2".utf8)))
        #expect(made.woff2.count * 10 <= source.count, "\(made.woff2.count) bytes published of \(source.count)")

        // Decoded by the woff2 library and read by HarfBuzz, it maps every character of the
        // text the font maps, and shapes every text glyph for glyph as the font does.
        let original = try HarfBuzzFont(sfnt: source)
        let published = try HarfBuzzFont(sfnt: try WOFF2Codec.decode(made.woff2))
        #expect(published.glyphCount < original.glyphCount)
        for character in sample.characters where character != " " && !"0123456789:/·".unicodeScalars.contains(character) {
            #expect(original.hasGlyph(for: character), "the sample's font lacks U+\(String(character.value, radix: 16))")
            #expect(published.hasGlyph(for: character), "the subset lacks U+\(String(character.value, radix: 16))")
        }
        for text in sample.texts {
            let expected = try original.shape(text, language: sample.language)
            #expect(!expected.isEmpty)
            #expect(try published.shape(text, language: sample.language) == expected, "\(text)")
        }
    }

    /// Every layout feature stays, not only those HarfBuzz keeps by default: small capitals,
    /// stylistic sets and character variants that a page's CSS can turn on stay wherever they
    /// change a glyph of the text (HarfBuzz leaves out a feature that changes none).
    @Test func everyLayoutFeatureIsKept() throws {
        let sample = ScriptSample.all[0]
        let source = try sample.font.bytes()
        let made = try WebFontMaker.make(from: source, characters: sample.characters, texts: sample.shapingTexts)
        let published = try WOFF2Codec.decode(made.woff2)
        let kept = try featureTags(in: "GSUB", of: published)
        #expect(kept.isSubset(of: try featureTags(in: "GSUB", of: source)))
        for feature in ["smcp", "c2sc", "aalt"] { #expect(kept.contains(feature), "\(feature) is not in \(kept.sorted())") }
        #expect(kept.contains { $0.hasPrefix("ss") } && kept.contains { $0.hasPrefix("cv") }, "\(kept.sorted())")
        #expect(try featureTags(in: "GPOS", of: published).contains("mark"))
    }

    /// The check a cached or new font goes through can fail: a font that lacks a character of
    /// the text, or is another font, is told apart from the source.
    @Test func theCheckTellsAFontThatIsNotTheSourcesSubset() throws {
        let sample = ScriptSample.all[1]
        let source = try sample.font.bytes()
        let missing = sample.characters.first { $0 == "ጀ" }!
        let lacking = try WOFF2Codec.encode(try HarfBuzzFont(sfnt: source).subset(to: sample.characters.filter { $0 != missing }))
        let difference = WebFontMaker.difference(of: lacking, fromSource: source, characters: sample.characters, texts: sample.shapingTexts)
        #expect(difference == "lacks U+1300, which the font has")

        let latin = ScriptSample.all[0]
        let andika = try WOFF2Codec.encode(try DebianFonts.andika.bytes())
        let other = WebFontMaker.difference(of: andika, fromSource: try latin.font.bytes(), characters: latin.characters, texts: latin.shapingTexts)
        #expect(other?.contains("otherwise than the font") == true, "\(other ?? "no difference")")
        #expect(WebFontMaker.difference(of: Array("not a font".utf8), fromSource: source, characters: [], texts: []) == "is no WOFF2 file")
    }

    /// A font whose kerning is in the legacy 'kern' table alone (older fonts), which HarfBuzz's
    /// subsetter leaves out: its subset would set text wider. The whole font is published.
    @Test func aSubsetThatShapesOtherwiseGivesWayToTheWholeFont() throws {
        var font = try DebianFonts.liberationSans.bytes()
        let count = Int(font[4]) << 8 | Int(font[5])
        let record = try #require((0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<$0 + 4]) == Array("GPOS".utf8) })
        font.replaceSubrange(record..<record + 4, with: Array("GPOX".utf8))
        let texts = [ShapingText(language: "en", text: "AVATAR To Wave")]
        let made = try WebFontMaker.make(from: font, characters: Array("AVATR To Wave".unicodeScalars), texts: texts)
        #expect(made.wholeFontReason?.contains("differs in its advance") == true, "\(made.wholeFontReason ?? "the subset was published")")
        let published = try HarfBuzzFont(sfnt: try WOFF2Codec.decode(made.woff2))
        #expect(published.glyphCount == (try HarfBuzzFont(sfnt: font)).glyphCount)
    }

    /// A text with a character the font lacks keeps the subset, as HarfBuzz shapes it:
    /// - an emoji (or a sign of another script) is shaped as the font's `.notdef`, whose outline
    ///   (a box) the subset keeps;
    /// - 'ά' (U+03AC), which Charis SIL lacks, is drawn from its canonical decomposition, 'α'
    ///   and U+0301, which the subset holds too.
    /// - a mark the font lacks (U+1AB0 in Abyssinica SIL, whose subset has no 'GDEF' for the
    ///   text's glyphs) is shaped as `.notdef` with another advance in the subset: a browser
    ///   draws it with another font, so `.notdef`'s place is no difference.
    /// Before, the subset shaped them otherwise, and the whole font, ten times the size, went out.
    @Test(
        arguments: [
            (DebianFonts.charis, "Welcome home 🙂", "en", "🙂"), (DebianFonts.liberationSans, "Welcome home 🙂", "en", "🙂"),
            (DebianFonts.c059, "Welcome home 🙂", "en", "🙂"), (DebianFonts.charis, "Γειά σου", "el", "\u{3AC}"),
            (DebianFonts.abyssinica, "a\u{1AB0}b", "en", "\u{1AB0}"),
        ] as [(DebianFonts.Font, String, String, Unicode.Scalar)])
    func aCharacterTheFontLacksKeepsTheSubset(_ font: DebianFonts.Font, _ text: String, _ language: String, _ lacked: Unicode.Scalar) throws {
        let source = try font.bytes()
        #expect(!(try HarfBuzzFont(sfnt: source)).hasGlyph(for: lacked))
        let made = try WebFontMaker.make(
            from: source, characters: Array(Set(text.unicodeScalars)), texts: [ShapingText(language: language, text: text)])
        #expect(made.wholeFontReason == nil, "\(made.wholeFontReason ?? "")")
        #expect(made.woff2.count * 10 <= source.count, "\(made.woff2.count) bytes published of \(source.count)")
    }

    /// A text typed or saved in decomposed form ('a' and U+0301 for 'á': macOS file names,
    /// some keyboards) is drawn by HarfBuzz with the font's composed letter: the subset keeps it.
    /// Before, the subset lacked 'á', set the two apart, and the whole font went out.
    @Test(
        arguments: [
            (DebianFonts.charis, "Tiếng Việt có dấu", "vi"), (DebianFonts.liberationSans, "Ẹ kú àbọ̀ ọmọ", "yo"),
            (DebianFonts.c059, "ǘ ǚ ṩ ḉ Å", "en"), (DebianFonts.andika, "Ἐν ἀρχῇ ἦν ὁ λόγος", "grc"),
        ] as [(DebianFonts.Font, String, String)])
    func aTextInDecomposedFormKeepsTheSubset(_ font: DebianFonts.Font, _ composed: String, _ language: String) throws {
        let text = composed.decomposedStringWithCanonicalMapping
        #expect(text.unicodeScalars.count > composed.unicodeScalars.count)
        let source = try font.bytes()
        let made = try WebFontMaker.make(
            from: source, characters: Array(Set(text.unicodeScalars)), texts: [ShapingText(language: language, text: text)])
        #expect(made.wholeFontReason == nil, "\(made.wholeFontReason ?? "")")
        #expect(made.woff2.count * 10 <= source.count, "\(made.woff2.count) bytes published of \(source.count)")
    }

    @Test func aFontWhoseTablesAreDamagedIsAnErrorWithItsReason() throws {
        var font = try DebianFonts.charis.bytes()
        // The glyph count, in 'maxp', made 0: HarfBuzz reads no glyph.
        let count = Int(font[4]) << 8 | Int(font[5])
        let record = try #require((0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<$0 + 4]) == Array("maxp".utf8) })
        let maxp = Int(font[record + 8]) << 24 | Int(font[record + 9]) << 16 | Int(font[record + 10]) << 8 | Int(font[record + 11])
        font.replaceSubrange(maxp + 4..<maxp + 6, with: [0, 0])
        #expect(throws: FontProcessingFailure("HarfBuzz reads no glyph in it: its tables are damaged")) {
            try WebFontMaker.make(from: font, characters: ["a"], texts: [])
        }
    }

    @Test func woffAndWOFF2FontsAreUnwrappedToTheFontTheyHold() throws {
        let source = try DebianFonts.abyssinica.bytes()
        let tables = try sfntTables(source)
        for woff in [WOFFWrapping.wrap(source), try WOFFWrapping.wrap(source, compressed: true)] {
            #expect(try FontFileStructure.format(of: woff) == .woff)
            let unwrapped = try sfntTables(try WebFontMaker.sfnt(from: woff))
            #expect(unwrapped.keys.sorted() == tables.keys.sorted())
            #expect(unwrapped == tables, "a table differs from the font's")
        }
        let woff2 = try WOFF2Codec.encode(source)
        #expect(try FontFileStructure.format(of: woff2) == .woff2)
        let unwrapped = try WebFontMaker.sfnt(from: woff2)
        let sample = ScriptSample.all[1]
        let made = try WebFontMaker.make(from: unwrapped, characters: sample.characters, texts: sample.shapingTexts)
        #expect(made.wholeFontReason == nil)
        #expect(WebFontMaker.difference(of: made.woff2, fromSource: source, characters: sample.characters, texts: sample.shapingTexts) == nil)
    }

    @Test func aWOFFWhoseTableDoesNotInflateIsRefused() throws {
        var woff = try WOFFWrapping.wrap(try DebianFonts.abyssinica.bytes(), compressed: true)
        // The first table's stream, its second byte on: no longer what zlib wrote.
        let offset = Int(woff[44 + 4]) << 24 | Int(woff[44 + 5]) << 16 | Int(woff[44 + 6]) << 8 | Int(woff[44 + 7])
        woff[offset + 2] ^= 0xFF
        woff[offset + 3] ^= 0xFF
        #expect(throws: FontProcessingFailure.self) { try WebFontMaker.sfnt(from: woff) }
    }

    /// The woff2 decoder says nothing of why it refuses a file: the reason is found and said.
    @Test func aWOFF2WhoseTablesDoNotDecompressIsRefusedWithWhy() throws {
        var woff2 = try WOFF2Codec.encode(try DebianFonts.abyssinica.bytes())
        #expect(try FontFileStructure.format(of: woff2) == .woff2)
        for index in woff2.count / 2..<woff2.count / 2 + 64 { woff2[index] ^= 0x5A }
        #expect(try FontFileStructure.format(of: woff2) == .woff2, "its header and directory are untouched")
        do {
            _ = try WebFontMaker.sfnt(from: woff2)
            Issue.record("a damaged WOFF2 was decoded")
        } catch {
            #expect(error.description.hasPrefix("the woff2 decoder cannot decode it: its compressed tables ("), "\(error.description)")
            #expect(error.description.contains("are damaged: they do not decompress to the "), "\(error.description)")
        }
    }

    @Test func theSameFontAndTextGiveTheSameBytes() throws {
        let sample = ScriptSample.all[2]
        let source = try sample.font.bytes()
        let first = try WebFontMaker.make(from: source, characters: sample.characters, texts: sample.shapingTexts)
        let second = try WebFontMaker.make(from: source, characters: sample.characters.reversed(), texts: sample.shapingTexts)
        #expect(first.wholeFontReason == nil && second.wholeFontReason == nil)
        // Compared by position, not printed whole: a font's bytes would fill the log.
        let differing = zip(first.woff2, second.woff2).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(
            first.woff2.count == second.woff2.count && differing == nil,
            "\(first.woff2.count) and \(second.woff2.count) bytes, differing at byte \(differing ?? -1)")
    }

    /// The tags of a layout table's FeatureList (OpenType: the header's fourth field gives its
    /// offset; a count, then a tag and an offset per feature).
    private func featureTags(in table: String, of font: [UInt8]) throws -> Set<String> {
        let record = try #require(try SFNTDirectory.records(of: font).first { FontFileStructure.tag($0.tag) == table })
        let list = record.offset + Int(font.uint16(at: record.offset + 6))
        let count = Int(font.uint16(at: list))
        return Set((0..<count).map { FontFileStructure.tag(font.uint32(at: list + 2 + 6 * $0)) })
    }

    /// The subset leaves out TrueType's hinting (the programs and their tables), which phones'
    /// browsers hardly use: Charis SIL's subset is some 40% smaller without it, and shapes and
    /// draws as the font does (the check compares outlines, never hinted).
    @Test func theSubsetCarriesNoHinting() throws {
        let sample = ScriptSample.all[0]
        let made = try WebFontMaker.make(from: try sample.font.bytes(), characters: sample.characters, texts: sample.shapingTexts)
        #expect(made.wholeFontReason == nil)
        let tables = try sfntTables(try WOFF2Codec.decode(made.woff2))
        for tag in ["fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX"] { #expect(tables[tag] == nil, "'\(tag)' is published") }
    }

    /// The tables of an sfnt by tag, wherever they lie in the file.
    private func sfntTables(_ font: [UInt8]) throws -> [String: [UInt8]] {
        let records = try SFNTDirectory.records(of: font)
        return Dictionary(uniqueKeysWithValues: records.map { (FontFileStructure.tag($0.tag), Array(font[$0.offset..<$0.offset + $0.length])) })
    }
}

/// A long text repeats a few dozen glyphs: shaping reads each glyph's outline once, not at every
/// place. Before, a title of 8 MB took lint minutes and gigabytes, each glyph drawn anew.
@Suite struct ShapingWorkTests {
    @Test func eachGlyphIsDrawnOnceWhateverTheLengthOfTheText() throws {
        let font = try HarfBuzzFont(sfnt: try DebianFonts.charis.bytes())
        let text = String(repeating: "Welcome home, all of you. ", count: 2_000)
        let before = HarfBuzzFont.outlinesDrawnOnThisThread
        let glyphs = try font.shape(text, language: "en")
        let drawn = HarfBuzzFont.outlinesDrawnOnThisThread - before
        #expect(glyphs.count == text.unicodeScalars.count)
        #expect(drawn <= UInt64(Set(text.unicodeScalars).count), "\(drawn) outlines drawn for \(glyphs.count) glyphs")
        #expect(drawn > 0)
    }

    /// Every check of a font shares one shaping of each text: lint and the build shape it once
    /// in the font (for empty glyphs, the characters it lacks and the comparison), once in the
    /// subset they compare with it, and once in what OTS makes of the subset.
    @Test func eachCheckSharesOneShapingOfTheText() throws {
        let source = try DebianFonts.charis.bytes()
        let text = ShapingText(language: "en", text: "Welcome home, all of you.")
        func outlinesDrawn(_ work: () throws -> Void) rethrows -> UInt64 {
            let before = HarfBuzzFont.outlinesDrawnOnThisThread
            try work()
            return HarfBuzzFont.outlinesDrawnOnThisThread - before
        }
        let once = try outlinesDrawn { _ = try HarfBuzzFont(sfnt: source).shape(text.text, language: text.language) }
        #expect(once > 0)
        #expect(try outlinesDrawn { try WebFontMaker.checkPublishable(source, texts: [text]) } == 3 * once)
        let characters = Array(Set(text.text.unicodeScalars))
        #expect(try outlinesDrawn { _ = try WebFontMaker.make(from: source, characters: characters, texts: [text]) } == 3 * once)
    }
}
