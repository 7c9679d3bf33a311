// glibc's allocator settings (mallopt), which Swift's Glibc module does not import. Empty
// elsewhere (macOS, musl): they have no such settings.
#if defined(__linux__)
#include <features.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif
