/* HarfBuzz (libharfbuzz.so.0) and its subsetter (libharfbuzz-subset.so.0), loaded on first use.
   The types and functions below are HarfBuzz's own, as hb.h and hb-subset.h declare them,
   declared here so that the tool builds without libharfbuzz-dev. HarfBuzz keeps its ABI
   stable; the newest of them (the draw functions) came with HarfBuzz 4.0, and the variation
   ones (hb_font_set_variations, hb_ot_var_find_axis_info) with 1.4.2 and 2.2.0. */
#include "cfonts.h"
#include "library_loading.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <unordered_map>

namespace {

struct hb_blob_t;
struct hb_face_t;
struct hb_font_t;
struct hb_buffer_t;
struct hb_set_t;
struct hb_subset_input_t;
struct hb_draw_funcs_t;
struct hb_draw_state_t;
struct hb_unicode_funcs_t;
struct hb_language_impl_t;
typedef const hb_language_impl_t *hb_language_t;
typedef int hb_bool_t;
typedef uint32_t hb_codepoint_t;
/* hb_script_t: an ISO 15924 tag, 'Latn' and so on (HarfBuzz's enum holds those values). */
typedef uint32_t hb_script_t;
typedef void (*hb_destroy_func_t)(void *);

/* hb_memory_mode_t */
const int HB_MEMORY_MODE_DUPLICATE = 0;
/* hb_subset_sets_t */
const int HB_SUBSET_SETS_GLYPH_INDEX = 0;
const int HB_SUBSET_SETS_UNICODE = 1;
const int HB_SUBSET_SETS_NO_SUBSET_TABLE_TAG = 2;
const int HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const int HB_SUBSET_SETS_NAME_ID = 4;
const int HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;
/* hb_subset_flags_t */
const unsigned HB_SUBSET_FLAGS_NO_HINTING = 0x01u;
const unsigned HB_SUBSET_FLAGS_RETAIN_GIDS = 0x02u;
const unsigned HB_SUBSET_FLAGS_NOTDEF_OUTLINE = 0x40u;
const unsigned HB_SUBSET_FLAGS_NO_PRUNE_UNICODE_RANGES = 0x100u;

constexpr uint32_t tag(const char (&name)[5]) {
    return uint32_t(uint8_t(name[0])) << 24 | uint32_t(uint8_t(name[1])) << 16 | uint32_t(uint8_t(name[2])) << 8 | uint32_t(uint8_t(name[3]));
}

struct hb_glyph_info_t {
    hb_codepoint_t codepoint;
    uint32_t mask;
    uint32_t cluster;
    uint32_t var1;
    uint32_t var2;
};

struct hb_glyph_position_t {
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
    uint32_t var;
};

/* A variation axis of the font's 'fvar', as hb-ot-var.h declares it. */
struct hb_ot_var_axis_info_t {
    unsigned axis_index;
    uint32_t tag;
    unsigned name_id;
    int flags;
    float min_value;
    float default_value;
    float max_value;
    unsigned reserved;
};

/* A position on one axis, as hb-common.h declares it. */
struct hb_variation_t {
    uint32_t tag;
    float value;
};

struct hb_glyph_extents_t {
    int32_t x_bearing;
    int32_t y_bearing;
    int32_t width;
    int32_t height;
};

typedef void (*hb_draw_move_to_func_t)(hb_draw_funcs_t *, void *, hb_draw_state_t *, float, float, void *);
typedef void (*hb_draw_quadratic_to_func_t)(hb_draw_funcs_t *, void *, hb_draw_state_t *, float, float, float, float, void *);
typedef void (*hb_draw_cubic_to_func_t)(hb_draw_funcs_t *, void *, hb_draw_state_t *, float, float, float, float, float, float, void *);
typedef void (*hb_draw_close_path_func_t)(hb_draw_funcs_t *, void *, hb_draw_state_t *, void *);

struct {
    const char *(*version_string)(void);
    hb_blob_t *(*blob_create_or_fail)(const char *, unsigned, int, void *, hb_destroy_func_t);
    void (*blob_destroy)(hb_blob_t *);
    const char *(*blob_get_data)(hb_blob_t *, unsigned *);
    hb_face_t *(*face_create)(hb_blob_t *, unsigned);
    void (*face_destroy)(hb_face_t *);
    unsigned (*face_get_glyph_count)(const hb_face_t *);
    hb_blob_t *(*face_reference_blob)(hb_face_t *);
    hb_blob_t *(*face_reference_table)(const hb_face_t *, uint32_t);
    unsigned (*face_get_table_tags)(const hb_face_t *, unsigned, unsigned *, uint32_t *);
    hb_face_t *(*face_builder_create)(void);
    hb_bool_t (*face_builder_add_table)(hb_face_t *, uint32_t, hb_blob_t *);
    hb_font_t *(*font_create)(hb_face_t *);
    void (*font_destroy)(hb_font_t *);
    hb_bool_t (*font_get_nominal_glyph)(hb_font_t *, hb_codepoint_t, hb_codepoint_t *);
    void (*font_set_variations)(hb_font_t *, const hb_variation_t *, unsigned);
    hb_bool_t (*ot_var_find_axis_info)(hb_face_t *, uint32_t, hb_ot_var_axis_info_t *);
    hb_unicode_funcs_t *(*unicode_funcs_get_default)(void);
    hb_script_t (*unicode_script)(hb_unicode_funcs_t *, hb_codepoint_t);
    hb_bool_t (*unicode_decompose)(hb_unicode_funcs_t *, hb_codepoint_t, hb_codepoint_t *, hb_codepoint_t *);
    hb_bool_t (*unicode_compose)(hb_unicode_funcs_t *, hb_codepoint_t, hb_codepoint_t, hb_codepoint_t *);
    hb_bool_t (*font_get_glyph_extents)(hb_font_t *, hb_codepoint_t, hb_glyph_extents_t *);
    void (*font_draw_glyph)(hb_font_t *, hb_codepoint_t, hb_draw_funcs_t *, void *);
    hb_buffer_t *(*buffer_create)(void);
    void (*buffer_destroy)(hb_buffer_t *);
    void (*buffer_add_utf8)(hb_buffer_t *, const char *, int, unsigned, int);
    void (*buffer_set_language)(hb_buffer_t *, hb_language_t);
    void (*buffer_set_script)(hb_buffer_t *, hb_script_t);
    void (*buffer_guess_segment_properties)(hb_buffer_t *);
    hb_bool_t (*buffer_allocation_successful)(hb_buffer_t *);
    hb_glyph_info_t *(*buffer_get_glyph_infos)(hb_buffer_t *, unsigned *);
    hb_glyph_position_t *(*buffer_get_glyph_positions)(hb_buffer_t *, unsigned *);
    hb_language_t (*language_from_string)(const char *, int);
    hb_bool_t (*shape_full)(hb_font_t *, hb_buffer_t *, const void *, unsigned, const char *const *);
    void (*set_add)(hb_set_t *, hb_codepoint_t);
    void (*set_del)(hb_set_t *, hb_codepoint_t);
    void (*set_clear)(hb_set_t *);
    void (*set_invert)(hb_set_t *);
    hb_bool_t (*set_allocation_successful)(const hb_set_t *);
    hb_draw_funcs_t *(*draw_funcs_create)(void);
    void (*draw_funcs_set_move_to_func)(hb_draw_funcs_t *, hb_draw_move_to_func_t, void *, hb_destroy_func_t);
    void (*draw_funcs_set_line_to_func)(hb_draw_funcs_t *, hb_draw_move_to_func_t, void *, hb_destroy_func_t);
    void (*draw_funcs_set_quadratic_to_func)(hb_draw_funcs_t *, hb_draw_quadratic_to_func_t, void *, hb_destroy_func_t);
    void (*draw_funcs_set_cubic_to_func)(hb_draw_funcs_t *, hb_draw_cubic_to_func_t, void *, hb_destroy_func_t);
    void (*draw_funcs_set_close_path_func)(hb_draw_funcs_t *, hb_draw_close_path_func_t, void *, hb_destroy_func_t);
    void (*draw_funcs_make_immutable)(hb_draw_funcs_t *);
    hb_subset_input_t *(*subset_input_create_or_fail)(void);
    void (*subset_input_destroy)(hb_subset_input_t *);
    hb_set_t *(*subset_input_unicode_set)(hb_subset_input_t *);
    hb_set_t *(*subset_input_set)(hb_subset_input_t *, int);
    void (*subset_input_set_flags)(hb_subset_input_t *, unsigned);
    hb_face_t *(*subset_or_fail)(hb_face_t *, const hb_subset_input_t *);
} hb;

/* The names HarfBuzz 2 to 10 are installed under: Debian's and Ubuntu's, Homebrew's. */
const char *const harfbuzz_names[] = {
    "libharfbuzz.so.0", "libharfbuzz.0.dylib", "/opt/homebrew/lib/libharfbuzz.0.dylib", "/usr/local/lib/libharfbuzz.0.dylib", nullptr,
};
const char *const subset_names[] = {
    "libharfbuzz-subset.so.0", "libharfbuzz-subset.0.dylib", "/opt/homebrew/lib/libharfbuzz-subset.0.dylib",
    "/usr/local/lib/libharfbuzz-subset.0.dylib", nullptr,
};
const char *const packages = "libharfbuzz0b and libharfbuzz-subset0 on Debian and Ubuntu, harfbuzz on Homebrew";

/* Draws an outline into a 64-bit FNV-1a digest of its commands and points: two glyphs with
   the same digest have the same outline, whatever their ids. And into the area it encloses,
   signed as its contours wind (Green's theorem, exact for lines and Bezier curves), with the
   box of its points: a glyph whose header claims a box while its points lie on a line, or
   whose contours cancel each other out, fills nothing, and browsers draw nothing for it. */
struct OutlineDigest {
    uint64_t value = 0xcbf29ce484222325ULL;
    bool drawn = false;
    double area = 0;
    float start_x = 0, start_y = 0, x = 0, y = 0;
    float min_x = 0, min_y = 0, max_x = 0, max_y = 0;

    void add(uint8_t command, const float *points, size_t count) {
        mix(&command, 1);
        mix(points, count * sizeof(float));
        for (size_t index = 0; index + 1 < count; index += 2) include(points[index], points[index + 1]);
    }

    void include(float px, float py) {
        if (!drawn) {
            min_x = max_x = px;
            min_y = max_y = py;
            drawn = true;
        }
        min_x = px < min_x ? px : min_x;
        max_x = px > max_x ? px : max_x;
        min_y = py < min_y ? py : min_y;
        max_y = py > max_y ? py : max_y;
    }

    static double cross(double ax, double ay, double bx, double by) { return ax * by - bx * ay; }

    /* The pen moves to (to_x, to_y): the area a line, a quadratic or a cubic curve from the pen
       adds (twice it, summed at the end). */
    void line(float to_x, float to_y) { area += cross(x, y, to_x, to_y); }
    void quadratic(float cx, float cy, float to_x, float to_y) {
        area += (2 * cross(x, y, cx, cy) + 2 * cross(cx, cy, to_x, to_y) + cross(x, y, to_x, to_y)) / 3;
    }
    void cubic(float c1x, float c1y, float c2x, float c2y, float to_x, float to_y) {
        area += (6 * cross(x, y, c1x, c1y) + 3 * cross(x, y, c2x, c2y) + cross(x, y, to_x, to_y) + 3 * cross(c1x, c1y, c2x, c2y) +
                 3 * cross(c1x, c1y, to_x, to_y) + 6 * cross(c2x, c2y, to_x, to_y)) /
                10;
    }

    /* -1: no contour; 0: contours enclosing less than a unit of area, or a box of none; 1: ink. */
    int32_t ink() const {
        if (!drawn) return -1;
        const bool box = max_x > min_x && max_y > min_y;
        return box && (area > 2 || area < -2) ? 1 : 0;
    }

    void mix(const void *bytes, size_t length) {
        const unsigned char *byte = static_cast<const unsigned char *>(bytes);
        for (size_t index = 0; index < length; index++) value = (value ^ byte[index]) * 0x100000001b3ULL;
    }
};

void draw_move_to(hb_draw_funcs_t *, void *data, hb_draw_state_t *, float x, float y, void *) {
    const float points[] = {x, y};
    OutlineDigest *digest = static_cast<OutlineDigest *>(data);
    digest->add('M', points, 2);
    digest->start_x = digest->x = x;
    digest->start_y = digest->y = y;
}

void draw_line_to(hb_draw_funcs_t *, void *data, hb_draw_state_t *, float x, float y, void *) {
    const float points[] = {x, y};
    OutlineDigest *digest = static_cast<OutlineDigest *>(data);
    digest->add('L', points, 2);
    digest->line(x, y);
    digest->x = x;
    digest->y = y;
}

void draw_quadratic_to(hb_draw_funcs_t *, void *data, hb_draw_state_t *, float cx, float cy, float x, float y, void *) {
    const float points[] = {cx, cy, x, y};
    OutlineDigest *digest = static_cast<OutlineDigest *>(data);
    digest->add('Q', points, 4);
    digest->quadratic(cx, cy, x, y);
    digest->x = x;
    digest->y = y;
}

void draw_cubic_to(hb_draw_funcs_t *, void *data, hb_draw_state_t *, float c1x, float c1y, float c2x, float c2y, float x, float y, void *) {
    const float points[] = {c1x, c1y, c2x, c2y, x, y};
    OutlineDigest *digest = static_cast<OutlineDigest *>(data);
    digest->add('C', points, 6);
    digest->cubic(c1x, c1y, c2x, c2y, x, y);
    digest->x = x;
    digest->y = y;
}

/* A contour closes with a line back to where it started. */
void draw_close_path(hb_draw_funcs_t *, void *data, hb_draw_state_t *, void *) {
    OutlineDigest *digest = static_cast<OutlineDigest *>(data);
    digest->add('Z', nullptr, 0);
    digest->line(digest->start_x, digest->start_y);
    digest->x = digest->start_x;
    digest->y = digest->start_y;
}

/* The draw functions, made once after loading and never changed: HarfBuzz shares immutable
   objects between threads. */
hb_draw_funcs_t *outline_funcs = nullptr;

int load(char *message, size_t capacity) {
    const cfonts::Symbol core[] = {
        {"hb_version_string", (void **)&hb.version_string},
        {"hb_blob_create_or_fail", (void **)&hb.blob_create_or_fail},
        {"hb_blob_destroy", (void **)&hb.blob_destroy},
        {"hb_blob_get_data", (void **)&hb.blob_get_data},
        {"hb_face_create", (void **)&hb.face_create},
        {"hb_face_destroy", (void **)&hb.face_destroy},
        {"hb_face_get_glyph_count", (void **)&hb.face_get_glyph_count},
        {"hb_face_reference_blob", (void **)&hb.face_reference_blob},
        {"hb_face_reference_table", (void **)&hb.face_reference_table},
        {"hb_face_get_table_tags", (void **)&hb.face_get_table_tags},
        {"hb_face_builder_create", (void **)&hb.face_builder_create},
        {"hb_face_builder_add_table", (void **)&hb.face_builder_add_table},
        {"hb_font_create", (void **)&hb.font_create},
        {"hb_font_destroy", (void **)&hb.font_destroy},
        {"hb_font_get_nominal_glyph", (void **)&hb.font_get_nominal_glyph},
        {"hb_font_set_variations", (void **)&hb.font_set_variations},
        {"hb_ot_var_find_axis_info", (void **)&hb.ot_var_find_axis_info},
        {"hb_unicode_funcs_get_default", (void **)&hb.unicode_funcs_get_default},
        {"hb_unicode_script", (void **)&hb.unicode_script},
        {"hb_unicode_decompose", (void **)&hb.unicode_decompose},
        {"hb_unicode_compose", (void **)&hb.unicode_compose},
        {"hb_font_get_glyph_extents", (void **)&hb.font_get_glyph_extents},
        {"hb_buffer_create", (void **)&hb.buffer_create},
        {"hb_buffer_destroy", (void **)&hb.buffer_destroy},
        {"hb_buffer_add_utf8", (void **)&hb.buffer_add_utf8},
        {"hb_buffer_set_language", (void **)&hb.buffer_set_language},
        {"hb_buffer_set_script", (void **)&hb.buffer_set_script},
        {"hb_buffer_guess_segment_properties", (void **)&hb.buffer_guess_segment_properties},
        {"hb_buffer_allocation_successful", (void **)&hb.buffer_allocation_successful},
        {"hb_buffer_get_glyph_infos", (void **)&hb.buffer_get_glyph_infos},
        {"hb_buffer_get_glyph_positions", (void **)&hb.buffer_get_glyph_positions},
        {"hb_language_from_string", (void **)&hb.language_from_string},
        {"hb_shape_full", (void **)&hb.shape_full},
        {"hb_set_add", (void **)&hb.set_add},
        {"hb_set_del", (void **)&hb.set_del},
        {"hb_set_clear", (void **)&hb.set_clear},
        {"hb_set_invert", (void **)&hb.set_invert},
        {"hb_set_allocation_successful", (void **)&hb.set_allocation_successful},
        {"hb_draw_funcs_create", (void **)&hb.draw_funcs_create},
        {"hb_draw_funcs_set_move_to_func", (void **)&hb.draw_funcs_set_move_to_func},
        {"hb_draw_funcs_set_line_to_func", (void **)&hb.draw_funcs_set_line_to_func},
        {"hb_draw_funcs_set_quadratic_to_func", (void **)&hb.draw_funcs_set_quadratic_to_func},
        {"hb_draw_funcs_set_cubic_to_func", (void **)&hb.draw_funcs_set_cubic_to_func},
        {"hb_draw_funcs_set_close_path_func", (void **)&hb.draw_funcs_set_close_path_func},
        {"hb_draw_funcs_make_immutable", (void **)&hb.draw_funcs_make_immutable},
    };
    if (cfonts::load_library(harfbuzz_names, "HarfBuzz", packages, core, sizeof core / sizeof core[0], message, capacity) != 0) return -1;
    /* HarfBuzz 7 renamed hb_font_get_glyph_shape (4.0) to hb_font_draw_glyph: either draws. */
    const cfonts::Symbol draw[] = {{"hb_font_draw_glyph", (void **)&hb.font_draw_glyph}};
    const cfonts::Symbol shape[] = {{"hb_font_get_glyph_shape", (void **)&hb.font_draw_glyph}};
    char ignored[8];
    if (cfonts::load_library(harfbuzz_names, "HarfBuzz", packages, draw, 1, ignored, sizeof ignored) != 0
        && cfonts::load_library(harfbuzz_names, "HarfBuzz", packages, shape, 1, message, capacity) != 0) {
        return -1;
    }
    const cfonts::Symbol subset[] = {
        {"hb_subset_input_create_or_fail", (void **)&hb.subset_input_create_or_fail},
        {"hb_subset_input_destroy", (void **)&hb.subset_input_destroy},
        {"hb_subset_input_unicode_set", (void **)&hb.subset_input_unicode_set},
        {"hb_subset_input_set", (void **)&hb.subset_input_set},
        {"hb_subset_input_set_flags", (void **)&hb.subset_input_set_flags},
        {"hb_subset_or_fail", (void **)&hb.subset_or_fail},
    };
    if (cfonts::load_library(subset_names, "HarfBuzz's subsetter", packages, subset, sizeof subset / sizeof subset[0], message, capacity) != 0) {
        return -1;
    }
    outline_funcs = hb.draw_funcs_create();
    hb.draw_funcs_set_move_to_func(outline_funcs, draw_move_to, nullptr, nullptr);
    hb.draw_funcs_set_line_to_func(outline_funcs, draw_line_to, nullptr, nullptr);
    hb.draw_funcs_set_quadratic_to_func(outline_funcs, draw_quadratic_to, nullptr, nullptr);
    hb.draw_funcs_set_cubic_to_func(outline_funcs, draw_cubic_to, nullptr, nullptr);
    hb.draw_funcs_set_close_path_func(outline_funcs, draw_close_path, nullptr, nullptr);
    hb.draw_funcs_make_immutable(outline_funcs);
    return 0;
}

}  // namespace

struct cfonts_font {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
};

extern "C" int cfonts_load_harfbuzz(char *message, size_t capacity) {
    static const cfonts::LoadResult result = [] {
        cfonts::LoadResult loaded;
        loaded.status = load(loaded.message, sizeof loaded.message);
        return loaded;
    }();
    return cfonts::report(result, message, capacity);
}

extern "C" const char *cfonts_harfbuzz_version(void) { return hb.version_string ? hb.version_string() : "unknown"; }

extern "C" cfonts_font *cfonts_font_create(const uint8_t *bytes, size_t length) {
    if (length > 0x7fffffff) return nullptr;
    /* HarfBuzz keeps its own copy: the font outlives the caller's buffer. */
    hb_blob_t *blob = hb.blob_create_or_fail(reinterpret_cast<const char *>(bytes), static_cast<unsigned>(length), HB_MEMORY_MODE_DUPLICATE,
                                             nullptr, nullptr);
    if (!blob) return nullptr;
    cfonts_font *font = static_cast<cfonts_font *>(std::malloc(sizeof(cfonts_font)));
    if (!font) {
        hb.blob_destroy(blob);
        return nullptr;
    }
    font->blob = blob;
    font->face = hb.face_create(blob, 0);
    font->font = hb.font_create(font->face);
    return font;
}

extern "C" void cfonts_font_destroy(cfonts_font *font) {
    if (!font) return;
    hb.font_destroy(font->font);
    hb.face_destroy(font->face);
    hb.blob_destroy(font->blob);
    std::free(font);
}

extern "C" unsigned cfonts_font_glyph_count(const cfonts_font *font) { return hb.face_get_glyph_count(font->face); }

extern "C" int cfonts_font_has_character(cfonts_font *font, uint32_t character) {
    hb_codepoint_t glyph = 0;
    return hb.font_get_nominal_glyph(font->font, character, &glyph) ? 1 : 0;
}

extern "C" uint32_t cfonts_script(uint32_t character) {
    return hb.unicode_script(hb.unicode_funcs_get_default(), character);
}

extern "C" int cfonts_font_axis(cfonts_font *font, uint32_t tag, float *minimum, float *default_value, float *maximum) {
    hb_ot_var_axis_info_t axis = {};
    if (!hb.ot_var_find_axis_info(font->face, tag, &axis)) return 0;
    *minimum = axis.min_value;
    *default_value = axis.default_value;
    *maximum = axis.max_value;
    return 1;
}

extern "C" void cfonts_font_set_variations(cfonts_font *font, const uint32_t *tags, const float *values, size_t count) {
    /* The registered axes a browser sets are few: no allocation, which could throw here. */
    hb_variation_t variations[8];
    if (count > 8) count = 8;
    for (size_t index = 0; index < count; index++) variations[index] = {tags[index], values[index]};
    hb.font_set_variations(font->font, variations, static_cast<unsigned>(count));
}

extern "C" int cfonts_decompose(uint32_t character, uint32_t *first, uint32_t *second) {
    hb_codepoint_t a = 0, b = 0;
    if (!hb.unicode_decompose(hb.unicode_funcs_get_default(), character, &a, &b)) return 0;
    *first = a;
    *second = b;
    return 1;
}

extern "C" uint32_t cfonts_compose(uint32_t first, uint32_t second) {
    hb_codepoint_t composed = 0;
    return hb.unicode_compose(hb.unicode_funcs_get_default(), first, second, &composed) ? composed : 0;
}

namespace {

/* The subset input both kinds of subset start from: every layout feature (HarfBuzz keeps only
   those of a default list unless told, and scripts such as Myanmar and Ethiopic use features
   outside it), and of the names kept by default (0 to 6) the copyright, family, style, full
   name, version and PostScript name, with the licence's description and address (13, 14),
   which the SIL Open Font License asks a copy to carry. The unique identifier (3), free text
   that font tools fill with the maker's machine or account, and every other name (designer,
   description, vendor's notes, 7 to 12 and 15 up) are left out: no browser reads them. */
hb_subset_input_t *subset_input() {
    hb_subset_input_t *input = hb.subset_input_create_or_fail();
    if (!input) return nullptr;
    hb_set_t *features = hb.subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    hb.set_clear(features);
    hb.set_invert(features);
    /* STAT describes a family's styles to font menus, which no browser reads; HarfBuzz keeps
       every name it points to (unique id and designer's notes too), as it keeps fvar's. */
    hb_set_t *dropped = hb.subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    hb.set_add(dropped, tag("STAT"));
    hb_set_t *names = hb.subset_input_set(input, HB_SUBSET_SETS_NAME_ID);
    hb.set_del(names, 3);
    hb.set_add(names, 13);
    hb.set_add(names, 14);
    if (!hb.set_allocation_successful(features) || !hb.set_allocation_successful(dropped) || !hb.set_allocation_successful(names)) {
        hb.subset_input_destroy(input);
        return nullptr;
    }
    /* Without HB_SUBSET_FLAGS_GLYPH_NAMES the post table is written as version 3, which holds no
       glyph names: a TrueType font's version 2 post carries every name its tools gave a glyph.
       A CFF font's glyph names are not in post but in its CFF table (the charset's strings),
       and HarfBuzz 6 keeps those of every glyph it keeps, with no setting to drop them (its
       CFF subsetter maps each kept glyph's string id through, for any font not CID-keyed).
       They are left as they are: dropping them means rewriting the CFF table by hand, and a
       subset keeps only the names of the glyphs the carousel's text uses.
       The .notdef glyph keeps its outline (a box, in most fonts): a text with a character the
       font lacks (an emoji, a sign of another script) shapes it as .notdef, and a subset whose
       .notdef is empty would shape it otherwise, so the whole font would be published for it. */
    hb.subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_NOTDEF_OUTLINE);
    return input;
}

/* The sfnt of `face` copied into memory freed with cfonts_free; the face is destroyed. */
int copy_face(hb_face_t *face, uint8_t **bytes, size_t *length) {
    hb_blob_t *blob = hb.face_reference_blob(face);
    unsigned size = 0;
    const char *data = hb.blob_get_data(blob, &size);
    int status = -1;
    if (data && size > 0) {
        *bytes = static_cast<uint8_t *>(std::malloc(size));
        if (*bytes) {
            std::memcpy(*bytes, data, size);
            *length = size;
            status = 0;
        }
    }
    hb.blob_destroy(blob);
    hb.face_destroy(face);
    return status;
}

/* The font subset by `input` (which is destroyed), as an sfnt freed with cfonts_free. */
int subset_with(cfonts_font *font, hb_subset_input_t *input, uint8_t **bytes, size_t *length) {
    hb_face_t *subset = hb.subset_or_fail(font->face, input);
    hb.subset_input_destroy(input);
    if (!subset) return -1;
    return copy_face(subset, bytes, length);
}

}  // namespace

namespace {

/* The font's sfnt rebuilt with HarfBuzz's face builder (which writes the directory, the
   padding and the checksums): every table as it is but those `dropped`, and `added` (when
   not NULL) under `added_tag`. Freed with cfonts_free; 0 on success. */
int rebuild(cfonts_font *font, const uint32_t *dropped, size_t count, uint32_t added_tag, hb_blob_t *added, uint8_t **bytes, size_t *length) {
    hb_face_t *builder = hb.face_builder_create();
    uint32_t listed[64];
    unsigned start = 0;
    int status = 0;
    for (;;) {
        unsigned batch = sizeof listed / sizeof listed[0];
        hb.face_get_table_tags(font->face, start, &batch, listed);
        if (batch == 0) break;
        for (unsigned index = 0; index < batch && status == 0; index++) {
            bool left_out = added && listed[index] == added_tag;
            for (size_t other = 0; other < count; other++) left_out = left_out || dropped[other] == listed[index];
            if (left_out) continue;
            hb_blob_t *table = hb.face_reference_table(font->face, listed[index]);
            if (!hb.face_builder_add_table(builder, listed[index], table)) status = -1;
            hb.blob_destroy(table);
        }
        start += batch;
    }
    if (status == 0 && added && !hb.face_builder_add_table(builder, added_tag, added)) status = -1;
    if (status != 0) {
        hb.face_destroy(builder);
        return -1;
    }
    return copy_face(builder, bytes, length);
}

}  // namespace

extern "C" int cfonts_font_without_tables(cfonts_font *font, const uint32_t *tags, size_t count, uint8_t **bytes, size_t *length) {
    return rebuild(font, tags, count, 0, nullptr, bytes, length);
}

extern "C" int cfonts_font_with_table(cfonts_font *font, uint32_t tag, const uint8_t *table, size_t table_length, uint8_t **bytes, size_t *length) {
    if (table_length > 0x7fffffff) return -1;
    hb_blob_t *blob = hb.blob_create_or_fail(reinterpret_cast<const char *>(table), static_cast<unsigned>(table_length),
                                             HB_MEMORY_MODE_DUPLICATE, nullptr, nullptr);
    if (!blob) return -1;
    int status = rebuild(font, nullptr, 0, tag, blob, bytes, length);
    hb.blob_destroy(blob);
    return status;
}

extern "C" int cfonts_subset(cfonts_font *font, const uint32_t *characters, size_t count, uint8_t **bytes, size_t *length) {
    hb_subset_input_t *input = subset_input();
    if (!input) return -1;
    hb_set_t *unicodes = hb.subset_input_unicode_set(input);
    for (size_t index = 0; index < count; index++) hb.set_add(unicodes, characters[index]);
    if (!hb.set_allocation_successful(unicodes)) {
        hb.subset_input_destroy(input);
        return -1;
    }
    return subset_with(font, input, bytes, length);
}

extern "C" int cfonts_subset_whole(cfonts_font *font, uint8_t **bytes, size_t *length) {
    hb_subset_input_t *input = subset_input();
    if (!input) return -1;
    /* Every character and every glyph, under its own id: nothing of what the font draws is
       left out or renumbered. What the subsetter does not know (a tool's private table, Debg,
       FFTM, TSI0 to TSI5, any other tag) is left out, as in a subset. */
    hb_set_t *unicodes = hb.subset_input_unicode_set(input);
    hb.set_clear(unicodes);
    hb.set_invert(unicodes);
    hb_set_t *glyphs = hb.subset_input_set(input, HB_SUBSET_SETS_GLYPH_INDEX);
    hb.set_clear(glyphs);
    hb.set_invert(glyphs);
    /* The legacy kerning, which HarfBuzz's shaper reads (browsers with it) when the font has
       no GPOS kerning and the subsetter cannot subset: a subset that lost it shapes otherwise,
       which is why a font is published whole. With every glyph id kept it is copied as it is,
       once the caller has checked that it holds kerning pairs and nothing else. Apple's
       layout tables (morx, kerx, feat, trak, ankr...) are left out with the subsetter's other
       defaults: the shaping check then says when a font needed them. */
    hb_set_t *dropped = hb.subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    hb_set_t *copied = hb.subset_input_set(input, HB_SUBSET_SETS_NO_SUBSET_TABLE_TAG);
    hb.set_del(dropped, tag("kern"));
    hb.set_add(copied, tag("kern"));
    if (!hb.set_allocation_successful(unicodes) || !hb.set_allocation_successful(glyphs) || !hb.set_allocation_successful(dropped)
        || !hb.set_allocation_successful(copied)) {
        hb.subset_input_destroy(input);
        return -1;
    }
    hb.subset_input_set_flags(
        input, HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NOTDEF_OUTLINE | HB_SUBSET_FLAGS_NO_PRUNE_UNICODE_RANGES);
    return subset_with(font, input, bytes, length);
}

namespace {
thread_local unsigned long long outlines_drawn = 0;
}

extern "C" unsigned long long cfonts_outlines_drawn(void) { return outlines_drawn; }

extern "C" int cfonts_shape(
    cfonts_font *font, const char *utf8, size_t length, const char *language, uint32_t script, cfonts_glyph **glyphs, size_t *count) {
    if (length > 0x7fffffff) return -1;
    hb_buffer_t *buffer = hb.buffer_create();
    hb.buffer_add_utf8(buffer, utf8, static_cast<int>(length), 0, static_cast<int>(length));
    if (language && *language) hb.buffer_set_language(buffer, hb.language_from_string(language, -1));
    /* A run's script as a browser gives it (a closing bracket takes its opening one's); what
       is not set is guessed. */
    if (script) hb.buffer_set_script(buffer, script);
    hb.buffer_guess_segment_properties(buffer);
    /* OpenType's shaper alone, as browsers shape: Debian's HarfBuzz would shape a font with
       Graphite tables (SIL's have them) with Graphite, which a subset, without those tables,
       cannot be compared with, and which Chromium and WebKit never use. */
    static const char *const opentype[] = {"ot", nullptr};
    if (!hb.shape_full(font->font, buffer, nullptr, 0, opentype) || !hb.buffer_allocation_successful(buffer)) {
        hb.buffer_destroy(buffer);
        return -1;
    }
    unsigned shaped = 0;
    const hb_glyph_info_t *infos = hb.buffer_get_glyph_infos(buffer, &shaped);
    const hb_glyph_position_t *positions = hb.buffer_get_glyph_positions(buffer, &shaped);
    cfonts_glyph *out = static_cast<cfonts_glyph *>(std::calloc(shaped > 0 ? shaped : 1, sizeof(cfonts_glyph)));
    if (!out) {
        hb.buffer_destroy(buffer);
        return -1;
    }
    /* Each glyph's size and outline are read once a call, however often the text uses it: a
       long text repeats a few dozen glyphs, and drawing each again at every place made a
       title of megabytes take minutes to check. */
    struct Drawn {
        hb_glyph_extents_t extents;
        uint64_t outline;
        int32_t ink;
    };
    try {
        std::unordered_map<hb_codepoint_t, Drawn> drawn;
        for (unsigned index = 0; index < shaped; index++) {
            cfonts_glyph &glyph = out[index];
            const hb_codepoint_t id = infos[index].codepoint;
            glyph.cluster = infos[index].cluster;
            glyph.is_notdef = id == 0;
            glyph.x_advance = positions[index].x_advance;
            glyph.y_advance = positions[index].y_advance;
            glyph.x_offset = positions[index].x_offset;
            glyph.y_offset = positions[index].y_offset;
            auto found = drawn.find(id);
            if (found == drawn.end()) {
                Drawn made = {{0, 0, 0, 0}, 0, -1};
                if (!hb.font_get_glyph_extents(font->font, id, &made.extents)) made.extents = {0, 0, 0, 0};
                OutlineDigest digest;
                hb.font_draw_glyph(font->font, id, outline_funcs, &digest);
                outlines_drawn++;
                made.outline = digest.value;
                made.ink = digest.ink();
                found = drawn.emplace(id, made).first;
            }
            glyph.x_bearing = found->second.extents.x_bearing;
            glyph.y_bearing = found->second.extents.y_bearing;
            glyph.width = found->second.extents.width;
            glyph.height = found->second.extents.height;
            glyph.outline = found->second.outline;
            glyph.outline_ink = found->second.ink;
        }
    } catch (const std::bad_alloc &) {
        std::free(out);
        hb.buffer_destroy(buffer);
        return -1;
    }
    hb.buffer_destroy(buffer);
    *glyphs = out;
    *count = shaped;
    return 0;
}

extern "C" void cfonts_free(void *memory) { std::free(memory); }
