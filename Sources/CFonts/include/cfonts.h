#ifndef SAB_ONBOARDING_CFONTS_H
#define SAB_ONBOARDING_CFONTS_H

/* The parts of HarfBuzz (its subsetter and shaper) and the woff2 encoder and decoder that the
   tool uses, behind plain C functions with fixed arguments.

   Each library is loaded when a build first publishes a font (cfonts_load_*), not when the
   tool starts: lint, which checks a font's structure in Swift, never needs them, and a machine
   without them can still lint and build projects without fonts. Their signatures are declared
   here and in the sources, so that no -dev package is needed to build the tool. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Loads HarfBuzz and its subsetter, or the woff2 encoder and decoder, once for the process. 0
   on success; otherwise `message` says what is missing and which package has it. */
int cfonts_load_harfbuzz(char *message, size_t capacity);
int cfonts_load_woff2(char *message, size_t capacity);

/* HarfBuzz's version, e.g. "6.0.0", once loaded. */
const char *cfonts_harfbuzz_version(void);

/* One font held by HarfBuzz: its bytes (copied), its face and a font at its own units. */
typedef struct cfonts_font cfonts_font;

/* The first font of the sfnt in `bytes`, or NULL when HarfBuzz cannot hold it. */
cfonts_font *cfonts_font_create(const uint8_t *bytes, size_t length);
void cfonts_font_destroy(cfonts_font *font);

/* How many glyphs HarfBuzz reads in the font: 0 when its tables are damaged. */
unsigned cfonts_font_glyph_count(const cfonts_font *font);

/* Whether the font's character map gives `character` a glyph. */
int cfonts_font_has_character(cfonts_font *font, uint32_t character);

/* The Unicode script of `character`, as HarfBuzz's tag ('Latn', 'Grek'; 'Zyyy' common, 'Zinh'
   inherited). */
uint32_t cfonts_script(uint32_t character);

/* The font's variation axis `tag` (as 'wght'), from its 'fvar': 1 with its least, default and
   greatest values, 0 when the font has no such axis (or no 'fvar'). */
int cfonts_font_axis(cfonts_font *font, uint32_t tag, float *minimum, float *default_value, float *maximum);

/* Sets the font's axes `tags[i]` to `values[i]` (HarfBuzz clamps each to its axis), at most 8,
   and every other axis to its default: each call starts again from the default instance. As a
   browser draws the font: shaping, extents and outlines then are the instance's. */
void cfonts_font_set_variations(cfonts_font *font, const uint32_t *tags, const float *values, size_t count);

/* The canonical decomposition of `character` by HarfBuzz's Unicode data, as its shaper
   decomposes a character a font lacks: 1 with its two parts (`second` 0 for a singleton), 0
   when it has none. HarfBuzz must be loaded. */
int cfonts_decompose(uint32_t character, uint32_t *first, uint32_t *second);

/* The canonical composition of `first` and `second` by HarfBuzz's Unicode data, as its shaper
   composes a base and a mark when the font has the composed character; 0 when there is none.
   HarfBuzz must be loaded. */
uint32_t cfonts_compose(uint32_t first, uint32_t second);

/* The font's sfnt without the tables `tags` (the others as they are), rebuilt with HarfBuzz's
   face builder; freed with cfonts_free. 0 on success. */
int cfonts_font_without_tables(cfonts_font *font, const uint32_t *tags, size_t count, uint8_t **bytes, size_t *length);

/* The font's sfnt with `table` (copied) as its table `tag`, in place of the font's own if it
   has one, every other table as it is; freed with cfonts_free. 0 on success. */
int cfonts_font_with_table(cfonts_font *font, uint32_t tag, const uint8_t *table, size_t table_length, uint8_t **bytes, size_t *length);

/* The font subset to `characters` with HarfBuzz's subsetter: every OpenType layout feature
   kept (so that joining, reordering and marks shape as in the font), the glyphs they reach
   (HarfBuzz's closure), and the names a font's licence asks to keep. The bytes are an sfnt,
   freed with cfonts_free. 0 on success. */
int cfonts_subset(cfonts_font *font, const uint32_t *characters, size_t count, uint8_t **bytes, size_t *length);

/* The whole font through HarfBuzz's subsetter: every character, glyph (under its own id) and
   layout feature kept, with the legacy kern table (which the subsetter cannot subset)
   copied as it is; Apple's layout tables, the tables the subsetter does not know (a font
   tool's private data) and the names beyond those cfonts_subset keeps are left out. Freed with cfonts_free. 0 on
   success. */
int cfonts_subset_whole(cfonts_font *font, uint8_t **bytes, size_t *length);

/* A glyph as a reader sees it: where it sits, how far it moves the pen, how large it is and
   its outline's digest, and whether it is the font's .notdef (a character the font lacks). Its
   glyph id is not here otherwise: subsetting renumbers glyphs. `outline_ink` is what its
   outline, as drawn, fills: -1 when it has none (no contour: an empty glyph, or a bitmap one),
   0 when its contours enclose no area (all on a line, or cancelling each other out, whatever
   size the glyph's header claims), 1 when they do. */
typedef struct {
    uint32_t cluster;
    int32_t x_advance, y_advance, x_offset, y_offset;
    int32_t x_bearing, y_bearing, width, height;
    uint64_t outline;
    int32_t is_notdef;
    int32_t outline_ink;
} cfonts_glyph;

/* `utf8` shaped with HarfBuzz's OpenType shaper in `font`, for `language` (a BCP 47 tag, or ""
   for none), in `script` (an ISO 15924 tag as cfonts_script gives it; 0: guessed from the
   text), its direction guessed. The glyphs are freed with cfonts_free. 0 on success. */
int cfonts_shape(cfonts_font *font, const char *utf8, size_t length, const char *language, uint32_t script, cfonts_glyph **glyphs, size_t *count);

/* How many glyph outlines cfonts_shape has drawn on the calling thread: each glyph once a call.
   Tests count the work with it, where a time would depend on the machine. */
unsigned long long cfonts_outlines_drawn(void);

/* The sfnt in `sfnt` compressed as WOFF2 by the woff2 encoder (Brotli at its highest
   quality). The bytes are freed with cfonts_free. 0 on success; otherwise `message` says
   why. */
int cfonts_woff2_encode(const uint8_t *sfnt, size_t length, uint8_t **bytes, size_t *out_length, char *message, size_t capacity);

/* The sfnt a WOFF2 file holds, decoded by the woff2 decoder, when it is at most `limit`
   bytes. Freed with cfonts_free. 0 on success; otherwise `message` says why. */
int cfonts_woff2_decode(const uint8_t *woff2, size_t length, size_t limit, uint8_t **bytes, size_t *out_length, char *message, size_t capacity);

/* Whether the Brotli stream `data` decompresses to exactly `expected` bytes: 1 if so, 0 if not,
   -1 when memory runs out. Tells why the woff2 decoder, which says nothing, refused a font. */
int cfonts_brotli_decompresses(const uint8_t *data, size_t length, size_t expected);

void cfonts_free(void *memory);

#ifdef __cplusplus
}
#endif

#endif
