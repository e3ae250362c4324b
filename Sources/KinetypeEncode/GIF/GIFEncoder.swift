import CGIF
import Foundation
import KinetypeCore

/// An animated GIF encoder in two passes, so memory never holds more than a few frames:
///
/// 1. `addToPalette(_:changed:)` every frame, in display order: one global palette is built from all of
///    them, its colors ordered so that most frames need only low indices. Or, to look at frames on
///    other threads first, `addToPalette(_:)` with each frame's `GIFFrameChange.colors`.
///    With at most 255 distinct colors the palette is exact and every decoded frame equals its
///    input bit for bit (after GIF's 1-bit alpha: alpha < 128 is transparent, the rest opaque).
///    With more, libimagequant quantizes a histogram of all frames to 255 colors.
/// 2. `writeFrames(_:)` (or `writeFrame(_:changed:endTime:)`) every frame in order, then `finish()`.
///
/// Both passes take what changed since the previous frame, and their work follows it: an
/// identical frame costs nothing, a typewriter frame its few changed pixels. In pass 2 each
/// frame's rectangle is mapped to palette indices, and each written frame's renditions are
/// LZW-compressed, on `jobs` threads; deciding rectangles and disposal, and writing, stay in order
/// on the calling thread, so the bytes are the same for any `jobs`.
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
/// Not thread-safe: call it from one thread at a time (it runs its own worker threads).
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    public let options: GIFOptions
    /// Threads for pass 2's per-frame work; the bytes do not depend on it.
    public let jobs: Int
    /// Things the user should know about the result (e.g. a frame rate GIF cannot show).
    public private(set) var warnings: [Diagnostic] = []

    private var paletteBuilder: GIFPaletteBuilder?
    /// Whether pass 1 takes frames as images or as `GIFFrameColors` (nil: no frame yet).
    private var paletteTakesColors: Bool?
    private var palette: GIFPalette?
    private var writer: GIFStreamWriter?
    private let sink: GIFByteSink
    private var emittedCentiseconds = 0
    private var lastEndTime = 0.0
    private var hasWarnedAboutFrameRate = false
    private var isFinished = false
    /// The image last given to `writeFrame(_:endTime:)`, to find what changed.
    private var previousWholeFrame: Image?

    // Pass 2 keeps three pictures of palette indices, changed only where frames change:
    /// The newest distinct frame, not written yet (its end time is `pendingEndTime`).
    private var latest: GIFIndexPlane
    /// The held frame: its delay is known, it waits for the next one to decide its disposal.
    private var target: GIFIndexPlane
    /// The picture shown before the held frame (what it is drawn over).
    private var base: GIFIndexPlane
    /// Outside this rectangle `latest` equals `target`.
    private var latestDiff = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Outside this rectangle `target` equals `base`.
    private var targetDiff = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var pendingEndTime: Double?
    private var held: HeldFrame?
    /// Frames decided but not compressed yet, compressed together on the worker threads.
    private var queue: [GIFFrameJob] = []
    private var queuedBytes = 0

    /// A frame whose delay is known, kept until the next one shows how it must be disposed.
    private struct HeldFrame {
        var delay: Int
        var isFirst: Bool
    }

    /// An encoder that builds the GIF in memory; `finish()` returns its bytes.
    public convenience init(width: Int, height: Int, options: GIFOptions = GIFOptions(), jobs: Int = 1) throws {
        try Self.checkCanvas(width: width, height: height)
        self.init(width: width, height: height, options: options, jobs: jobs, sink: GIFByteSink())
    }

    /// An encoder that streams the GIF into a temporary file next to `destination`; `finish()`
    /// renames it into place (or hands it to `group`). Throws `.cannotWrite` at once when the
    /// folder is missing or not writable, before any frame is rendered.
    public convenience init(
        width: Int, height: Int, options: GIFOptions = GIFOptions(), jobs: Int = 1, destination: URL,
        group: OutputGroup? = nil
    ) throws {
        try Self.checkCanvas(width: width, height: height)
        self.init(
            width: width, height: height, options: options, jobs: jobs,
            sink: try GIFByteSink(destination: destination, group: group))
    }

    private init(width: Int, height: Int, options: GIFOptions, jobs: Int, sink: GIFByteSink) {
        self.width = width
        self.height = height
        self.options = options
        self.jobs = max(1, jobs)
        self.sink = sink
        self.paletteBuilder = GIFPaletteBuilder(width: width, height: height, options: options)
        latest = GIFIndexPlane(width: 0, height: 0, filledWith: 0)
        target = latest
        base = latest
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
        try checkPaletteInput(colors: false)
        paletteBuilder.add(image)
    }

    /// Pass 1 for a frame that differs from the frame added before it only inside `changed`
    /// (nil: it equals that frame; the first frame is read whole). Only `changed` is looked at.
    public func addToPalette(_ image: Image, changed: PixelRect?) throws {
        try checkSize(image)
        guard let paletteBuilder else {
            throw GIFPalette.failure("addToPalette was called after the first writeFrame")
        }
        try checkPaletteInput(colors: false)
        paletteBuilder.add(image, changed: changed)
    }

    /// Pass 1 for a frame looked at elsewhere (`GIFFrameChange`, from the pixels of the frame
    /// before it; from nothing for the first frame). Call it for every frame, in display order,
    /// and do not mix it with the calls that take images.
    public func addToPalette(_ colors: GIFFrameColors) throws {
        guard let paletteBuilder else {
            throw GIFPalette.failure("addToPalette was called after the first writeFrame")
        }
        try checkPaletteInput(colors: true)
        paletteBuilder.add(colors)
    }

    private func checkPaletteInput(colors: Bool) throws {
        guard paletteTakesColors ?? colors == colors else {
            throw GIFPalette.failure("addToPalette was given both images and frame colors")
        }
        paletteTakesColors = colors
    }

    /// Ends pass 1. True when pass 2 needs whole frames (error diffusion over a quantized
    /// palette spreads errors across the canvas): every patch must then cover the whole canvas.
    public func needsWholeFrames() throws -> Bool {
        try preparedPalette().needsWholeFrames
    }

    /// Pass 2: writes the next frame, shown until `endTime` seconds after the animation starts.
    public func writeFrame(_ image: Image, endTime: Double) throws {
        try checkSize(image)
        let whole = PixelRect.whole(width: width, height: height)
        var changed: PixelRect? = whole
        if let previousWholeFrame, try !needsWholeFrames() {
            changed = GIFImageDiff.changedRect(from: previousWholeFrame, to: image)
        }
        previousWholeFrame = image
        try writeFrames([GIFFramePatch(image: image, changed: changed, endTime: endTime)])
    }

    /// Pass 2: writes the next frame, which differs from the frame written before it only inside
    /// `changed` (nil: it equals it).
    public func writeFrame(_ image: Image, changed: PixelRect?, endTime: Double) throws {
        try checkSize(image)
        try writeFrames([GIFFramePatch(image: image, changed: changed, endTime: endTime)])
    }

    /// Pass 2: writes the next frames, in order. Their rectangles are mapped to palette indices on
    /// the worker threads.
    public func writeFrames(_ patches: [GIFFramePatch]) throws {
        guard !isFinished else { throw GIFPalette.failure("writeFrame was called after finish") }
        let palette = try preparedPalette()
        let whole = PixelRect.whole(width: width, height: height)
        for patch in patches {
            if let rect = patch.rect, rect.intersection(whole) != rect {
                throw GIFPalette.failure("a frame's changed rectangle lies outside the \(width)×\(height) canvas")
            }
        }
        let mapped: [[UInt8]?]
        if palette.needsWholeFrames {
            mapped = try patches.map { patch in
                guard let rect = patch.rect else { return nil }
                guard rect == whole else { throw GIFPalette.failure("error diffusion needs whole frames") }
                return try palette.indices(of: Image(width: width, height: height, pixels: patch.pixels))
            }
        } else {
            let mapper = palette.mapper
            mapped = GIFParallel.map(patches, jobs: patches.count >= 4 ? jobs : 1) { patch in
                guard let rect = patch.rect else { return nil }
                if case .packed(let words) = patch.storage, let indices = mapper.indices(ofPacked: words, rect: rect) {
                    return indices
                }
                return patch.pixels.withUnsafeBufferPointer {
                    mapper.indices(of: $0, start: 0, rowBytes: rect.width * 4, rect: rect)
                }
            }
        }
        for (patch, indices) in zip(patches, mapped) {
            try add(indices, in: patch.rect, endTime: patch.endTime)
        }
    }

    /// Takes the next frame's indices inside `rect` (nil: the frame equals the one before).
    private func add(_ indices: [UInt8]?, in rect: PixelRect?, endTime: Double) throws {
        guard endTime.isFinite, endTime >= lastEndTime else {
            throw GIFPalette.failure("frame end times must not decrease (\(endTime) s after \(lastEndTime) s)")
        }
        // The last frame may be short because the scene's duration is not a whole number of
        // frames; only the intervals of frames that have a successor tell the frame rate.
        if let interval = intervalOfPreviousFrame { noteFrameInterval(interval) }
        intervalOfPreviousFrame = endTime - lastEndTime
        lastEndTime = endTime
        guard let pendingEndTime else {
            guard let indices, let rect, rect == .whole(width: width, height: height) else {
                throw GIFPalette.failure("the first frame must be given whole")
            }
            latest = GIFIndexPlane(width: width, height: height, indices: indices)
            self.pendingEndTime = endTime
            return
        }
        guard let indices, let rect, let changed = latest.changedRect(to: indices, in: rect) else {
            self.pendingEndTime = endTime
            return
        }
        try commit(endTime: pendingEndTime)
        latest.write(indices, in: rect)
        latestDiff = latestDiff.union(changed)
        self.pendingEndTime = endTime
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
            try flushQueue()
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
        pendingEndTime = nil
        held = nil
        queue = []
        sink.discard()
    }

    private func writeLastFrame() throws {
        guard let lastEndTime = pendingEndTime else { throw GIFPalette.failure("the animation has no frames") }
        pendingEndTime = nil
        let delay = Int(clamping: (lastEndTime * 100).rounded()) - emittedCentiseconds
        if delay >= 2 || held == nil {
            try push(delay: max(delay, 2))
        } else if var previous = held, previous.delay - (2 - delay) >= 2 {
            previous.delay -= 2 - delay
            emittedCentiseconds -= 2 - delay
            held = previous
            try push(delay: 2)
        } else if var previous = held {
            // The held frame shows the last frame instead, for both their times.
            target.copy(latestDiff, from: latest)
            targetDiff = targetDiff.union(latestDiff)
            latestDiff = PixelRect(x: 0, y: 0, width: 0, height: 0)
            previous.delay += delay
            emittedCentiseconds += delay
            held = previous
        }
        if let frame = held { _ = try emit(frame, hasNext: false) }
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

    /// Gives the pending frame (`latest`) its delay, or drops it when that would be under 2 cs.
    private func commit(endTime: Double) throws {
        let delay = Int(clamping: (endTime * 100).rounded()) - emittedCentiseconds
        guard delay >= 2 else { return }
        try push(delay: delay)
    }

    /// Writes the held frame and makes `latest` the held frame.
    private func push(delay: Int) throws {
        if let previous = held {
            let disposed = try emit(previous, hasNext: true)
            target.copy(latestDiff, from: latest)
            targetDiff = latestDiff.union(disposed ?? PixelRect(x: 0, y: 0, width: 0, height: 0))
        } else {
            base = GIFIndexPlane(width: width, height: height, filledWith: try preparedPalette().transparentIndex)
            target = latest
            targetDiff = target.whole
        }
        latestDiff = PixelRect(x: 0, y: 0, width: 0, height: 0)
        held = HeldFrame(delay: delay, isFirst: held == nil && emittedCentiseconds == 0)
        emittedCentiseconds += delay
    }

    // MARK: - Frames

    /// Decides how the held frame is written (`hasNext`: `latest` follows it), queues it for
    /// compression, and turns `base` into the picture shown after its disposal. Returns the
    /// rectangle disposed to background, if any.
    private func emit(_ frame: HeldFrame, hasNext: Bool) throws -> PixelRect? {
        let palette = try preparedPalette()
        let transparent = palette.transparentIndex
        let changed = target.changedRect(to: base, in: targetDiff)
        var cleared = BoundingBox()
        if hasNext, palette.hasTransparency {
            cleared = target.clearedRect(by: latest, in: latestDiff, transparent: transparent)
        }
        let rect: PixelRect
        if frame.isFirst {
            rect = target.whole
        } else {
            rect = changed.union(cleared).pixelRect ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let disposesToBackground = !cleared.isEmpty
        // The first frame is drawn over a transparent canvas: only its transparent pixels can be
        // equal to what is below, and an opaque canvas has none.
        let isFree =
            frame.isFirst && !target.contains(transparent) ? [] : target.equalPixels(to: base, in: rect)
        let job = GIFFrameJob(
            rect: GIFRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
            wanted: target.pixels(in: rect), isFree: isFree, delay: frame.delay,
            disposal: disposesToBackground ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, transparent: transparent)
        try enqueue(job)
        base.copy(targetDiff, from: target)
        guard disposesToBackground else { return nil }
        base.fill(rect, with: transparent)
        return rect
    }

    private func enqueue(_ job: GIFFrameJob) throws {
        queue.append(job)
        queuedBytes += job.wanted.count * 2
        if queue.count >= 16 * jobs || queuedBytes >= 1 << 23 { try flushQueue() }
    }

    /// Compresses the queued frames on the worker threads and writes them in order.
    private func flushQueue() throws {
        guard !queue.isEmpty else { return }
        guard let writer else { throw GIFPalette.failure("the GIF was not started") }
        let jobs = queue
        queue = []
        queuedBytes = 0
        for frame in GIFParallel.map(jobs, jobs: self.jobs, { $0.encode() }) {
            try writer.writeFrame(
                rect: frame.rect, codeSize: frame.codeSize, compressed: frame.compressed, delay: frame.delay,
                disposal: frame.disposal, transparentIndex: frame.transparentIndex)
        }
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

    var pixelRect: PixelRect? {
        isEmpty ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
