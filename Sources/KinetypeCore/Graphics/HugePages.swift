#if canImport(Glibc)
    import Glibc
#endif

/// Canvas-sized buffers backed by 2 MiB pages.
///
/// A 2400×960 canvas is 9 MB of RGBA. Memory first touched a 4 KiB page at a time costs the kernel
/// one fault per page (2,250 for that canvas) and as many page frees at exit: about a fifth of a
/// one-frame render at that size. Linux backs memory with 2 MiB "transparent huge pages" where a
/// process asks for them (`madvise(MADV_HUGEPAGE)`; most distributions, Debian's included, default
/// to that `madvise` mode), which cuts the faults 512-fold. The advice changes no byte a buffer holds.
public enum HugePages {
    /// The size of a huge page, and the smallest buffer worth advising.
    public static let size = 2 << 20

    /// Asks the kernel to back `bytes` with huge pages wherever a whole, aligned 2 MiB block of the
    /// memory mapping holding them is still untouched. Call it before first writing them: pages
    /// already touched stay small. Does nothing for a buffer under 2 MiB, or where the system has no
    /// such pages.
    ///
    /// The advice covers the whole memory pages `bytes` lie on, as glibc's own huge-page setting
    /// does. The allocator has already written its header on the first of them, so the 2 MiB block
    /// holding the buffer's start stays in small pages. (Collapsing it at once, `MADV_COLLAPSE`,
    /// took 0.3 ms a call, sometimes 7: more than the faults it spares.)
    public static func advise(_ bytes: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard let base = bytes.baseAddress, bytes.count >= size else { return }
            let page = UInt(getpagesize())
            let start = UInt(bitPattern: base) & ~(page - 1)
            let end = UInt(bitPattern: base) + UInt(bytes.count)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE)
        #endif
    }

    /// The bytes to allocate for a buffer of `byteCount`. From 8 MiB up, that is rounded up to
    /// whole huge pages, less one small page for the allocators' headers: glibc then maps the buffer
    /// alone, in a mapping of whole huge pages, and Linux aligns such a mapping to 2 MiB, so every page
    /// of it can be huge. The rounding costs at most a quarter more memory; below 8 MiB it could
    /// cost more, and the buffer keeps its size (and the huge pages that fit where it lands).
    public static func allocationByteCount(for byteCount: Int) -> Int {
        guard byteCount >= 4 * size else { return byteCount }
        let headers = Int(getpagesize())
        return (byteCount + headers + size - 1) / size * size - headers
    }
}

extension Array where Element: BitwiseCopyable {
    /// `init(unsafeUninitializedCapacity:initializingWith:)` for a buffer that may be canvas-sized:
    /// its storage is sized for huge pages (`HugePages.allocationByteCount`) and advised for them
    /// (`HugePages.advise`) before `initializer` writes it; `initializer` sees `capacity` elements.
    @inlinable
    public init(
        largeUninitializedCapacity capacity: Int,
        initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows {
        let stride = MemoryLayout<Element>.stride
        let allocated = HugePages.allocationByteCount(for: capacity * stride) / stride
        try self.init(unsafeUninitializedCapacity: allocated) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            var requested = UnsafeMutableBufferPointer(rebasing: buffer.prefix(capacity))
            try initializer(&requested, &initialized)
        }
    }

    /// `init(repeating:count:)` for a buffer that may be canvas-sized (see `HugePages`).
    @inlinable
    public init(largeRepeating value: Element, count: Int) {
        self.init(largeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: value)
            initialized = count
        }
    }
}
