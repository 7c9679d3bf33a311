#ifndef SAB_ONBOARDING_CFONTS_LIBRARY_LOADING_H
#define SAB_ONBOARDING_CFONTS_LIBRARY_LOADING_H

#include <cstddef>

namespace cfonts {

/* A symbol to find in a loaded library and the place its address goes. */
struct Symbol {
    const char *name;
    void **slot;
};

/* Opens the first of `names` (a NULL-terminated list, this platform's usual name first) with
   dlopen, privately (RTLD_LOCAL), and finds `symbols` in it. On failure, `message` names the
   library, the packages that install it (`packages`) and the loader's reason. 0 on success. */
int load_library(const char *const *names, const char *library, const char *packages, const Symbol *symbols, size_t count,
                 char *message, size_t capacity);

/* The result of a load, kept for the process (in a function's static, which C++ starts once
   whatever the threads): each library is loaded once, and a failure is told the same way on
   every call. */
struct LoadResult {
    int status = -1;
    char message[512] = "";
};

/* Copies a kept result out to a caller. */
int report(const LoadResult &result, char *message, size_t capacity);

}  // namespace cfonts

#endif
