import CGIF
import Foundation
import KinetypeCore

/// Pass 2 of an animated GIF, made by `GIFPaletteCollector.finish()` once the palette is known:
/// `write` every frame in order, then `finish()`.
///
/// Frames come as what changed since the previous frame, and the work follows it: an identical
/// frame costs nothing, a typewriter frame its few changed pixels. Each frame's rectangle is
/// mapped to palette indices, and each written frame's renditions are LZW-compressed, on `jobs`
/// threads each; deciding rectangles and disposal, and writing, stay in order on the calling
/// thread, so the bytes are the same for any `jobs`. The three stages stream: a frame is mapped
/// while earlier ones are decided and compressed, and written as soon as it and every frame
/// before it are compressed, so no stage waits for a batch of another to end.
///
/// `finish()` writes the last frame and the trailer: in memory it returns the GIF's bytes; with a
/// destination it renames the streamed temporary file into place. `cancel()`, a failing
/// `finish()`, or dropping the session unfinished removes the temporary and leaves the destination
/// as it was.
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
public typealias GIFFrameWriter = EncoderSession<GIFFrameWriterCore>

extension EncoderSession where Encoder == GIFFrameWriterCore {
    /// Whether every frame must be given whole (error diffusion over a quantized palette spreads
    /// errors across the canvas): every patch must then cover the whole canvas.
    public var needsWholeFrames: Bool { encoder.needsWholeFrames }

    /// Writes the next frame, shown until `endTime` seconds after the animation starts.
    public func write(_ image: Image, endTime: Double) throws {
        try encoder.write(image, endTime: endTime)
    }

    func write(_ image: Image, changed: PixelRect?, endTime: Double) throws {
        try encoder.write(image, changed: changed, endTime: endTime)
    }

    /// Writes the next frames, in order. Their rectangles are mapped to palette indices on the
    /// worker threads while the frames before them are written.
    public func write(_ patches: [GIFFramePatch]) throws {
        try encoder.write(patches)
    }
}

/// A finished GIF: its bytes when it was built in memory (empty when it went to a destination),
/// and what the user should know about it.
public struct FinishedGIF: Sendable {
    public let bytes: Data
    /// E.g. a frame rate GIF cannot show.
    public let warnings: [Diagnostic]
}

/// The state of a `GIFFrameWriter` session.
public final class GIFFrameWriterCore: SessionEncoder {
    let width: Int
    let height: Int
    /// Threads for the per-frame work; the bytes do not depend on it.
    let jobs: Int
    /// See `GIFFrameWriter.needsWholeFrames`.
    let needsWholeFrames: Bool
    /// Things the user should know about the result (e.g. a frame rate GIF cannot show).
    private var warnings: [Diagnostic] = []

    private let palette: GIFPalette
    private let writer: GIFStreamWriter
    private let sink: OutputByteSink
    private var emittedCentiseconds = 0
    private var lastEndTime = 0.0
    private var hasWarnedAboutFrameRate = false
    /// The image last given to `write(_:endTime:)`, to find what changed.
    private var previousWholeFrame: Image?

    // Pass 2 state: three index planes (see `push`/`emit`).
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
    /// The end time of the last frame given to `write`, which may not be added yet.
    private var lastGivenEndTime: Double?
    /// Maps the frames given to `write` to indices, on worker threads; `add` takes them in order.
    /// Nil with error diffusion, which maps whole frames in order, and once finished or cancelled.
    private var mapping: OrderedWork<GIFFramePatch, MappedPatch>?
    /// Compresses the decided frames on worker threads; `writeFrame` writes them in order. Nil
    /// once finished or cancelled.
    private var compression: OrderedWork<GIFFrameJob, GIFCompressedPixels>?
    /// The frames given to `compression`, in order: what `writeFrame` writes with their pixels.
    private var compressing: [CompressingFrame] = []
    /// Rectangles compressed before, to write again without compressing.
    private var compressed = GIFCompressionCache(budget: 2 << 20)

    /// A frame on its way through `compression`: where and how it is written, and the key to keep
    /// its compressed pixels by (nil: already kept, or too small to).
    private struct CompressingFrame {
        let rect: GIFRect
        let delay: Int
        let disposal: Int32
        let key: GIFCompressionCache.Key?
    }

    /// A frame's indices inside its rectangle (nil: it equals the frame before), with its end time.
    private struct MappedPatch: Sendable {
        let indices: [UInt8]?
        let rect: PixelRect?
        let endTime: Double
    }

    /// A frame whose delay is known, kept until the next one shows how it must be disposed.
    private struct HeldFrame {
        var delay: Int
        var isFirst: Bool
    }

    /// Starts the GIF on `sink`: writes its header and palette.
    init(width: Int, height: Int, options: GIFOptions, jobs: Int, palette: GIFPalette, sink: OutputByteSink) throws {
        self.width = width
        self.height = height
        self.jobs = max(1, jobs)
        self.palette = palette
        self.sink = sink
        needsWholeFrames = palette.needsWholeFrames
        writer = try GIFStreamWriter(
            sink: sink, width: width, height: height, colors: palette.opaqueColors,
            tableSize: palette.tableSize, backgroundIndex: Int(palette.transparentIndex),
            loopCount: options.netscapeLoopCount)
        latest = GIFIndexPlane(width: 0, height: 0, filledWith: 0)
        target = latest
        base = latest
        if !needsWholeFrames {
            let mapper = palette.mapper
            mapping = OrderedWork(workers: self.jobs, maxPending: 4 * self.jobs, maxPendingCost: 1 << 23) { patch in
                MappedPatch(indices: Self.indices(of: patch, mapper: mapper), rect: patch.rect, endTime: patch.endTime)
            }
        }
        // Each worker keeps one scratch for the LZW tables of all the frames it compresses.
        compression = OrderedWork(workers: self.jobs, maxPending: 4 * self.jobs, maxPendingCost: 1 << 23) {
            let scratch = GIFLZWScratch()
            return { $0.compress(scratch: scratch) }
        }
    }

    func write(_ image: Image, endTime: Double) throws {
        try checkSize(image)
        let whole = PixelRect.whole(width: width, height: height)
        var changed: PixelRect? = whole
        if let previousWholeFrame, !needsWholeFrames {
            changed = GIFImageDiff.changedRect(from: previousWholeFrame, to: image)
        }
        previousWholeFrame = image
        try write([GIFFramePatch(image: image, changed: changed, endTime: endTime)])
    }

    /// Writes the next frame, which differs from the frame written before it only inside
    /// `changed` (nil: it equals it).
    public func write(_ image: Image, changed: PixelRect?, endTime: Double) throws {
        try checkSize(image)
        try write([GIFFramePatch(image: image, changed: changed, endTime: endTime)])
    }

    func write(_ patches: [GIFFramePatch]) throws {
        try check(patches)
        guard let mapping else {
            // Error diffusion: whole frames, mapped in order.
            for patch in patches {
                guard let rect = patch.rect else {
                    try add(nil, in: nil, endTime: patch.endTime)
                    continue
                }
                let indices = try palette.indices(of: Image(width: width, height: height, pixels: patch.pixels))
                try add(indices, in: rect, endTime: patch.endTime)
            }
            return
        }
        for patch in patches {
            try mapping.submit(patch, cost: patch.byteCount, deliver: add)
        }
    }

    /// Refuses, before any of them is taken, patches outside the canvas, end times that
    /// decrease, a first frame that is not whole, and with error diffusion any patch that is not.
    private func check(_ patches: [GIFFramePatch]) throws {
        let whole = PixelRect.whole(width: width, height: height)
        var lastEndTime = lastGivenEndTime
        for patch in patches {
            if let rect = patch.rect, rect.intersection(whole) != rect {
                throw GIFPalette.failure("a frame's changed rectangle lies outside the \(width)×\(height) canvas")
            }
            if needsWholeFrames, let rect = patch.rect, rect != whole {
                throw GIFPalette.failure("error diffusion needs whole frames")
            }
            guard patch.endTime.isFinite, patch.endTime >= lastEndTime ?? 0 else {
                throw GIFPalette.failure(
                    "frame end times must not decrease (\(patch.endTime) s after \(lastEndTime ?? 0) s)")
            }
            if lastEndTime == nil, patch.rect != whole {
                throw GIFPalette.failure("the first frame must be given whole")
            }
            lastEndTime = patch.endTime
        }
        lastGivenEndTime = lastEndTime
    }

    /// A patch's indices inside its rectangle (nil: none, the frame equals the one before).
    private static func indices(of patch: GIFFramePatch, mapper: GIFIndexMapper) -> [UInt8]? {
        guard let rect = patch.rect else { return nil }
        if case .packed(let words) = patch.storage, let indices = mapper.indices(ofPacked: words, rect: rect) {
            return indices
        }
        return patch.pixels.withUnsafeBufferPointer {
            mapper.indices(of: $0, start: 0, rowBytes: rect.width * 4, rect: rect)
        }
    }

    private func add(_ mapped: MappedPatch) throws {
        try add(mapped.indices, in: mapped.rect, endTime: mapped.endTime)
    }

    /// Takes the next frame's indices inside `rect` (nil: the frame equals the one before).
    private func add(_ indices: [UInt8]?, in rect: PixelRect?, endTime: Double) throws {
        // `check` refused end times that decrease before they came here.
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

    /// Writes the last frame and the trailer. In memory: the GIF's bytes. With a destination:
    /// renames the file into place (and the bytes are empty). On failure nothing is left behind.
    public func finish(_: Void) throws -> FinishedGIF {
        do {
            try mapping?.finish(deliver: add)
            mapping = nil
            try writeLastFrame()
            try compression?.finish(deliver: writeFrame)
            compression = nil
            try writer.close()
            return FinishedGIF(bytes: try sink.finish(), warnings: warnings)
        } catch {
            sink.discard()
            throw error
        }
    }

    public func cancel() {
        pendingEndTime = nil
        held = nil
        // Released, the works stop their threads once their current items are done.
        mapping = nil
        compression = nil
        compressing = []
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
        if let warning = GIFFrameRate.mergedFramesWarning(fps: 1 / interval) { warnings.append(warning) }
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
            base = GIFIndexPlane(width: width, height: height, filledWith: palette.transparentIndex)
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

    /// Hands `job` to the compression workers, or, when the same rectangle was compressed
    /// before, its kept pixels.
    private func enqueue(_ job: GIFFrameJob) throws {
        guard let compression else { throw GIFPalette.failure("a frame was written after finish") }
        let key = GIFCompressionCache.Key(job)
        let kept = key.flatMap { compressed.pixels(for: $0) }
        compressing.append(
            CompressingFrame(rect: job.rect, delay: job.delay, disposal: job.disposal, key: kept == nil ? key : nil))
        if let kept {
            try compression.submit(ready: kept, deliver: writeFrame)
        } else {
            try compression.submit(job, cost: job.wanted.count * 2, deliver: writeFrame)
        }
    }

    /// Writes the oldest frame given to `compression`, whose pixels these are, and keeps them.
    private func writeFrame(_ pixels: GIFCompressedPixels) throws {
        let frame = compressing.removeFirst()
        if let key = frame.key { compressed.remember(pixels, for: key) }
        try writer.writeFrame(
            rect: frame.rect, codeSize: pixels.codeSize, compressed: pixels.compressed, delay: frame.delay,
            disposal: frame.disposal, transparentIndex: pixels.transparentIndex)
    }

    // MARK: - Helpers

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
