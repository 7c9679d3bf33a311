#ifndef SAB_ONBOARDING_CVIPS_H
#define SAB_ONBOARDING_CVIPS_H

/* The part of libvips the tool uses, behind functions with fixed arguments (libvips's operations
   take their options as NULL-terminated variadic lists, which Swift cannot call).

   libvips is loaded when an image is first processed (cvips_load), not when the tool starts:
   it brings about a hundred shared libraries with it, which cost every process some 15 ms to
   map, though only a run that reads raster images (lint checks they can be read, the build
   resizes them) needs them. */
#include <stddef.h>

typedef struct _VipsImage VipsImage;

/* Loads and starts libvips, once for the process. Loaders libvips marks untrusted (ImageMagick
   and others that can hand a file to outside programs) are blocked; its operation cache is
   off, as every image is made once. 0 on success; otherwise a message is in `message`. */
int cvips_load(const char *program, char *message, size_t capacity);

/* Each operation of the tool (a call and the reading of its error) runs between these: libvips's
   error messages are one for the whole process. */
void cvips_begin(void);
void cvips_end(void);

/* libvips's version, e.g. "8.14.1", once loaded. */
const char *cvips_version(void);

/* An image `width` pixels wide and `height` high at most (never enlarged; 0 for no height
   bound), decoded at a reduced size where the format allows (shrink-on-load), turned upright
   from its EXIF orientation and converted to sRGB from any embedded colour profile, held in
   memory (`in_memory`, for several encoders to read) or computed as one encoder reads it, once,
   from `bytes`, which must stay until then. With `all_frames`, every frame of an animated GIF
   or WebP, stacked (page-height, delays and loop kept), `height` bounding each. With a
   `gamma_exponent` other than 0, each colour sample s (0 to 1) becomes s^(1 / exponent): a
   PNG's gAMA, which libvips does not read. An `orientation` of 1 to 8 is the EXIF orientation
   to turn it by where libvips reads another (a JPEG's, as browsers read it); 0 turns it as
   libvips reads it. 0 on success. */
int cvips_thumbnail(const void *bytes, size_t length, int width, int height, int all_frames, int in_memory, double gamma_exponent,
    int orientation, VipsImage **out);

/* 0 when every pixel of the image in `bytes` (every frame, with `all_frames`) decodes without
   error (or warning, with `warnings_fail`). `reduced`: 1 for a WebP, 2 for a JPEG, decoded at
   an eighth of the size (which still reads the whole bitstream); 0 for full size. */
int cvips_decodes(const void *bytes, size_t length, int all_frames, int reduced, int warnings_fail);

/* cvips_decodes of the image in the file at `path`, read in order, a strip at a time. */
int cvips_decodes_file(const char *path, int all_frames, int reduced, int warnings_fail);

/* The width and height of the image in `bytes` once turned upright from its EXIF orientation,
   as cvips_thumbnail turns it given the same `orientation`, from its header alone. 0 on success. */
int cvips_upright_size(const void *bytes, size_t length, int orientation, int *width, int *height);

/* The average colour of the image in `bytes` (its first frame), as sRGB: the mean of each of
   red, green and blue over every pixel, from 0 to 255, in `rgb`, `gamma_exponent` applied as
   cvips_thumbnail applies it. 0 on success. */
int cvips_average_color(const void *bytes, size_t length, double gamma_exponent, double rgb[3]);

/* Whether a pixel of the image in `bytes` (its first frame) has a colour that browsers do not
   keep of it, in `found`: one other than the least colour both browsers' 8-bit premultiplying
   (rounded and floored) draw as they draw it (0 under alpha 0), which the published variants
   never have (cvips_without_metadata). 0 on success. */
int cvips_colour_not_drawn(const void *bytes, size_t length, int *found);

/* The image in `bytes`, its header read and its pixels not yet decoded, or NULL. */
VipsImage *cvips_open(const void *bytes, size_t length);

/* The image in the file at `path`, its header read and its pixels not yet decoded, or NULL. */
VipsImage *cvips_open_file(const char *path);

/* A copy of `in` without the metadata an author's camera or editor wrote: EXIF (with any GPS
   position), XMP, IPTC, comments and the colour profile (the pixels are sRGB already). The
   encoders' own "strip" option is not enough: libvips 8.14's WebP writer still writes EXIF.
   Each pixel's colour is kept as browsers keep it, no more (cvips_colour_not_drawn). */
int cvips_without_metadata(VipsImage *in, VipsImage **out);

/* Encoders; each writes no metadata. The bytes are freed with cvips_free. 0 on success. */
int cvips_webp(VipsImage *in, int quality, void **bytes, size_t *length);
int cvips_jpeg(VipsImage *in, int quality, void **bytes, size_t *length);
int cvips_png(VipsImage *in, void **bytes, size_t *length);
/* A GIF: every frame of an image with a page height, its delays and loop. */
int cvips_gif(VipsImage *in, void **bytes, size_t *length);

int cvips_width(const VipsImage *image);
int cvips_height(const VipsImage *image);
/* The height of one frame: the whole height for a still. */
int cvips_page_height(VipsImage *image);
int cvips_has_alpha(VipsImage *image);
/* How many frames the image's file holds (1 for a still) and its EXIF orientation (1, upright,
   when it has none, or is a WebP, which browsers draw as stored). */
int cvips_page_count(VipsImage *image);
int cvips_orientation(VipsImage *image);

/* libvips's error messages since the last call, and the last message it logged (warnings of
   its decoders, which never reach stderr), to be freed with cvips_free_text; NULL if no memory. */
char *cvips_take_error(void);
void cvips_free_text(char *text);
void cvips_free(void *memory);
void cvips_unref(VipsImage *image);

#endif
