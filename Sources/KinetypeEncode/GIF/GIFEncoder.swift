import CGIF
import Foundation
import KinetypeCore

/// An animated GIF encoder in two passes, so memory never holds more than a few frames:
///
/// 1. `addToPalette(_:)` every frame, in display order: one global palette is built from all of
///    them, its colors ordered so that most frames need only low indices.
///    With at most 255 distinct colors the palette is exact and every decoded frame equals its
///    input bit for bit (after GIF's 1-bit alpha: alpha < 128 is transparent, the rest opaque).
///    With more, libimagequant quantizes a histogram of all frames to 255 colors.
/// 2. `writeFrame(_:endTime:)` every frame in order, then `finish()`.
///
/// Created with a `destination`, the encoder streams the GIF into a temporary file next to it
/// (so memory does not grow with the file) and `finish()` renames it into place; `cancel()`, a
/// failing `finish()`, or deinit before finishing removes the temporary and leaves the
/// destination as it was. Created without one, it builds the file in memory and `finish()` returns the bytes.
///
/// The file is GIF89a. One palette index is reserved for transparency. Each frame after the
/// first covers only the rectangle that changed since the displayed picture, with unchanged
/// pixels inside it transparent. On transparent canvases a frame whose successor needs pixels
/// cleared is disposed to background (cleared) over a rectangle covering them, so the
/// displayed picture always equals the input frame. Identical consecutive frames are merged.
///
/// Timing: delays are centiseconds, each `round(100 · endTime) − already emitted`, so the total
/// never drifts. A frame that would get under 2 cs (browsers slow those down to 10 cs) is
/// dropped and its time goes to the next frame; a too-short last frame takes time from the
/// frame before it. Frame rates above 50 fps therefore lose frames, and add a warning.
///
/// Not thread-safe: call it from one thread at a time.
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    public let options: GIFOptions
    /// Things the user should know about the result (e.g. a frame rate GIF cannot show).
    public private(set) var warnings: [Diagnostic] = []

    private var paletteBuilder: GIFPaletteBuilder?
    private var palette: GIFPalette?
    private var writer: GIFStreamWriter?
    private let sink: GIFByteSink
    private var pending: (indices: [UInt8], endTime: Double)?
    private var held: HeldFrame?
    private var emittedCentiseconds = 0
    private var lastEndTime = 0.0
    private var hasWarnedAboutFrameRate = false
    private var isFinished = false

    /// A frame whose delay is known, kept until the next one shows how it must be disposed.
    private struct HeldFrame {
        var target: [UInt8]
        var base: [UInt8]
        var delay: Int
        var isFirst: Bool
    }

    /// An encoder that builds the GIF in memory; `finish()` returns its bytes.
    public convenience init(width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
        try Self.checkCanvas(width: width, height: height)
        self.init(width: width, height: height, options: options, sink: GIFByteSink())
    }

    /// An encoder that streams the GIF into a temporary file next to `destination`; `finish()`
    /// renames it into place. Throws `.cannotWrite` at once when the folder is missing or not
    /// writable, before any frame is rendered.
    public convenience init(width: Int, height: Int, options: GIFOptions = GIFOptions(), destination: URL) throws {
        try Self.checkCanvas(width: width, height: height)
        self.init(width: width, height: height, options: options, sink: try GIFByteSink(destination: destination))
    }

    private init(width: Int, height: Int, options: GIFOptions, sink: GIFByteSink) {
        self.width = width
        self.height = height
        self.options = options
        self.sink = sink
        self.paletteBuilder = GIFPaletteBuilder(width: width, height: height, options: options)
    }

    private static func checkCanvas(width: Int, height: Int) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFPalette.failure("a GIF must be 1…65535 pixels wide and high, not \(width)×\(height)")
        }
    }

    /// Pass 1: adds a frame's colors to the palette. Call it for every frame, in display order, before any
    /// `writeFrame`.
    public func addToPalette(_ image: Image) throws {
        try checkSize(image)
        guard let paletteBuilder else {
            throw GIFPalette.failure("addToPalette was called after the first writeFrame")
        }
        paletteBuilder.add(image)
    }

    /// Pass 2: writes the next frame, shown until `endTime` seconds after the animation starts.
    public func writeFrame(_ image: Image, endTime: Double) throws {
        try checkSize(image)
        guard !isFinished else { throw GIFPalette.failure("writeFrame was called after finish") }
        guard endTime.isFinite, endTime >= lastEndTime else {
            throw GIFPalette.failure("frame end times must not decrease (\(endTime) s after \(lastEndTime) s)")
        }
        // The last frame may be short because the scene's duration is not a whole number of
        // frames; only the intervals of frames that have a successor tell the frame rate.
        if let interval = intervalOfPreviousFrame { noteFrameInterval(interval) }
        intervalOfPreviousFrame = endTime - lastEndTime
        lastEndTime = endTime
        let palette = try preparedPalette()
        let indices = try palette.indices(of: image)
        if var current = pending, Self.equal(current.indices, indices) {
            current.endTime = endTime
            pending = current
            return
        }
        if let current = pending { try commit(current.indices, endTime: current.endTime) }
        pending = (indices, endTime)
    }

    /// Writes the last frame and the trailer. In memory: returns the GIF's bytes. With a
    /// destination: renames the file into place and returns empty data. On failure nothing is
    /// left behind.
    @discardableResult
    public func finish() throws -> Data {
        guard !isFinished else { throw GIFPalette.failure("finish was called twice") }
        isFinished = true
        do {
            try writeLastFrame()
            guard let writer else { throw GIFPalette.failure("the GIF was not started") }
            try writer.close()
            return try sink.finish()
        } catch {
            sink.discard()
            throw error
        }
    }

    /// Abandons the GIF: a temporary file is removed and the destination is left as it was.
    public func cancel() {
        isFinished = true
        pending = nil
        held = nil
        sink.discard()
    }

    private func writeLastFrame() throws {
        guard let last = pending else { throw GIFPalette.failure("the animation has no frames") }
        pending = nil
        let delay = Int(clamping: (last.endTime * 100).rounded()) - emittedCentiseconds
        if delay >= 2 || held == nil {
            try push(last.indices, delay: max(delay, 2))
        } else if var previous = held, previous.delay - (2 - delay) >= 2 {
            previous.delay -= 2 - delay
            emittedCentiseconds -= 2 - delay
            held = previous
            try push(last.indices, delay: 2)
        } else if var previous = held {
            previous.target = last.indices
            previous.delay += delay
            emittedCentiseconds += delay
            held = previous
        }
        if let frame = held { try emit(frame, next: nil) }
        held = nil
    }

    // MARK: - Timing

    /// How long the frame before the current one lasted, once a later frame arrives.
    private var intervalOfPreviousFrame: Double?

    private func noteFrameInterval(_ interval: Double) {
        guard !hasWarnedAboutFrameRate, interval > 0, interval < 0.02 - 1e-9 else { return }
        hasWarnedAboutFrameRate = true
        let fps = (1 / interval).rounded()
        warnings.append(
            .warning(
                "GIF shows at most 50 frames per second (delays are whole centiseconds, at least 2), "
                    + "so frames of this \(Int(fps)) fps animation were merged; use fps 50 or less, or a video format"))
    }

    /// Gives a distinct frame its delay, or drops it when that would be under 2 cs.
    private func commit(_ indices: [UInt8], endTime: Double) throws {
        let delay = Int(clamping: (endTime * 100).rounded()) - emittedCentiseconds
        guard delay >= 2 else { return }
        try push(indices, delay: delay)
    }

    private func push(_ target: [UInt8], delay: Int) throws {
        let base: [UInt8]
        if let previous = held {
            base = try emit(previous, next: target)
        } else {
            base = [UInt8](repeating: try preparedPalette().transparentIndex, count: width * height)
        }
        held = HeldFrame(target: target, base: base, delay: delay, isFirst: held == nil && emittedCentiseconds == 0)
        emittedCentiseconds += delay
    }

    // MARK: - Frames

    /// Writes `frame` and returns the picture shown after its disposal (the next frame's base).
    @discardableResult
    private func emit(_ frame: HeldFrame, next: [UInt8]?) throws -> [UInt8] {
        let palette = try preparedPalette()
        guard let writer else { throw GIFPalette.failure("the GIF was not started") }
        let transparent = palette.transparentIndex
        var changed = BoundingBox()
        var cleared = BoundingBox()
        frame.target.withUnsafeBufferPointer { target in
            frame.base.withUnsafeBufferPointer { base in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width where target[row + x] != base[row + x] {
                        changed.add(x: x, y: y)
                    }
                }
                guard let next, palette.hasTransparency else { return }
                next.withUnsafeBufferPointer { next in
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width where next[row + x] == transparent && target[row + x] != transparent {
                            cleared.add(x: x, y: y)
                        }
                    }
                }
            }
        }
        var rect: GIFRect
        if frame.isFirst {
            rect = GIFRect(x: 0, y: 0, width: width, height: height)
        } else {
            rect = changed.union(cleared).rect ?? GIFRect(x: 0, y: 0, width: 1, height: 1)
        }
        let pixels = Self.framePixels(
            target: frame.target, base: frame.base, rect: rect, width: width,
            transparent: transparent,
            minimumCodeSize: GIFLZWEncoder.minimumCodeSize(forLargestIndex: transparent))
        let (written, frameTransparent) = Self.lowestTransparentIndex(pixels, transparent: transparent)
        let disposesToBackground = !cleared.isEmpty
        try writer.writeFrame(
            rect: rect, pixels: written, delay: frame.delay,
            disposal: disposesToBackground ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT,
            transparentIndex: frameTransparent)
        var shown = frame.target
        if disposesToBackground {
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) { shown[y * width + x] = transparent }
            }
        }
        return shown
    }

    /// The indices a frame writes inside `rect`. A changed pixel must carry its new index; an
    /// unchanged one looks the same whether it is transparent (the picture below shows through) or
    /// carries its own index. Four renditions are tried — unchanged pixels all transparent, all
    /// literal, or chosen for the fewest runs (leaning either way) — and the one LZW compresses
    /// best is kept.
    static func framePixels(
        target: [UInt8], base: [UInt8], rect: GIFRect, width: Int, transparent: UInt8,
        minimumCodeSize: Int
    ) -> [UInt8] {
        let count = rect.width * rect.height
        var wanted = [UInt8](repeating: 0, count: count)
        var isFree = [Bool](repeating: false, count: count)
        for y in 0..<rect.height {
            let row = (rect.y + y) * width + rect.x
            for x in 0..<rect.width {
                wanted[y * rect.width + x] = target[row + x]
                isFree[y * rect.width + x] = target[row + x] == base[row + x]
            }
        }
        var allTransparent = wanted
        for i in 0..<count where isFree[i] {
            allTransparent[i] = transparent
        }
        let renditions = [
            allTransparent, wanted,
            fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: false),
            fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: true),
        ]
        return renditions.map { (pixels: $0, bytes: GIFLZWEncoder.encode($0, minimumCodeSize: minimumCodeSize).count) }
            .min { $0.bytes < $1.bytes }!.pixels
    }

    /// The rendition with the fewest changes of index along the pixel stream: each unchanged
    /// pixel is transparent or literal, chosen by dynamic programming over the whole frame (two
    /// states a pixel), so runs of one color are not broken up by stretches of transparency.
    /// Among equally few runs it leans to literal or to transparent pixels, as asked.
    static func fewestRuns(wanted: [UInt8], isFree: [Bool], transparent: UInt8, preferLiteral: Bool) -> [UInt8] {
        let count = wanted.count
        guard count > 0 else { return [] }
        // Option 0 is the preferred one on ties.
        func options(_ i: Int) -> (UInt8, UInt8) {
            guard isFree[i] else { return (wanted[i], wanted[i]) }
            return preferLiteral ? (wanted[i], transparent) : (transparent, wanted[i])
        }
        // cost[i][k]: fewest changes up to pixel i when it takes option k; from[i][k]: option of i - 1.
        var cost = [(Int, Int)](repeating: (0, 0), count: count)
        var from = [(UInt8, UInt8)](repeating: (0, 0), count: count)
        for i in 1..<count {
            let (previous0, previous1) = options(i - 1)
            let (option0, option1) = options(i)
            func best(_ value: UInt8) -> (Int, UInt8) {
                let via0 = cost[i - 1].0 + (previous0 == value ? 0 : 1)
                let via1 = cost[i - 1].1 + (previous1 == value ? 0 : 1)
                return via0 <= via1 ? (via0, 0) : (via1, 1)
            }
            let (cost0, from0) = best(option0)
            let (cost1, from1) = best(option1)
            cost[i] = (cost0, cost1)
            from[i] = (from0, from1)
        }
        var pixels = [UInt8](repeating: 0, count: count)
        var choice: UInt8 = cost[count - 1].0 <= cost[count - 1].1 ? 0 : 1
        for i in stride(from: count - 1, through: 0, by: -1) {
            let (option0, option1) = options(i)
            pixels[i] = choice == 0 ? option0 : option1
            choice = choice == 0 ? from[i].0 : from[i].1
        }
        return pixels
    }

    /// A frame may name any index its pixels do not use as its transparent one; the lowest such
    /// index keeps the frame's largest index, and so its LZW code size, small. Returns the pixels
    /// with `transparent` replaced by it.
    static func lowestTransparentIndex(_ pixels: [UInt8], transparent: UInt8) -> (pixels: [UInt8], transparent: UInt8) {
        var used = [Bool](repeating: false, count: 256)
        for pixel in pixels where pixel != transparent { used[Int(pixel)] = true }
        let lowest = UInt8(used.firstIndex(of: false)!)
        guard lowest < transparent else { return (pixels, transparent) }
        return (pixels.map { $0 == transparent ? lowest : $0 }, lowest)
    }

    // MARK: - Helpers

    private func preparedPalette() throws -> GIFPalette {
        if let palette { return palette }
        guard let builder = paletteBuilder else { throw GIFPalette.failure("the palette was not built") }
        let palette = try builder.finish()
        paletteBuilder = nil
        self.palette = palette
        writer = try GIFStreamWriter(
            sink: sink, width: width, height: height, colors: palette.opaqueColors,
            tableSize: palette.tableSize, backgroundIndex: Int(palette.transparentIndex),
            loopCount: options.netscapeLoopCount)
        return palette
    }

    private func checkSize(_ image: Image) throws {
        guard image.width == width, image.height == height else {
            throw GIFPalette.failure("a frame is \(image.width)×\(image.height), but the GIF is \(width)×\(height)")
        }
    }

    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}

/// The smallest rectangle holding a set of pixels.
struct BoundingBox {
    private var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    var isEmpty: Bool { minX > maxX }

    mutating func add(x: Int, y: Int) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    func union(_ other: BoundingBox) -> BoundingBox {
        var box = self
        if !other.isEmpty {
            box.add(x: other.minX, y: other.minY)
            box.add(x: other.maxX, y: other.maxY)
        }
        return box
    }

    var rect: GIFRect? {
        isEmpty ? nil : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
