import Foundation

/// The compressed pixels of rectangles already compressed, by what decides them: the rectangle's
/// indices, which of them may be transparent, and the transparent index. A rectangle that repeats
/// one compressed before (a pulse that loops or autoreverses, a cursor that blinks) is written
/// from them instead of being compressed again: in the 1,000-frame benchmark, 999 frames have 119
/// distinct rectangles. A match compares the whole key (the hash only finds candidates), so the
/// bytes are those compressing would give.
///
/// Bounded: keys and compressed bytes up to `budget` bytes, the least recently used dropped first.
/// Rectangles under `smallestArea` pixels (a typewriter's letter) are not kept: they cost less to
/// compress than to look up. Used by one thread, the writer's.
struct GIFCompressionCache {
    /// What decides a rectangle's compressed pixels, with its hash.
    struct Key: Sendable {
        let wanted: [UInt8]
        /// `GIFFrameJob.isFree` as bits, 64 a word (empty when none is free).
        let freeBits: [UInt64]
        let transparent: UInt8
        let hash: UInt64

        /// The key of `job`; nil for a rectangle too small to keep.
        init?(_ job: GIFFrameJob) {
            guard job.wanted.count >= GIFCompressionCache.smallestArea else { return nil }
            wanted = job.wanted
            freeBits = job.isFree.contains(true) ? Self.bits(of: job.isFree) : []
            transparent = job.transparent
            var hash = UInt64(truncatingIfNeeded: wanted.count) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(transparent)
            wanted.withUnsafeBytes { Self.mix($0, into: &hash) }
            freeBits.withUnsafeBytes { Self.mix($0, into: &hash) }
            self.hash = hash
        }

        /// The bytes this key keeps alive.
        var byteCount: Int { wanted.count + freeBits.count * 8 }

        func matches(_ other: Key) -> Bool {
            hash == other.hash && transparent == other.transparent && Self.equal(wanted, other.wanted)
                && Self.equal(freeBits, other.freeBits)
        }

        private static func equal<Element>(_ one: [Element], _ other: [Element]) -> Bool {
            one.count == other.count
                && one.withUnsafeBytes { one in
                    other.withUnsafeBytes { other in
                        one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0
                    }
                }
        }

        /// Eight flags at a time: a multiply gathers the low bits of eight bytes (each 0 or 1)
        /// into the top byte, in order.
        private static func bits(of flags: [Bool]) -> [UInt64] {
            let count = flags.count
            return flags.withUnsafeBytes { bytes in
                [UInt64](unsafeUninitializedCapacity: (count + 63) / 64) { words, initialized in
                    for word in words.indices {
                        let start = word * 64
                        let end = min(count, start + 64)
                        var bits: UInt64 = 0
                        var flag = start
                        while flag + 8 <= end {
                            let eight = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: flag, as: UInt64.self))
                            bits |= ((eight &* 0x0102_0408_1020_4080) >> 56) << UInt64(flag - start)
                            flag += 8
                        }
                        while flag < end {
                            if bytes[flag] != 0 { bits |= 1 << UInt64(flag - start) }
                            flag += 1
                        }
                        words[word] = bits
                    }
                    initialized = words.count
                }
            }
        }

        /// Mixes `bytes` into `hash` eight at a time, four words in flight so the multiplies overlap.
        private static func mix(_ bytes: UnsafeRawBufferPointer, into hash: inout UInt64) {
            let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (hash, hash ^ 1, hash ^ 2, hash ^ 3)
            var offset = 0
            while offset + 32 <= bytes.count {
                lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
                lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
                lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* multiplier
                lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* multiplier
                lanes.0 ^= lanes.0 >> 29
                lanes.1 ^= lanes.1 >> 29
                lanes.2 ^= lanes.2 >> 29
                lanes.3 ^= lanes.3 >> 29
                offset += 32
            }
            var tail = lanes.0 ^ (lanes.1 &* 3) ^ (lanes.2 &* 5) ^ (lanes.3 &* 7)
            while offset < bytes.count {
                tail = (tail ^ UInt64(bytes[offset])) &* multiplier
                offset += 1
            }
            hash = tail ^ tail >> 32
        }
    }

    static let smallestArea = 4096

    let budget: Int
    private var entries: [UInt64: [Entry]] = [:]
    private var bytes = 0
    private var clock = 0

    private struct Entry {
        let key: Key
        let pixels: GIFCompressedPixels
        var lastUse: Int

        var byteCount: Int { key.byteCount + pixels.compressed.count }
    }

    init(budget: Int) {
        self.budget = budget
    }

    /// The compressed pixels kept for `key`, if any.
    mutating func pixels(for key: Key) -> GIFCompressedPixels? {
        guard let index = entries[key.hash]?.firstIndex(where: { $0.key.matches(key) }) else { return nil }
        clock += 1
        entries[key.hash]![index].lastUse = clock
        return entries[key.hash]![index].pixels
    }

    /// Keeps `pixels` for `key`, dropping the least recently used entries past the budget.
    mutating func remember(_ pixels: GIFCompressedPixels, for key: Key) {
        guard self.pixels(for: key) == nil else { return }
        clock += 1
        let entry = Entry(key: key, pixels: pixels, lastUse: clock)
        guard entry.byteCount <= budget else { return }
        entries[key.hash, default: []].append(entry)
        bytes += entry.byteCount
        while bytes > budget { dropLeastRecentlyUsed() }
    }

    private mutating func dropLeastRecentlyUsed() {
        var oldest: (hash: UInt64, index: Int, lastUse: Int)?
        for (hash, list) in entries {
            for (index, entry) in list.enumerated() where entry.lastUse < oldest?.lastUse ?? .max {
                oldest = (hash, index, entry.lastUse)
            }
        }
        guard let oldest else { return }
        bytes -= entries[oldest.hash]![oldest.index].byteCount
        entries[oldest.hash]!.remove(at: oldest.index)
        if entries[oldest.hash]!.isEmpty { entries[oldest.hash] = nil }
    }
}
