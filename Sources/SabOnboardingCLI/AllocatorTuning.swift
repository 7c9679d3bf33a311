#if os(Linux)
    internal import CMalloc
#endif

/// How the process's memory allocator is set up before a command runs.
enum AllocatorTuning {
    /// Keeps a megabyte of freed heap memory at the top of each of glibc's heaps instead of
    /// handing it back to the kernel. Linting many files reads them one after another on each
    /// core: each file's buffers were freed, returned, and faulted in afresh for the next file,
    /// with the other core's TLB flushed each time. With the pad, `lint` of the 280 real appDefs
    /// took 6575 -> 925 page faults and 208 -> 192 ms (`perf stat -r 10`, GLIBC_TUNABLES'
    /// `glibc.malloc.top_pad`, which this sets from within). One file's lint is unchanged.
    static func keepFreedHeapMemory() {
        #if os(Linux)
            _ = mallopt(M_TOP_PAD, 1 << 20)
        #endif
    }
}
