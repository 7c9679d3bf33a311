#include "czlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* zlib's own signature (zlib 1.2.9 and later): int uncompress2(Bytef *dest, uLongf *destLen,
   const Bytef *source, uLong *sourceLen). */
static int (*uncompress2)(unsigned char *dest, unsigned long *dest_length, const unsigned char *source, unsigned long *source_length);

/* The names zlib is installed under: Debian's and Ubuntu's zlib1g, macOS's. */
static const char *const library_names[] = {"libz.so.1", "libz.1.dylib", NULL};

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static char load_failure[512];

static void load(void) {
    void *library = NULL;
    const char *reason = "not found";
    for (const char *const *name = library_names; *name && !library; name++) {
        library = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        /* The first name is this platform's usual one: its failure is the one to tell. */
        if (!library && name == library_names) reason = dlerror();
    }
    if (!library) {
        snprintf(load_failure, sizeof load_failure, "zlib is not installed (zlib1g on Debian and Ubuntu): %s", reason ? reason : "not found");
        return;
    }
    *(void **)&uncompress2 = dlsym(library, "uncompress2");
    if (!uncompress2) snprintf(load_failure, sizeof load_failure, "the zlib found lacks uncompress2 (zlib 1.2.9 or later is needed)");
}

int czlib_load(char *message, size_t capacity) {
    pthread_once(&loading, load);
    if (!load_failure[0]) return 0;
    snprintf(message, capacity, "%s", load_failure);
    return -1;
}

int czlib_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t out_length, size_t *consumed) {
    unsigned long written = out_length;
    unsigned long taken = length;
    /* Z_OK is 0; anything else (damaged or cut data, a check that does not hold, an output of
       another size) is a failure. */
    int status = uncompress2(out, &written, data, &taken);
    *consumed = taken;
    return status == 0 && written == out_length ? 0 : -1;
}
