import KinetypeCore

/// A frame for the GIF encoder's second pass, given by what changed: the pixels of the rectangle
/// that differs from the frame given before it. Small for typical text animations, so a render
/// can keep the patches of many frames between the two passes instead of rendering twice; kept
/// patches are run-length packed (`packed()`), and the encoder maps packed pixels to palette
/// indices without unpacking them.
public struct GIFFramePatch: Sendable {
    /// Where the frame differs from the frame before it (every pixel outside is equal); nil when
    /// it equals that frame. The first frame must be whole.
    public let rect: PixelRect?
    /// When the frame stops showing, in seconds after the animation starts.
    public let endTime: Double
    let storage: Storage

    /// The pixels of `rect`, straight RGBA row by row, or run-length packed: segments, each a
    /// header word then its pixels (little-endian RGBA words). A run (high bit set, then the
    /// count) is followed by the one pixel it repeats, a literal (the count) by that many pixels.
    enum Storage: Sendable {
        case straight([UInt8])
        case packed([UInt32])
    }

    static let runFlag: UInt32 = 1 << 31
    static let longestSegment = 1 << 30

    public init(rect: PixelRect?, pixels: [UInt8], endTime: Double) {
        precondition(pixels.count == (rect?.area ?? 0) * 4, "a patch holds 4 bytes for each pixel of its rectangle")
        self.rect = rect
        self.endTime = endTime
        storage = .straight(pixels)
    }

    private init(rect: PixelRect?, endTime: Double, storage: Storage) {
        self.rect = rect
        self.endTime = endTime
        self.storage = storage
    }

    /// The pixels of `image` inside `changed` (shared, not copied, when it is the whole image).
    public init(image: Image, changed: PixelRect?, endTime: Double) {
        let whole = PixelRect.whole(width: image.width, height: image.height)
        guard let rect = changed?.intersection(whole), !rect.isEmpty else {
            self.init(rect: nil, pixels: [], endTime: endTime)
            return
        }
        guard rect != whole else {
            self.init(rect: rect, pixels: image.pixels, endTime: endTime)
            return
        }
        self.init(rect: rect, pixels: image.pixels(in: rect), endTime: endTime)
    }

    /// Straight RGBA pixels of `rect`, row by row (empty when `rect` is nil); a packed patch
    /// unpacks them on each use.
    public var pixels: [UInt8] {
        switch storage {
        case .straight(let pixels): return pixels
        case .packed(let words): return Self.unpack(words, count: rect?.area ?? 0)
        }
    }

    /// The bytes it keeps in memory.
    public var byteCount: Int {
        switch storage {
        case .straight(let pixels): return pixels.count
        case .packed(let words): return words.count * 4
        }
    }

    /// The same patch with its pixels run-length packed: text frames are mostly runs of
    /// background and of solid glyph color, so a patch shrinks several times, and a blank canvas
    /// to a few words.
    public func packed() -> GIFFramePatch {
        guard case .straight(let pixels) = storage, let rect else { return self }
        let words = pixels.withUnsafeBytes { bytes in
            Self.pack(
                PixelRows(base: bytes.baseAddress!, rowBytes: rect.width * 4), width: rect.width, height: rect.height)
        }
        return GIFFramePatch(rect: rect, endTime: endTime, storage: .packed(words))
    }

    /// A packed patch of `rect`, whose pixels are the `rect.width` × `rect.height` pixels from the
    /// start of `rows`.
    init(packing rows: PixelRows, rect: PixelRect, endTime: Double) {
        self.init(
            rect: rect, endTime: endTime, storage: .packed(Self.pack(rows, width: rect.width, height: rect.height)))
    }

    /// Runs of three or more equal pixels (also across rows) become run segments, the rest
    /// literal segments (`RunPacker`).
    private static func pack(_ rows: PixelRows, width: Int, height: Int) -> [UInt32] {
        var packer = RunPacker()
        rows.forEachRun(width: width, height: height) { packer.append($0, count: $1) }
        return packer.finish()
    }

    /// A packed patch of `rect` from words a `RunPacker` made.
    init(rect: PixelRect, packedWords: [UInt32], endTime: Double) {
        self.init(rect: rect, endTime: endTime, storage: .packed(packedWords))
    }

    private static func unpack(_ words: [UInt32], count: Int) -> [UInt8] {
        [UInt8](largeUninitializedCapacity: count * 4) { buffer, initialized in
            let out = UnsafeMutableRawBufferPointer(buffer)
            var written = 0
            forEachSegment(of: words) { segment in
                switch segment {
                case .run(let pixel, let length):
                    for offset in written..<written + length {
                        out.storeBytes(of: pixel, toByteOffset: offset * 4, as: UInt32.self)
                    }
                    written += length
                case .literal(let pixels):
                    for pixel in pixels {
                        out.storeBytes(of: pixel, toByteOffset: written * 4, as: UInt32.self)
                        written += 1
                    }
                }
            }
            precondition(written == count, "a packed patch unpacks to its rectangle's pixels")
            initialized = count * 4
        }
    }

    /// A stretch of a packed patch's pixels, in order.
    enum Segment {
        case run(pixel: UInt32, length: Int)
        case literal(ArraySlice<UInt32>)
    }

    /// Calls `body` with each segment of packed `words`, in pixel order.
    static func forEachSegment(of words: [UInt32], _ body: (Segment) -> Void) {
        var index = 0
        while index < words.count {
            let header = words[index]
            let length = Int(header & ~runFlag)
            if header & runFlag != 0 {
                body(.run(pixel: words[index + 1], length: length))
                index += 2
            } else {
                body(.literal(words[index + 1..<index + 1 + length]))
                index += 1 + length
            }
        }
    }
}

/// Packs pixels given in order, a run at a time, into a patch's words: runs of three or more equal
/// pixels (joined across the calls that give them) become run segments, the rest literal
/// segments; no segment is longer than `GIFFramePatch.longestSegment`.
struct RunPacker {
    private var words: [UInt32] = []
    /// Where the header of the literal segment being filled is, if one is open.
    private var literalHeader: Int?
    private var runPixel: UInt32 = 0
    private var runLength = 0

    /// Adds `count` pixels equal to `pixel`.
    mutating func append(_ pixel: UInt32, count: Int) {
        if runLength > 0, pixel == runPixel {
            runLength += count
            return
        }
        endRun()
        runPixel = pixel
        runLength = count
    }

    /// The words of every pixel added.
    mutating func finish() -> [UInt32] {
        endRun()
        return words
    }

    private mutating func endRun() {
        var left = runLength
        while left >= 3 {
            let part = min(left, GIFFramePatch.longestSegment)
            words.append(GIFFramePatch.runFlag | UInt32(part))
            words.append(runPixel)
            literalHeader = nil
            left -= part
        }
        for _ in 0..<left {
            if literalHeader.map({ Int(words[$0]) == GIFFramePatch.longestSegment }) ?? true {
                literalHeader = words.count
                words.append(0)
            }
            words.append(runPixel)
            words[literalHeader!] += 1
        }
        runLength = 0
    }
}
