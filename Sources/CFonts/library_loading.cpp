#include "library_loading.h"

#include <cstdio>
#include <dlfcn.h>

namespace cfonts {

int load_library(const char *const *names, const char *library, const char *packages, const Symbol *symbols, size_t count,
                 char *message, size_t capacity) {
    void *handle = nullptr;
    char first_reason[256] = "not found";
    for (const char *const *name = names; *name && !handle; name++) {
        handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        const char *reason = handle ? nullptr : dlerror();
        /* The first name is this platform's usual one: its failure is the one to tell. */
        if (reason && name == names) std::snprintf(first_reason, sizeof first_reason, "%s", reason);
    }
    if (!handle) {
        std::snprintf(message, capacity, "%s is not installed (%s): %s", library, packages, first_reason);
        return -1;
    }
    for (size_t index = 0; index < count; index++) {
        *symbols[index].slot = dlsym(handle, symbols[index].name);
        if (!*symbols[index].slot) {
            std::snprintf(message, capacity, "the installed %s lacks %s (%s)", library, symbols[index].name, packages);
            return -1;
        }
    }
    return 0;
}

int report(const LoadResult &result, char *message, size_t capacity) {
    if (capacity > 0) std::snprintf(message, capacity, "%s", result.message);
    return result.status;
}

}  // namespace cfonts
