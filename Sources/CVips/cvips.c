#include "cvips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libvips's VIPS_SIZE_DOWN (enum VipsSize), VIPS_MAX_COORD and VIPS_INTERPRETATION_sRGB
   (enum VipsInterpretation). */
#define CVIPS_SIZE_DOWN 2
#define CVIPS_MAX_COORD 10000000
#define CVIPS_INTERPRETATION_SRGB 22
/* VIPS_INTERPRETATION_CMYK and _B_W, VIPS_FORMAT_UCHAR and _USHORT (enum VipsBandFormat). */
#define CVIPS_INTERPRETATION_CMYK 15
#define CVIPS_INTERPRETATION_B_W 1
#define CVIPS_FORMAT_UCHAR 0
#define CVIPS_FORMAT_USHORT 2
/* VIPS_OPERATION_ROUND_CEIL (enum VipsOperationRound), VIPS_OPERATION_RELATIONAL_NOTEQ and
   _MOREEQ (enum VipsOperationRelational). */
#define CVIPS_ROUND_CEIL 1
#define CVIPS_RELATIONAL_NOTEQ 1
#define CVIPS_RELATIONAL_MOREEQ 5
/* VIPS_INTENT_PERCEPTUAL (enum VipsIntent). */
#define CVIPS_INTENT_PERCEPTUAL 0
/* The column of vips_stats's matrix that holds each band's mean (after min, max, sum, sum2). */
#define CVIPS_STATS_MEAN 4

/* libvips 8's own signatures (stable across 8.x), called through the loaded library. */
static struct {
    int (*init)(const char *argv0);
    void (*block_untrusted_set)(int state);
    void (*cache_set_max)(int max);
    int (*concurrency_get)(void);
    void (*concurrency_set)(int concurrency);
    int (*thumbnail_buffer)(void *buf, size_t len, VipsImage **out, int width, ...);
    int (*thumbnail_image)(VipsImage *in, VipsImage **out, int width, ...);
    int (*icc_transform)(VipsImage *in, VipsImage **out, const char *output_profile, ...);
    int (*invert)(VipsImage *in, VipsImage **out, ...);
    int (*extract_band)(VipsImage *in, VipsImage **out, int band, ...);
    int (*multiply)(VipsImage *left, VipsImage *right, VipsImage **out, ...);
    int (*divide)(VipsImage *left, VipsImage *right, VipsImage **out, ...);
    int (*add)(VipsImage *left, VipsImage *right, VipsImage **out, ...);
    int (*subtract)(VipsImage *left, VipsImage *right, VipsImage **out, ...);
    int (*remainder_const1)(VipsImage *in, VipsImage **out, double c, ...);
    int (*relational_const1)(VipsImage *in, VipsImage **out, int relational, double c, ...);
    int (*round)(VipsImage *in, VipsImage **out, int round, ...);
    int (*cast)(VipsImage *in, VipsImage **out, int format, ...);
    int (*relational)(VipsImage *left, VipsImage *right, VipsImage **out, int relational, ...);
    int (*linear1)(VipsImage *in, VipsImage **out, double a, double b, ...);
    int (*gamma)(VipsImage *in, VipsImage **out, ...);
    int (*bandjoin2)(VipsImage *in1, VipsImage *in2, VipsImage **out, ...);
    int (*image_get_interpretation)(const VipsImage *image);
    int (*image_get_format)(const VipsImage *image);
    VipsImage *(*image_new_from_buffer)(const void *buf, size_t len, const char *options, ...);
    VipsImage *(*image_new_from_file)(const char *name, ...);
    VipsImage *(*image_copy_memory)(VipsImage *image);
    void *(*log_set_default_handler)(void (*handler)(const char *, int, const char *, void *), void *data);
    int (*webpsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*pngsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*gifsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*avg)(VipsImage *in, double *out, ...);
    int (*colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*stats)(VipsImage *in, VipsImage **out, ...);
    int (*getpoint)(VipsImage *in, double **vector, int *n, int x, int y, ...);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*image_get_page_height)(VipsImage *image);
    int (*image_hasalpha)(VipsImage *image);
    int (*image_get_n_pages)(VipsImage *image);
    int (*image_get_int)(const VipsImage *image, const char *name, int *out);
    void (*image_set_int)(VipsImage *image, const char *name, int value);
    int (*image_get_array_int)(VipsImage *image, const char *name, int **out, int *n);
    void (*image_set_array_int)(VipsImage *image, const char *name, const int *array, int n);
    unsigned long (*image_get_typeof)(const VipsImage *image, const char *name);
    int (*image_get_string)(const VipsImage *image, const char *name, const char **out);
    int (*image_get_blob)(const VipsImage *image, const char *name, const void **data, size_t *length);
    int (*image_get_bands)(const VipsImage *image);
    int (*image_get_orientation_swap)(VipsImage *image);
    char *(*error_buffer_copy)(void);
    void (*error_clear)(void);
    const char *(*version_string)(void);
    int (*copy)(VipsImage *in, VipsImage **out, ...);
    char **(*image_get_fields)(VipsImage *image);
    int (*image_remove)(VipsImage *image, const char *name);
    void (*strfreev)(char **strings);
    void (*free)(void *memory);
    void (*object_unref)(void *object);
} vips;

/* The names libvips 8 is installed under: Debian's and Ubuntu's libvips42, Homebrew's vips. */
static const char *const library_names[] = {
    "libvips.so.42", "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib",
    "/usr/local/lib/libvips.42.dylib", NULL,
};

/* The last message libvips logged (its decoders report some failures only so), kept for the
   error of the call that failed; libvips logs from its worker threads too. */
static char last_logged[512];
static pthread_mutex_t last_logged_lock = PTHREAD_MUTEX_INITIALIZER;

static void keep_log_message(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)data;
    pthread_mutex_lock(&last_logged_lock);
    snprintf(last_logged, sizeof last_logged, "%s", message ? message : "");
    pthread_mutex_unlock(&last_logged_lock);
}

/* libvips's error messages and GLib's log are one for the whole process: each operation of
   the tool runs alone, from its start (messages cleared) to reading its error. */
static pthread_mutex_t operation_lock = PTHREAD_MUTEX_INITIALIZER;

void cvips_begin(void) {
    pthread_mutex_lock(&operation_lock);
    pthread_mutex_lock(&last_logged_lock);
    last_logged[0] = 0;
    pthread_mutex_unlock(&last_logged_lock);
    if (vips.error_clear) vips.error_clear();
}

void cvips_end(void) { pthread_mutex_unlock(&operation_lock); }

const char *cvips_version(void) { return vips.version_string ? vips.version_string() : "unknown"; }

static int resolve(void *library, const char *name, void **slot, char *message, size_t capacity) {
    *slot = dlsym(library, name);
    if (*slot) return 0;
    snprintf(message, capacity, "the libvips found lacks %s (libvips 8.13 or later is needed)", name);
    return -1;
}

int cvips_load(const char *program, char *message, size_t capacity) {
    void *library = NULL;
    char first_reason[256] = "not found";
    for (const char *const *name = library_names; *name && !library; name++) {
        library = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        const char *reason = library ? NULL : dlerror();
        /* The first name is this platform's usual one: its failure is the one to tell. */
        if (reason && name == library_names) snprintf(first_reason, sizeof first_reason, "%s", reason);
    }
    if (!library) {
        snprintf(message, capacity, "libvips is not installed (libvips42 on Debian and Ubuntu, vips on Homebrew): %s", first_reason);
        return -1;
    }
    struct { const char *name; void **slot; } const symbols[] = {
        {"vips_init", (void **)&vips.init},
        {"vips_block_untrusted_set", (void **)&vips.block_untrusted_set},
        {"vips_cache_set_max", (void **)&vips.cache_set_max},
        {"vips_concurrency_get", (void **)&vips.concurrency_get},
        {"vips_concurrency_set", (void **)&vips.concurrency_set},
        {"vips_thumbnail_buffer", (void **)&vips.thumbnail_buffer},
        {"vips_thumbnail_image", (void **)&vips.thumbnail_image},
        {"vips_icc_transform", (void **)&vips.icc_transform},
        {"vips_invert", (void **)&vips.invert},
        {"vips_extract_band", (void **)&vips.extract_band},
        {"vips_multiply", (void **)&vips.multiply},
        {"vips_divide", (void **)&vips.divide},
        {"vips_add", (void **)&vips.add},
        {"vips_subtract", (void **)&vips.subtract},
        {"vips_remainder_const1", (void **)&vips.remainder_const1},
        {"vips_relational_const1", (void **)&vips.relational_const1},
        {"vips_round", (void **)&vips.round},
        {"vips_cast", (void **)&vips.cast},
        {"vips_relational", (void **)&vips.relational},
        {"vips_linear1", (void **)&vips.linear1},
        {"vips_gamma", (void **)&vips.gamma},
        {"vips_bandjoin2", (void **)&vips.bandjoin2},
        {"vips_image_get_interpretation", (void **)&vips.image_get_interpretation},
        {"vips_image_get_format", (void **)&vips.image_get_format},
        {"vips_image_new_from_buffer", (void **)&vips.image_new_from_buffer},
        {"vips_image_new_from_file", (void **)&vips.image_new_from_file},
        {"vips_image_copy_memory", (void **)&vips.image_copy_memory},
        {"g_log_set_default_handler", (void **)&vips.log_set_default_handler},
        {"vips_webpsave_buffer", (void **)&vips.webpsave_buffer},
        {"vips_jpegsave_buffer", (void **)&vips.jpegsave_buffer},
        {"vips_pngsave_buffer", (void **)&vips.pngsave_buffer},
        {"vips_gifsave_buffer", (void **)&vips.gifsave_buffer},
        {"vips_avg", (void **)&vips.avg},
        {"vips_colourspace", (void **)&vips.colourspace},
        {"vips_stats", (void **)&vips.stats},
        {"vips_getpoint", (void **)&vips.getpoint},
        {"vips_image_get_width", (void **)&vips.image_get_width},
        {"vips_image_get_height", (void **)&vips.image_get_height},
        {"vips_image_get_page_height", (void **)&vips.image_get_page_height},
        {"vips_image_hasalpha", (void **)&vips.image_hasalpha},
        {"vips_image_get_n_pages", (void **)&vips.image_get_n_pages},
        {"vips_image_get_int", (void **)&vips.image_get_int},
        {"vips_image_set_int", (void **)&vips.image_set_int},
        {"vips_image_get_array_int", (void **)&vips.image_get_array_int},
        {"vips_image_set_array_int", (void **)&vips.image_set_array_int},
        {"vips_image_get_typeof", (void **)&vips.image_get_typeof},
        {"vips_image_get_string", (void **)&vips.image_get_string},
        {"vips_image_get_blob", (void **)&vips.image_get_blob},
        {"vips_image_get_bands", (void **)&vips.image_get_bands},
        {"vips_image_get_orientation_swap", (void **)&vips.image_get_orientation_swap},
        {"vips_error_buffer_copy", (void **)&vips.error_buffer_copy},
        {"vips_error_clear", (void **)&vips.error_clear},
        {"vips_version_string", (void **)&vips.version_string},
        {"vips_copy", (void **)&vips.copy},
        {"vips_image_get_fields", (void **)&vips.image_get_fields},
        {"vips_image_remove", (void **)&vips.image_remove},
        {"g_strfreev", (void **)&vips.strfreev},
        {"g_free", (void **)&vips.free},
        {"g_object_unref", (void **)&vips.object_unref},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        if (resolve(library, symbols[index].name, symbols[index].slot, message, capacity) != 0) return -1;
    }
    /* libvips's warnings go through GLib's log, to stderr: never to the user raw. What matters
       of them reaches the tool as an error of the call. */
    vips.log_set_default_handler(keep_log_message, NULL);
    /* libvips loads its optional modules (ImageMagick, PDF, HEIF, JPEG XL and OpenSlide
       loaders) from $VIPSHOME/lib/vips-modules-8.x when it starts, by default from its own
       install: a hundred more libraries, 20 ms and 8 MB, and decoders the tool never uses (PNG,
       JPEG and WebP are built into libvips). A home without modules keeps them out. Not set
       when the program starts (a constructor): Swift's static runtime finds the arguments from
       the environment's place, and reads them in main; by now it has. glibc's setenv leaves the
       environment it replaces in place, for a thread reading it meanwhile. */
    setenv("VIPSHOME", "/nonexistent/sab-onboarding", 0);
    if (vips.init(program) != 0) {
        char *reason = vips.error_buffer_copy();
        snprintf(message, capacity, "libvips did not start: %s", reason ? reason : "no reason given");
        vips.free(reason);
        return -1;
    }
    vips.block_untrusted_set(1);
    vips.cache_set_max(0);
    return 0;
}

/* Whether `image` was read from a WebP. Browsers draw a WebP as it is stored, whatever EXIF
   orientation it carries (Chromium and WebKit alike), while libvips turns it as it turns a
   JPEG: a WebP is neither turned nor said to be. */
static int is_webp(const VipsImage *image) {
    const char *loader = NULL;
    if (vips.image_get_string(image, "vips-loader", &loader) != 0) {
        vips.error_clear();
        return 0;
    }
    return loader && strncmp(loader, "webpload", 8) == 0;
}

/* Whether `image` carries a colour profile made for its colours: an RGB profile on an image of
   three colour bands, a grey one on one band, a CMYK one on four. Browsers draw an image whose
   profile does not fit it as if it had none; libvips applied a grey profile to an RGB JPEG,
   and its green and blue became transparency, and failed on an RGB profile on a grey one. */
static int has_fitting_profile(VipsImage *image) {
    const void *data = NULL;
    size_t length = 0;
    if (vips.image_get_typeof(image, "icc-profile-data") == 0) return 0;
    if (vips.image_get_blob(image, "icc-profile-data", &data, &length) != 0 || !data || length < 20) {
        vips.error_clear();
        return 0;
    }
    /* The profile header's colour space of its data, at byte 16. */
    const unsigned char *space = (const unsigned char *)data + 16;
    int colours = vips.image_get_bands(image) - (vips.image_hasalpha(image) ? 1 : 0);
    if (memcmp(space, "RGB ", 4) == 0) return colours == 3;
    if (memcmp(space, "GRAY", 4) == 0) return colours == 1;
    if (memcmp(space, "CMYK", 4) == 0) return colours == 4;
    return 0;
}

/* Whether `image` is 8-bit CMYK (a JPEG's), which is turned into sRGB as browsers turn it
   (cmyk_to_srgb), not as libvips's thumbnail turns it. */
static int is_cmyk(const VipsImage *image) {
    return vips.image_get_interpretation(image) == CVIPS_INTERPRETATION_CMYK && vips.image_get_bands(image) == 4
        && vips.image_get_format(image) == CVIPS_FORMAT_UCHAR;
}

/* Whether `image` is 16-bit grey (with alpha or not), which is made 8-bit as browsers make it,
   by each sample's high byte (grey_to_8_bits), not as libvips's thumbnail makes it: it rounded
   v / 257, and grey 128 of 65535, drawn black in both browsers, was published as 1. */
static int is_grey16(VipsImage *image) {
    int colours = vips.image_get_bands(image) - (vips.image_hasalpha(image) ? 1 : 0);
    return colours == 1 && vips.image_get_format(image) == CVIPS_FORMAT_USHORT;
}

/* `in` in 8 bits, as browsers and 8-bit encoders make it: each sample its high byte. */
static int to_8_bits(VipsImage *in, VipsImage **out) {
    return vips.image_get_format(in) == CVIPS_FORMAT_UCHAR ? vips.copy(in, out, NULL)
                                                            : vips.cast(in, out, CVIPS_FORMAT_UCHAR, "shift", 1, NULL);
}

/* The 16-bit grey image `in` in 8 bits (to_8_bits), grey. */
static int grey_to_8_bits(VipsImage *in, VipsImage **out) {
    VipsImage *cast = NULL;
    int status = to_8_bits(in, &cast);
    if (status == 0) status = vips.copy(cast, out, "interpretation", CVIPS_INTERPRETATION_B_W, NULL);
    if (cast) vips.object_unref(cast);
    return status;
}

/* The 8-bit CMYK image `in` in sRGB, as browsers draw it: through its own colour profile when
   it carries a CMYK one (Chromium and Safari apply it), else naively, each colour its ink's
   complement darkened by black, R = (255 - C)(255 - K) / 255, as Chromium and WebKit draw an
   untagged CMYK JPEG (and WebKit a tagged one). libvips's thumbnail turns every CMYK image
   through its own fallback profile instead: libvips 8.14 finds the embedded profile
   "incompatible" there, and pure cyan, (0, 255, 255) in both browsers untagged and
   (0, 175, 239) in Chromium with Ghostscript's profile, was published as (1, 157, 230). */
static int cmyk_to_srgb(VipsImage *in, int has_profile, VipsImage **out) {
    /* Perceptual: the intent every CMYK profile holds (its A2B0), and the one Chromium reads;
       Ghostscript's PostScript profile holds no other, and libvips fell back to its own. A
       profile libvips cannot use (no table for the intent, a header without tags) it says so
       in a warning, and turns the image through its fallback profile anyway: browsers ignore
       such a profile and draw the image naively, and so is it turned then. */
    if (has_profile) {
        pthread_mutex_lock(&last_logged_lock);
        last_logged[0] = 0;
        pthread_mutex_unlock(&last_logged_lock);
        int status = vips.icc_transform(in, out, "srgb", "embedded", 1, "intent", CVIPS_INTENT_PERCEPTUAL, NULL);
        pthread_mutex_lock(&last_logged_lock);
        int warned = last_logged[0] != 0;
        last_logged[0] = 0;
        pthread_mutex_unlock(&last_logged_lock);
        if (status == 0 && !warned) return 0;
        if (status == 0) vips.object_unref(*out);
        *out = NULL;
        vips.error_clear();
    }
    VipsImage *inks = NULL, *colours = NULL, *black = NULL, *product = NULL;
    int status = vips.invert(in, &inks, NULL);
    if (status == 0) status = vips.extract_band(inks, &colours, 0, "n", 3, NULL);
    if (status == 0) status = vips.extract_band(inks, &black, 3, NULL);
    if (status == 0) status = vips.multiply(colours, black, &product, NULL);
    if (status == 0) status = vips.linear1(product, out, 1.0 / 255, 0, "uchar", 1, NULL);
    /* The result's interpretation follows its first input's, CMYK: it is three sRGB bands. */
    VipsImage *copied = NULL;
    if (status == 0) {
        status = vips.copy(*out, &copied, "interpretation", CVIPS_INTERPRETATION_SRGB, NULL);
        vips.object_unref(*out);
        *out = status == 0 ? copied : NULL;
    }
    VipsImage *made[] = {inks, colours, black, product};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return status;
}

/* `in` (released here) with each colour sample s (of 0 to 1) made s^(1 / exponent), its alpha
   band, if any, as it is; `in` itself for an exponent of 0. */
static int with_gamma(VipsImage *in, double exponent, VipsImage **out) {
    if (exponent == 0) {
        *out = in;
        return 0;
    }
    int bands = vips.image_get_bands(in);
    int alpha = vips.image_hasalpha(in);
    VipsImage *colours = NULL, *alpha_band = NULL, *corrected = NULL;
    int status = alpha ? vips.extract_band(in, &colours, 0, "n", bands - 1, NULL) : vips.copy(in, &colours, NULL);
    if (status == 0 && alpha) status = vips.extract_band(in, &alpha_band, bands - 1, NULL);
    if (status == 0) status = vips.gamma(colours, alpha ? &corrected : out, "exponent", exponent, NULL);
    if (status == 0 && alpha) status = vips.bandjoin2(corrected, alpha_band, out, NULL);
    VipsImage *made[] = {colours, alpha_band, corrected, in};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return status;
}

int cvips_thumbnail(const void *bytes, size_t length, int width, int height, int all_frames, int in_memory, double gamma_exponent,
    int orientation, VipsImage **out) {
    VipsImage *streamed = NULL;
    /* Damaged pixel data is an error, not a grey or black part of the image. With every frame
       (n=-1) the frames are stacked in one tall image, and `height` bounds each frame. */
    const char *load_options = all_frames ? "n=-1,fail_on=error" : "fail_on=error";
    /* An image with a colour profile that fits it is turned into sRGB, which its published
       copy (stripped of the profile) is drawn in. One without (or with one that does not fit
       it) is left as it is: browsers draw it as sRGB.
       Given `export_profile` for it, libvips 8.14 took it to be in its own fallback profile
       and turned it, and pure blue (0, 0, 255) was published as (85, 15, 252); given an sRGB
       `import_profile` too, it fails on a greyscale image. The header alone is read here. */
    VipsImage *header = vips.image_new_from_buffer(bytes, length, "", NULL);
    if (!header) return -1;
    int has_profile = has_fitting_profile(header);
    int has_any_profile = vips.image_get_typeof(header, "icc-profile-data") != 0;
    int upright = is_webp(header);
    int cmyk = is_cmyk(header);
    int grey16 = is_grey16(header);
    /* Turned as browsers turn it where libvips reads the orientation otherwise. */
    int turned_otherwise = orientation > 0 && orientation != cvips_orientation(header);
    vips.object_unref(header);
    /* A profile libvips reads, fitting or not, says the colours in a gamma's place: browsers
       then ignore the gamma (an RGB PNG with a grey profile and a gamma of 1.0 drew mid-grey
       128 in both). */
    if (has_any_profile) gamma_exponent = 0;
    int status;
    if (cmyk || grey16 || gamma_exponent != 0 || turned_otherwise) {
        /* Read in order, turned into sRGB (a gamma applied as browsers apply it, to the
           pixels as decoded: after shrinking, fine black and white stripes of gamma 1.0 came
           out light grey where browsers draw mid-grey), then made smaller. */
        VipsImage *decoded = vips.image_new_from_buffer(bytes, length, "fail_on=error,access=sequential", NULL);
        VipsImage *srgb = NULL;
        status = !decoded ? -1
            : cmyk        ? cmyk_to_srgb(decoded, has_profile, &srgb)
            : grey16      ? grey_to_8_bits(decoded, &srgb)
                          : vips.copy(decoded, &srgb, NULL);
        if (decoded) vips.object_unref(decoded);
        if (status == 0) status = with_gamma(srgb, cmyk ? 0 : gamma_exponent, &srgb);
        /* vips_thumbnail_image turns the image by this field. */
        if (status == 0 && turned_otherwise) vips.image_set_int(srgb, "orientation", orientation);
        if (status == 0) {
            /* An RGB or grey image turned here for its orientation keeps its own profile, to
               be applied as below. */
            status = has_profile && !cmyk
                ? vips.thumbnail_image(srgb, &streamed, width, "height", height > 0 ? height : CVIPS_MAX_COORD, "size", CVIPS_SIZE_DOWN,
                      "no_rotate", upright, "export_profile", "srgb", NULL)
                : vips.thumbnail_image(srgb, &streamed, width, "height", height > 0 ? height : CVIPS_MAX_COORD, "size", CVIPS_SIZE_DOWN,
                      "no_rotate", upright, NULL);
            vips.object_unref(srgb);
        }
    } else {
        status = has_profile
            ? vips.thumbnail_buffer((void *)bytes, length, &streamed, width, "height", height > 0 ? height : CVIPS_MAX_COORD,
                  "size", CVIPS_SIZE_DOWN, "no_rotate", upright, "export_profile", "srgb", "option_string", load_options, NULL)
            : vips.thumbnail_buffer((void *)bytes, length, &streamed, width, "height", height > 0 ? height : CVIPS_MAX_COORD,
                  "size", CVIPS_SIZE_DOWN, "no_rotate", upright, "option_string", load_options, NULL);
    }
    if (status != 0) {
        return -1;
    }
    if (!in_memory) {
        *out = streamed;
        return 0;
    }
    /* The thumbnail is computed as it is read, top to bottom, once: it is made in memory so
       that each encoder can read it. */
    *out = vips.image_copy_memory(streamed);
    vips.object_unref(streamed);
    return *out ? 0 : -1;
}

/* The load options of a decoding to check: decoded at an eighth of the size where the format's
   decoder can (WebP and JPEG): libwebp still decodes every macroblock of the bitstream and
   libjpeg every coefficient, only the output is smaller, so a damaged stream fails as it would
   at full size. A warning fails too when asked: what the tool encodes decodes without one,
   while an author's image is refused as the build refuses it, on an error (cvips_thumbnail).
   Read in order, a strip at a time: the image is never held whole. */
static void decoding_options(char *options, size_t capacity, int all_frames, int reduced, int warnings_fail) {
    snprintf(options, capacity, "fail_on=%s,access=sequential%s%s", warnings_fail ? "warning" : "error",
        all_frames ? ",n=-1" : "", reduced == 1 ? ",scale=0.125" : reduced == 2 ? ",shrink=8" : "");
}

/* 0 when every pixel of `image` (released here) decodes. */
static int decodes(VipsImage *image) {
    if (!image) return -1;
    /* Read by one thread: with several, libvips 8.14 loses a frame's decoding error now and
       then (a GIF whose second frame holds a code no table has decoded without one in about
       one call in thirty), and the image would pass as whole. The decoders read their stream
       in order anyway. The operation lock keeps every other call of the tool out meanwhile. */
    int concurrency = vips.concurrency_get();
    vips.concurrency_set(1);
    double average = 0;
    int status = vips.avg(image, &average, NULL);
    vips.concurrency_set(concurrency);
    vips.object_unref(image);
    return status;
}

int cvips_decodes(const void *bytes, size_t length, int all_frames, int reduced, int warnings_fail) {
    char options[64];
    decoding_options(options, sizeof options, all_frames, reduced, warnings_fail);
    return decodes(vips.image_new_from_buffer(bytes, length, options, NULL));
}

int cvips_decodes_file(const char *path, int all_frames, int reduced, int warnings_fail) {
    char options[64];
    decoding_options(options, sizeof options, all_frames, reduced, warnings_fail);
    /* libvips takes load options after the file name, in brackets. */
    size_t length = strlen(path) + strlen(options) + 3;
    char *named = malloc(length);
    if (!named) return -1;
    snprintf(named, length, "%s[%s]", path, options);
    int status = decodes(vips.image_new_from_file(named, NULL));
    free(named);
    return status;
}

int cvips_upright_size(const void *bytes, size_t length, int orientation, int *width, int *height) {
    VipsImage *image = vips.image_new_from_buffer(bytes, length, "", NULL);
    if (!image) return -1;
    /* Orientations 5 to 8 turn the image a quarter. */
    int swaps = orientation > 0 ? orientation >= 5 : !is_webp(image) && vips.image_get_orientation_swap(image);
    *width = swaps ? vips.image_get_height(image) : vips.image_get_width(image);
    *height = swaps ? vips.image_get_width(image) : vips.image_get_height(image);
    vips.object_unref(image);
    return 0;
}

int cvips_average_color(const void *bytes, size_t length, double gamma_exponent, double rgb[3]) {
    VipsImage *image = vips.image_new_from_buffer(bytes, length, "", NULL);
    if (!image) return -1;
    if (with_gamma(image, vips.image_get_typeof(image, "icc-profile-data") != 0 ? 0 : gamma_exponent, &image) != 0) return -1;
    /* Grey or 16-bit images become three 8-bit sRGB bands first (an alpha band stays fourth,
       and is not read); CMYK ones as they are published. */
    VipsImage *srgb = NULL;
    int status = is_cmyk(image) ? cmyk_to_srgb(image, has_fitting_profile(image), &srgb)
                                : vips.colourspace(image, &srgb, CVIPS_INTERPRETATION_SRGB, NULL);
    vips.object_unref(image);
    if (status != 0) return -1;
    /* vips_stats gives a row for all bands, then a row per band. */
    VipsImage *stats = NULL;
    status = vips.stats(srgb, &stats, NULL);
    vips.object_unref(srgb);
    if (status != 0) return -1;
    for (int band = 0; band < 3 && status == 0; band++) {
        double *vector = NULL;
        int count = 0;
        status = vips.getpoint(stats, &vector, &count, CVIPS_STATS_MEAN, band + 1, NULL);
        if (status == 0 && count >= 1) rgb[band] = vector[0];
        else status = -1;
        vips.free(vector);
    }
    vips.object_unref(stats);
    return status;
}

VipsImage *cvips_open(const void *bytes, size_t length) {
    return vips.image_new_from_buffer(bytes, length, "", NULL);
}

VipsImage *cvips_open_file(const char *path) {
    return vips.image_new_from_file(path, NULL);
}

/* In `out`, the colour bands of the 8-bit `image` (which has alpha) as browsers keep them. Chromium
   (Skia) and WebKit (Cairo) decode an image into 8-bit premultiplied pixels and draw nothing
   else of it: Chromium premultiplies a colour sample c by its alpha a as round(c * a / 255),
   WebKit a PNG's and both browsers a WebP's (libwebp) as floor(c * a / 255). The colours a
   browser cannot tell from c are those of the same rounded and the same floored product (c is
   among them): each sample is made the least of them, so that both draw it as they drew c and
   nothing more is kept (at alpha 0 that is 0, at alpha 1 a bit a sample). With r the product's
   remainder by 255, the floored product is (c * a - r) / 255, the rounded one a more when
   r >= 128, and the least colour ceil((2 * (c * a - r) + (r >= 128 ? 255 : 0)) / (2 * a)), 0 where
   a is 0; each step is exact in libvips's arithmetic (integers, then one division whose
   result is an integer or at least 1 / 510 from one). The result is its own least colour, so
   that what this gives checks itself. */
static int colour_as_drawn(VipsImage *image, VipsImage **out) {
    int bands = vips.image_get_bands(image);
    VipsImage *colours = NULL, *alpha = NULL, *product = NULL, *remainder = NULL, *floored = NULL, *doubled = NULL,
              *rounds_up = NULL, *numerator = NULL, *denominator = NULL, *quotient = NULL, *least = NULL;
    int status = vips.extract_band(image, &colours, 0, "n", bands - 1, NULL);
    if (status == 0) status = vips.extract_band(image, &alpha, bands - 1, NULL);
    if (status == 0) status = vips.multiply(colours, alpha, &product, NULL);
    if (status == 0) status = vips.remainder_const1(product, &remainder, 255, NULL);
    if (status == 0) status = vips.subtract(product, remainder, &floored, NULL);
    if (status == 0) status = vips.linear1(floored, &doubled, 2, 0, NULL);
    /* 255 where true, 0 where not. */
    if (status == 0) status = vips.relational_const1(remainder, &rounds_up, CVIPS_RELATIONAL_MOREEQ, 128, NULL);
    if (status == 0) status = vips.add(doubled, rounds_up, &numerator, NULL);
    if (status == 0) status = vips.linear1(alpha, &denominator, 2, 0, NULL);
    /* libvips divides by 0 into 0. */
    if (status == 0) status = vips.divide(numerator, denominator, &quotient, NULL);
    if (status == 0) status = vips.round(quotient, &least, CVIPS_ROUND_CEIL, NULL);
    if (status == 0) status = vips.cast(least, out, CVIPS_FORMAT_UCHAR, NULL);
    VipsImage *made[] = {colours, alpha, product, remainder, floored, doubled, rounds_up, numerator, denominator, quotient, least};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return status;
}

/* `image` (released here), 8-bit, with each pixel's colour as browsers keep it (colour_as_drawn):
   none under a fully transparent pixel, a bit a sample under alpha 1. An author's eraser clears
   alpha and keeps the colour (GIMP's "save colour values from transparent pixels"), a layer
   faded to 1% keeps all of it: a band of text erased so was published, readable once its alpha
   was set opaque, in a PNG fallback at the source's size, which no browser draws and anyone
   can read. */
static int with_colour_as_drawn(VipsImage *image, VipsImage **out) {
    if (!vips.image_hasalpha(image)) {
        *out = image;
        return 0;
    }
    /* The build's images are 8-bit here (vips_thumbnail's sRGB or B_W). */
    VipsImage *eight = NULL, *colours = NULL, *alpha = NULL, *joined = NULL;
    int status = to_8_bits(image, &eight);
    if (status == 0) status = colour_as_drawn(eight, &colours);
    if (status == 0) status = vips.extract_band(eight, &alpha, vips.image_get_bands(eight) - 1, NULL);
    if (status == 0) status = vips.bandjoin2(colours, alpha, &joined, NULL);
    /* The image's own interpretation back (the arithmetic's result has its own). */
    if (status == 0) status = vips.copy(joined, out, "interpretation", vips.image_get_interpretation(image), NULL);
    VipsImage *made[] = {eight, colours, alpha, joined, image};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return status;
}

int cvips_colour_not_drawn(const void *bytes, size_t length, int *found) {
    *found = 0;
    VipsImage *image = vips.image_new_from_buffer(bytes, length, "", NULL);
    if (!image) return -1;
    VipsImage *eight = NULL, *drawn = NULL, *colours = NULL, *differs = NULL;
    double mean = 0;
    int status = 0;
    if (vips.image_hasalpha(image)) {
        status = to_8_bits(image, &eight);
        if (status == 0) status = colour_as_drawn(eight, &drawn);
        if (status == 0) status = vips.extract_band(eight, &colours, 0, "n", vips.image_get_bands(eight) - 1, NULL);
        if (status == 0) status = vips.relational(colours, drawn, &differs, CVIPS_RELATIONAL_NOTEQ, NULL);
        if (status == 0) status = vips.avg(differs, &mean, NULL);
        if (status == 0) *found = mean > 0;
    }
    VipsImage *made[] = {eight, drawn, colours, differs, image};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return status;
}

int cvips_without_metadata(VipsImage *in, VipsImage **out) {
    static const char *const prefixes[] = {
        "exif-", "xmp-data", "iptc-data", "ipct-data", "icc-profile-data", "png-comment-",
        "gif-comment", "gif-palette", "jpeg-", "heif-", "orientation", NULL,
    };
    /* At 72 dpi, whatever the source's: the PNG writer writes the resolution (pHYs), and the
       cache check takes the build's own only (CachedVariantLayout). */
    if (vips.copy(in, out, "xres", 72.0 / 25.4, "yres", 72.0 / 25.4, NULL) != 0) return -1;
    char **fields = vips.image_get_fields(*out);
    for (char **field = fields; field && *field; field++) {
        for (const char *const *prefix = prefixes; *prefix; prefix++) {
            if (strncmp(*field, *prefix, strlen(*prefix)) == 0) {
                vips.image_remove(*out, *field);
                break;
            }
        }
    }
    vips.strfreev(fields);
    VipsImage *copied = *out;
    return with_colour_as_drawn(copied, out);
}

/* A copy of `in` whose animation plays in its encoding as browsers play it in the source's:
   - for a GIF (`gif`), each frame delay (ms) one that centiseconds keep: libvips writes
     rint(ms / 10), and Chromium plays a GIF frame of 1 cs or less for 100 ms, so a WebP's 12 ms
     frames played eight times slower in the GIF; a delay past 65535 cs wrapped in its 16 bits;
   - for a WebP, a loop count its 16 bits hold: a GIF's 65535 loops (65536 plays) wrapped to 0,
     which plays for ever. */
static int with_timing_kept(VipsImage *in, int gif, VipsImage **out) {
    if (vips.copy(in, out, NULL) != 0) return -1;
    int loop = 0;
    if (!gif && vips.image_get_typeof(*out, "loop") != 0 && vips.image_get_int(*out, "loop", &loop) == 0 && loop > 65535) {
        vips.image_set_int(*out, "loop", 65535);
    }
    int *delays = NULL, count = 0;
    if (!gif || vips.image_get_typeof(*out, "delay") == 0 || vips.image_get_array_int(*out, "delay", &delays, &count) != 0 || count <= 0) {
        vips.error_clear();
        return 0;
    }
    int *kept = malloc((size_t)count * sizeof *kept);
    if (!kept) {
        vips.object_unref(*out);
        *out = NULL;
        return -1;
    }
    for (int index = 0; index < count; index++) {
        int delay = delays[index];
        kept[index] = delay > 10 && delay < 15 ? 20 : delay > 655350 ? 655350 : delay;
    }
    vips.image_set_array_int(*out, "delay", kept, count);
    free(kept);
    return 0;
}

int cvips_webp(VipsImage *in, int quality, void **bytes, size_t *length) {
    VipsImage *timed = NULL;
    int status = with_timing_kept(in, 0, &timed);
    if (status == 0) status = vips.webpsave_buffer(timed, bytes, length, "Q", quality, "strip", 1, NULL);
    if (timed) vips.object_unref(timed);
    return status;
}

int cvips_jpeg(VipsImage *in, int quality, void **bytes, size_t *length) {
    return vips.jpegsave_buffer(in, bytes, length, "Q", quality, "strip", 1,
        "optimize_coding", 1, "interlace", 1, NULL);
}

int cvips_png(VipsImage *in, void **bytes, size_t *length) {
    return vips.pngsave_buffer(in, bytes, length, "strip", 1, "compression", 9, NULL);
}

/* Debian's libvips 8.14 has gifsave (it is built with cgif; checked with
   vips_type_find("VipsOperation", "gifsave_buffer")): an animation's fallback moves too. */
int cvips_gif(VipsImage *in, void **bytes, size_t *length) {
    VipsImage *timed = NULL;
    int status = with_timing_kept(in, 1, &timed);
    if (status == 0) status = vips.gifsave_buffer(timed, bytes, length, "strip", 1, NULL);
    if (timed) vips.object_unref(timed);
    return status;
}

int cvips_width(const VipsImage *image) { return vips.image_get_width(image); }
int cvips_height(const VipsImage *image) { return vips.image_get_height(image); }
int cvips_page_height(VipsImage *image) { return vips.image_get_page_height(image); }
int cvips_has_alpha(VipsImage *image) { return vips.image_hasalpha(image); }
int cvips_page_count(VipsImage *image) { return vips.image_get_n_pages(image); }
int cvips_orientation(VipsImage *image) {
    int orientation = 1;
    if (is_webp(image)) return 1;
    /* vips_image_get_int fails, leaving nothing set, when the field is missing. */
    if (vips.image_get_int(image, "orientation", &orientation) != 0) {
        if (vips.error_clear) vips.error_clear();
        return 1;
    }
    return orientation;
}
char *cvips_take_error(void) {
    char *reported = vips.error_buffer_copy();
    pthread_mutex_lock(&last_logged_lock);
    const char *logged = last_logged;
    size_t length = (reported ? strlen(reported) : 0) + strlen(logged) + 2;
    char *message = malloc(length);
    if (message) snprintf(message, length, "%s%s%s", reported ? reported : "", reported && *reported && *logged ? "\n" : "", logged);
    last_logged[0] = 0;
    pthread_mutex_unlock(&last_logged_lock);
    vips.free(reported);
    return message;
}

void cvips_free_text(char *text) { free(text); }
void cvips_free(void *memory) { if (memory) vips.free(memory); }
void cvips_unref(VipsImage *image) { if (image) vips.object_unref(image); }
