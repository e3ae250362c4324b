import KinetypeCore

/// A frame for the GIF encoder's second pass, given by what changed: the pixels of the rectangle
/// that differs from the frame given before it. Small for typical text animations, so a render
/// can keep the patches of many frames between the two passes instead of rendering twice.
public struct GIFFramePatch: Sendable {
    /// Where the frame differs from the frame before it (every pixel outside is equal); nil when
    /// it equals that frame. The first frame must be whole.
    public let rect: PixelRect?
    /// Straight RGBA pixels of `rect`, row by row (empty when `rect` is nil).
    public let pixels: [UInt8]
    /// When the frame stops showing, in seconds after the animation starts.
    public let endTime: Double

    public init(rect: PixelRect?, pixels: [UInt8], endTime: Double) {
        precondition(pixels.count == (rect?.area ?? 0) * 4, "a patch holds 4 bytes for each pixel of its rectangle")
        self.rect = rect
        self.pixels = pixels
        self.endTime = endTime
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

    /// The bytes it keeps in memory.
    public var byteCount: Int { pixels.count }
}

extension GIFFramePatch {
    /// A patch with its pixels run-length packed, for keeping many patches between a GIF's two
    /// passes: text frames are mostly runs of background and of solid glyph color, so a patch
    /// shrinks several times, and a blank canvas to a few words.
    public struct Packed: Sendable {
        public let rect: PixelRect?
        public let endTime: Double
        /// Segments, each a header word then its pixels: a run (high bit set, then the count) is
        /// followed by the one pixel it repeats, a literal (the count) by that many pixels.
        private let words: [UInt32]

        private static let runFlag: UInt32 = 1 << 31
        private static let longestSegment = 1 << 30

        init(_ patch: GIFFramePatch) {
            rect = patch.rect
            endTime = patch.endTime
            words = patch.pixels.withUnsafeBytes(Self.pack)
        }

        /// The bytes it keeps in memory.
        public var byteCount: Int { words.count * 4 }

        /// The patch, its pixels unpacked.
        public func unpacked() -> GIFFramePatch {
            let count = rect?.area ?? 0
            let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
                let out = UnsafeMutableRawBufferPointer(buffer)
                var written = 0
                var index = 0
                while index < words.count {
                    let header = words[index]
                    let length = Int(header & ~Self.runFlag)
                    if header & Self.runFlag != 0 {
                        let pixel = words[index + 1]
                        for offset in written..<written + length {
                            out.storeBytes(of: pixel, toByteOffset: offset * 4, as: UInt32.self)
                        }
                        index += 2
                    } else {
                        for offset in 0..<length {
                            out.storeBytes(
                                of: words[index + 1 + offset], toByteOffset: (written + offset) * 4, as: UInt32.self)
                        }
                        index += 1 + length
                    }
                    written += length
                }
                precondition(written == count, "a packed patch unpacks to its rectangle's pixels")
                initialized = count * 4
            }
            return GIFFramePatch(rect: rect, pixels: pixels, endTime: endTime)
        }

        /// Runs of three or more equal pixels become run segments, the rest literal segments.
        private static func pack(_ bytes: UnsafeRawBufferPointer) -> [UInt32] {
            let count = bytes.count / 4
            guard let base = bytes.baseAddress, count > 0 else { return [] }
            func pixel(_ index: Int) -> UInt32 { base.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) }
            var words: [UInt32] = []
            var literalStart = 0
            func appendLiteral(upTo end: Int) {
                var start = literalStart
                while start < end {
                    let length = min(end - start, longestSegment)
                    words.append(UInt32(length))
                    for index in start..<start + length { words.append(pixel(index)) }
                    start += length
                }
            }
            var index = 0
            while index < count {
                let end = PixelRuns.end(in: base, from: index, limit: min(count, index + longestSegment))
                if end - index >= 3 {
                    appendLiteral(upTo: index)
                    words.append(runFlag | UInt32(end - index))
                    words.append(pixel(index))
                    literalStart = end
                }
                index = end
            }
            appendLiteral(upTo: count)
            return words
        }
    }

    /// This patch with its pixels run-length packed.
    public func packed() -> Packed { Packed(self) }
}
