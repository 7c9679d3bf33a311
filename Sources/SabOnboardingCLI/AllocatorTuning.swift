#if canImport(Glibc)
    import Glibc
    internal import CMalloc
#endif

/// How `lint` sets up glibc's allocator before it reads files.
enum AllocatorTuning {
    /// Keeps a megabyte of freed memory at the top of each of glibc's heaps instead of handing
    /// it back to the kernel. `lint` reads files one after another on each core: each file's
    /// buffers were freed, given back, and faulted in afresh for the next file, with the other
    /// core's TLB flushed each time. With the pad, `lint` of the 280 real appDefs took 6575 ->
    /// 904 page faults and 208 -> 190 ms (`perf stat -r 10`, the release binaries before and
    /// after). Only `lint`: setting the pad also fixes glibc's threshold for mapping large
    /// blocks, which `build` (image buffers) and the long-running `preview` are better without.
    /// A setting of the user's own (`GLIBC_TUNABLES`, `MALLOC_TOP_PAD_`) is left as it is.
    static func keepFreedHeapMemory() {
        #if canImport(Glibc)
            if getenv("MALLOC_TOP_PAD_") != nil { return }
            if let tunables = getenv("GLIBC_TUNABLES"), String(cString: tunables).contains("glibc.malloc.") { return }
            _ = mallopt(M_TOP_PAD, 1 << 20)
        #endif
    }
}
