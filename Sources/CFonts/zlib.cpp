/* zlib (libz.so.1), for the tables of WOFF 1.0 fonts, loaded on first use: the process has it
   already (libxml2 links it), so loading it costs nothing, and no zlib1g-dev is needed. */
#include "cfonts.h"
#include "library_loading.h"

namespace {

/* zlib's own signature: int uncompress(Bytef *dest, uLongf *destLen, const Bytef *source, uLong sourceLen). */
int (*uncompress)(unsigned char *dest, unsigned long *dest_length, const unsigned char *source, unsigned long source_length) = nullptr;

const char *const names[] = {"libz.so.1", "libz.1.dylib", nullptr};

}  // namespace

extern "C" int cfonts_load_zlib(char *message, size_t capacity) {
    static const cfonts::LoadResult result = [] {
        cfonts::LoadResult loaded;
        const cfonts::Symbol symbols[] = {{"uncompress", (void **)&uncompress}};
        loaded.status = cfonts::load_library(names, "zlib", "zlib1g on Debian and Ubuntu", symbols, 1, loaded.message, sizeof loaded.message);
        return loaded;
    }();
    return cfonts::report(result, message, capacity);
}

extern "C" int cfonts_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t out_length) {
    unsigned long written = out_length;
    /* Z_OK is 0; anything else (damaged data, an output of another size) is a failure. */
    if (uncompress(out, &written, data, length) != 0 || written != out_length) return -1;
    return 0;
}
