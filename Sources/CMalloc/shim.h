// glibc's allocator settings (mallopt), which Swift's Glibc module does not import.
#if defined(__linux__)
#include <malloc.h>
#endif
