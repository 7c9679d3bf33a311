/* The woff2 encoder and decoder (libwoff2enc, libwoff2dec: Debian's libwoff1), loaded on first use.

   The library is C++ and ships no C API. Its functions are found by their mangled names
   (`nm -D` lists them) and called through pointers of their declared types, here in C++: the
   names are the Itanium C++ ABI's for exactly these signatures of woff2/encode.h and
   woff2/decode.h (free functions of pointers and size_t returning size_t or bool), so a call
   through them is the call the header would make, without libwoff-dev. Written in C++ rather
   than C for the try/catch: the library allocates with new, and a std::bad_alloc must become
   an error here, not unwind through Swift. */
#include "cfonts.h"
#include "library_loading.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>

namespace {

struct {
    size_t (*max_compressed_size)(const uint8_t *data, size_t length);
    bool (*convert_ttf_to_woff2)(const uint8_t *data, size_t length, uint8_t *result, size_t *result_length);
    size_t (*compute_final_size)(const uint8_t *data, size_t length);
    bool (*convert_woff2_to_ttf)(uint8_t *result, size_t result_length, const uint8_t *data, size_t length);
    /* Brotli's one-shot decoder (brotli/decode.h), which the woff2 decoder is linked with:
       BROTLI_DECODER_RESULT_SUCCESS is 1. */
    int (*brotli_decompress)(size_t encoded_size, const uint8_t *encoded, size_t *decoded_size, uint8_t *decoded);
} woff2;

/* Debian installs them under their full version (their SONAME); other systems under 1. */
const char *const encoder_names[] = {
    "libwoff2enc.so.1.0.2", "libwoff2enc.so.1", "libwoff2enc.1.dylib", "/opt/homebrew/lib/libwoff2enc.1.dylib", "/usr/local/lib/libwoff2enc.1.dylib",
    nullptr,
};
const char *const decoder_names[] = {
    "libwoff2dec.so.1.0.2", "libwoff2dec.so.1", "libwoff2dec.1.dylib", "/opt/homebrew/lib/libwoff2dec.1.dylib", "/usr/local/lib/libwoff2dec.1.dylib",
    nullptr,
};
const char *const brotli_names[] = {
    "libbrotlidec.so.1", "libbrotlidec.1.dylib", "/opt/homebrew/lib/libbrotlidec.1.dylib", "/usr/local/lib/libbrotlidec.1.dylib", nullptr,
};
const char *const packages = "libwoff1 on Debian and Ubuntu, woff2 on Homebrew";

int load(char *message, size_t capacity) {
    const cfonts::Symbol encoder[] = {
        {"_ZN5woff222MaxWOFF2CompressedSizeEPKhm", (void **)&woff2.max_compressed_size},
        {"_ZN5woff217ConvertTTFToWOFF2EPKhmPhPm", (void **)&woff2.convert_ttf_to_woff2},
    };
    const cfonts::Symbol decoder[] = {
        {"_ZN5woff221ComputeWOFF2FinalSizeEPKhm", (void **)&woff2.compute_final_size},
        {"_ZN5woff217ConvertWOFF2ToTTFEPhmPKhm", (void **)&woff2.convert_woff2_to_ttf},
    };
    const cfonts::Symbol brotli[] = {{"BrotliDecoderDecompress", (void **)&woff2.brotli_decompress}};
    if (cfonts::load_library(encoder_names, "woff2's encoder (libwoff2enc)", packages, encoder, 2, message, capacity) != 0) return -1;
    if (cfonts::load_library(decoder_names, "woff2's decoder (libwoff2dec)", packages, decoder, 2, message, capacity) != 0) return -1;
    return cfonts::load_library(brotli_names, "Brotli's decoder (libbrotlidec)", "libbrotli1 on Debian and Ubuntu, brotli on Homebrew", brotli, 1,
                                message, capacity);
}

/* Debian builds the library with its command-line tools' messages on: every conversion
   prints "Compressed N to M." to stderr, and a failure prints why. What it prints is caught
   in memory while it runs (glibc's stderr is a variable a program may set) and becomes the
   reason of an encoder's failure; the tool's own output is written to the descriptor, never through
   stderr, so nothing of it is caught. One conversion at a time: stderr is one for the process. */
std::mutex conversion_lock;

class CaughtStandardError {
  public:
    CaughtStandardError() : saved_(stderr), stream_(open_memstream(&text_, &size_)) {
        if (stream_) stderr = stream_;
    }

    ~CaughtStandardError() { finish(); }

    /* What was printed, the stream closed and stderr given back. */
    std::string finish() {
        std::string caught;
        if (stream_) {
            stderr = saved_;
            std::fclose(stream_);
            stream_ = nullptr;
            if (text_) caught.assign(text_, size_);
            std::free(text_);
            text_ = nullptr;
        }
        while (!caught.empty() && (caught.back() == '\n' || caught.back() == ' ')) caught.pop_back();
        return caught;
    }

  private:
    FILE *saved_;
    char *text_ = nullptr;
    size_t size_ = 0;
    FILE *stream_;
};

void say(char *message, size_t capacity, const char *what, const std::string &reason) {
    std::snprintf(message, capacity, "%s%s%s", what, reason.empty() ? "" : ": ", reason.c_str());
}

}  // namespace

extern "C" int cfonts_load_woff2(char *message, size_t capacity) {
    static const cfonts::LoadResult result = [] {
        cfonts::LoadResult loaded;
        loaded.status = load(loaded.message, sizeof loaded.message);
        return loaded;
    }();
    return cfonts::report(result, message, capacity);
}

extern "C" int cfonts_woff2_encode(const uint8_t *sfnt, size_t length, uint8_t **bytes, size_t *out_length, char *message, size_t capacity) {
    std::lock_guard<std::mutex> lock(conversion_lock);
    CaughtStandardError caught;
    try {
        size_t room = woff2.max_compressed_size(sfnt, length);
        /* Zeroed: the encoder pads its Brotli stream to four bytes without writing the padding,
           which would otherwise carry whatever the memory held, and the output would differ
           from run to run. */
        uint8_t *out = static_cast<uint8_t *>(std::calloc(room > 0 ? room : 1, 1));
        if (!out) {
            say(message, capacity, "out of memory", "");
            return -1;
        }
        if (!woff2.convert_ttf_to_woff2(sfnt, length, out, &room)) {
            std::free(out);
            say(message, capacity, "the woff2 encoder refused the font", caught.finish());
            return -1;
        }
        *bytes = out;
        *out_length = room;
        return 0;
    } catch (const std::exception &error) {
        say(message, capacity, "the woff2 encoder failed", error.what());
    } catch (...) {
        say(message, capacity, "the woff2 encoder failed", "");
    }
    return -1;
}

extern "C" int cfonts_woff2_decode(const uint8_t *data, size_t length, size_t limit, uint8_t **bytes, size_t *out_length, char *message,
                                   size_t capacity) {
    std::lock_guard<std::mutex> lock(conversion_lock);
    CaughtStandardError caught;
    try {
        size_t size = woff2.compute_final_size(data, length);
        if (size == 0 || size > limit) {
            say(message, capacity, size == 0 ? "the woff2 decoder finds no font in it" : "the font it holds is larger than the build takes", "");
            return -1;
        }
        uint8_t *out = static_cast<uint8_t *>(std::calloc(size, 1));
        if (!out) {
            say(message, capacity, "out of memory", "");
            return -1;
        }
        if (!woff2.convert_woff2_to_ttf(out, size, data, length)) {
            std::free(out);
            /* What was caught is not the reason: Debian's decoder prints nothing of why, and
               whatever another thread of the process printed meanwhile was caught too (a test
               runner's lines were). The caller finds the reason in the file. */
            say(message, capacity, "the woff2 decoder cannot decode it", "");
            return -1;
        }
        *bytes = out;
        *out_length = size;
        return 0;
    } catch (const std::exception &error) {
        say(message, capacity, "the woff2 decoder failed", error.what());
    } catch (...) {
        say(message, capacity, "the woff2 decoder failed", "");
    }
    return -1;
}

extern "C" int cfonts_brotli_decompresses(const uint8_t *data, size_t length, size_t expected) {
    /* One byte more than expected: a stream that holds more fills it, and is told apart. */
    uint8_t *out = static_cast<uint8_t *>(std::malloc(expected + 1));
    if (!out) return -1;
    size_t size = expected + 1;
    int result = woff2.brotli_decompress(length, data, &size, out);
    std::free(out);
    return result == 1 && size == expected ? 1 : 0;
}
