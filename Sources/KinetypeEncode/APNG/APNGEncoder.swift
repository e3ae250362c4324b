import Foundation
import KinetypeCore

/// An animated PNG (APNG) encoder: every decoded frame equal to its input.
///
/// `APNGEncoder(width:height:options:destination:group:)` starts an `EncoderSession`: call
/// `addFrame(_:startTime:)` for every frame in display order, then `finish(endTime:)`.
///
/// - The first frame is the file's default image (IDAT), so viewers without APNG support show
///   it. Each later frame covers only the rectangle that differs from the canvas it is drawn on.
/// - Each frame's dispose op is chosen when the next frame is known (`APNGFramePlanner`): left as
///   is, cleared, or put back as before — at the default compression whichever lets the next
///   frame compress smallest (by a quick deflate of each way to draw it, as apngasm does), at
///   lower levels whichever leaves it the smallest rectangle. A frame may blend over (its
///   unchanged pixels written fully transparent, which compresses well) only when every pixel it
///   changes ends up opaque, so the result is exact in every decoder; otherwise it replaces its
///   rectangle (source).
/// - Identical consecutive frames are merged (their durations add up).
/// - Delays are whole milliseconds (`delay_den` 1000) at the boundaries `round(1000 · t)`, so they
///   never drift; a frame longer than 65.535 s uses a coarser denominator and the rounding is
///   carried into the next frame. A frame that would last under 1 ms is left out.
/// - Planned frames (their rectangle's raw RGBA) wait in an anonymous file (`SpoolFile`)
///   while `APNGColorCensus` counts their colors. `finish` chooses one color type for the whole
///   file (a palette of 1, 2, 4 or 8 bits when there are at most 256 colors; else RGB, with a tRNS
///   key when the only non-opaque pixel is transparent zero; else RGBA), then converts, filters and
///   deflates the frames on `options.jobs` threads (`OrderedWork`, `APNGFrameCompressor`) and
///   writes the chunks in order. The bytes do not depend on the number of threads.
/// - Memory holds five canvases and a few frames in flight at most, whatever the frame count;
///   with a `destination` the file is streamed into a temporary file beside it and renamed into
///   place by `finish`. `cancel()`, a failing `finish`, or dropping the session unfinished leaves
///   the destination as it was.
///
/// Not thread-safe.
public typealias APNGEncoder = EncoderSession<APNGEncoderCore>

extension EncoderSession where Encoder == APNGEncoderCore {
    /// An APNG built in memory (`finish` returns its bytes), or with `destination`, streamed into a
    /// temporary file beside it (`.cannotWrite` at once when the folder is missing or not writable)
    /// and renamed into place by `finish`.
    public init(
        width: Int, height: Int, options: APNGOptions = APNGOptions(), destination: URL? = nil,
        group: OutputGroup? = nil
    ) throws {
        self.init(
            try APNGEncoderCore(width: width, height: height, options: options, destination: destination, group: group))
    }
}

/// The state of an `APNGEncoder` session.
public final class APNGEncoderCore: AnimatedImageEncoderCore {
    let width: Int
    let height: Int
    let options: APNGOptions

    private let sink: OutputByteSink
    private let spool: SpoolFile
    private var census = APNGColorCensus()
    private let planner: APNGFramePlanner
    /// The frames planned and spooled, in display order.
    private var planned: [PlannedFrame] = []
    private var sequence: UInt32 = 0
    private var held: HeldFrame?
    private var lastStart: Int?
    /// Milliseconds shown by the frames written so far.
    private var emitted = 0

    /// The largest data of one IDAT or fdAT chunk written.
    private static let chunkLimit = 1 << 20

    /// A frame whose pixels are spooled, kept until the next frame decides its dispose op.
    private struct HeldFrame {
        var target: [UInt8]
        var base: [UInt8]
        var rect: PixelRect
        var blend: APNGBlend
        var spoolOffset: Int
        var start: Int
        var isFirst: Bool
    }

    /// A frame as it will be written: where its rectangle's RGBA is in the spool, and its fcTL.
    private struct PlannedFrame {
        var rect: PixelRect
        var blend: APNGBlend
        var dispose: APNGDispose
        var delay: (numerator: UInt16, denominator: UInt16)
        var spoolOffset: Int
        var isFirst: Bool
    }

    /// A frame's raw rectangle on its way to a compressing thread, with its unchanged-pixel mask
    /// when it may blend over.
    private struct FrameJob: Sendable {
        var pixels: [UInt8]
        var mask: [UInt8]?
        var width: Int
        var height: Int
        /// Whether the frame is put back after it is shown (dispose op previous).
        var putBack = false
    }

    init(
        width: Int, height: Int, options: APNGOptions = APNGOptions(), destination: URL? = nil,
        group: OutputGroup? = nil
    ) throws {
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw APNGFailure.encode("an APNG must be at least 1 pixel wide and high, not \(width)×\(height)")
        }
        self.width = width
        self.height = height
        self.options = options
        planner = try APNGFramePlanner(width: width, height: height, effort: APNGCompressionEffort(options.compression))
        sink = try destination.map { try OutputByteSink(destination: $0, group: group) } ?? OutputByteSink()
        do {
            let folder = destination?.deletingLastPathComponent() ?? FileManager.default.temporaryDirectory
            spool = try SpoolFile(folder: folder, for: destination)
        } catch {
            sink.discard()
            throw error
        }
    }

    public func addFrame(_ image: Image, startTime: Double) throws {
        guard image.width == width, image.height == height else {
            throw APNGFailure.encode("a frame is \(image.width)×\(image.height), but the APNG is \(width)×\(height)")
        }
        let start = FrameTiming.milliseconds(startTime)
        if let lastStart, start <= lastStart { return }
        lastStart = start
        let target = image.pixels
        guard let previous = held else {
            let base = [UInt8](repeating: 0, count: target.count)
            let rect = PixelRect.whole(width: width, height: height)
            let offset = try store(target, base: base, rect: rect, blend: .source)
            held = HeldFrame(
                target: target, base: base, rect: rect, blend: .source, spoolOffset: offset, start: start,
                isFirst: true)
            return
        }
        if Self.equal(target, previous.target) { return }
        let next = try plan(after: previous, target: target, start: start)
        record(previous, dispose: next.dispose, until: start)
        held = next.frame
    }

    /// Ends the animation at `endTime` seconds. In memory: returns the file's bytes. With a
    /// destination: renames the file into place and returns empty data. On failure nothing is
    /// left behind.
    public func finish(_ endTime: Double) throws -> Data {
        do {
            guard let last = held, let lastStart else { throw APNGFailure.encode("the animation has no frames") }
            held = nil
            record(last, dispose: .none, until: max(FrameTiming.milliseconds(endTime), lastStart + 1))
            let mode = census.colorMode()
            try writeHeader(mode: mode)
            try writeFrames(mode: mode)
            try sink.append(PNGChunk.make("IEND", []))
            return try sink.finish()
        } catch {
            sink.discard()
            throw error
        }
    }

    public func cancel() {
        held = nil
        sink.discard()
    }

    // MARK: - Planning

    /// The dispose op of `previous` that `planner` finds leaves `target` the least to write, and
    /// the frame that draws it.
    private func plan(after previous: HeldFrame, target: [UInt8], start: Int) throws
        -> (dispose: APNGDispose, frame: HeldFrame)
    {
        let chosen = try planner.plan(
            after: APNGFramePlanner.Previous(
                target: previous.target, base: previous.base, rect: previous.rect, isFirst: previous.isFirst,
                blendsOver: previous.blend == .over),
            target: target, mode: { census.colorMode() })
        // A frame identical to its base still needs one pixel: draw the first one as it is.
        let rect = chosen.change.rect ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        let blend: APNGBlend = chosen.change.rect != nil && chosen.change.opaque ? .over : .source
        let offset = try store(target, base: chosen.base, rect: rect, blend: blend)
        let frame = HeldFrame(
            target: target, base: chosen.base, rect: rect, blend: blend, spoolOffset: offset, start: start,
            isFirst: false)
        return (chosen.dispose, frame)
    }

    /// Spools the target's pixels of `rect` and, for a frame that blends over, a mask of those
    /// equal to the base (one bit each, set when unchanged), and counts their colors; returns where
    /// they are in the spool. The compressing thread writes such a frame either over, its unchanged
    /// pixels transparent, or as source, whichever is smaller.
    private func store(_ target: [UInt8], base: [UInt8], rect: PixelRect, blend: APNGBlend) throws -> Int {
        var pixels = [UInt8](repeating: 0, count: rect.area * 4)
        var mask = [UInt8](repeating: 0, count: blend == .over ? (rect.area + 7) / 8 : 0)
        var anyUnchanged = false
        target.withUnsafeBytes { targetBytes in
            base.withUnsafeBytes { baseBytes in
                pixels.withUnsafeMutableBytes { output in
                    let targetPixels = targetBytes.bindMemory(to: UInt32.self)
                    let basePixels = baseBytes.bindMemory(to: UInt32.self)
                    let outputPixels = output.bindMemory(to: UInt32.self)
                    for y in 0..<rect.height {
                        let source = (rect.y + y) * width + rect.x
                        let destination = y * rect.width
                        for x in 0..<rect.width {
                            let pixel = targetPixels[source + x]
                            outputPixels[destination + x] = pixel
                            if blend == .over, pixel == basePixels[source + x] {
                                mask[(destination + x) >> 3] |= 1 << UInt8((destination + x) & 7)
                                anyUnchanged = true
                            }
                        }
                    }
                }
            }
        }
        // An over frame's source form may draw transparent zero; the compressor uses it only
        // where the color type draws that exactly.
        census.add(pixels, over: blend == .over)
        if anyUnchanged { census.add([0, 0, 0, 0], over: true) }
        let offset = try spool.append(pixels)
        if !mask.isEmpty { _ = try spool.append(mask) }
        return offset
    }

    // MARK: - Chunks

    private func writeHeader(mode: APNGColorMode) throws {
        var ihdr = PNGChunk.bigEndian(UInt32(width)) + PNGChunk.bigEndian(UInt32(height))
        ihdr += [mode.bitDepth, mode.colorType, 0, 0, 0] // deflate, adaptive filters, not interlaced
        try sink.append(PNGChunk.signature + PNGChunk.make("IHDR", ihdr))
        let plays = UInt32(min(max(options.loop, 0), Int(UInt32.max)))
        try sink.append(PNGChunk.make("acTL", PNGChunk.bigEndian(UInt32(planned.count)) + PNGChunk.bigEndian(plays)))
        for chunk in mode.chunks { try sink.append(PNGChunk.make(chunk.type, chunk.data)) }
    }

    /// Records `frame`, shown until `end` milliseconds, with the dispose op the next frame chose.
    private func record(_ frame: HeldFrame, dispose: APNGDispose, until end: Int) {
        // Clearing draws transparent zero: a palette must hold it.
        if dispose == .background { census.add([0, 0, 0, 0], over: true) }
        let delay = delay(milliseconds: end - emitted)
        emitted += Int(delay.0) * (1000 / Int(delay.1))
        planned.append(
            PlannedFrame(
                rect: frame.rect, blend: frame.blend, dispose: dispose, delay: delay, spoolOffset: frame.spoolOffset,
                isFirst: frame.isFirst))
    }

    /// Reads every planned frame back from the spool, compresses them on `options.jobs` threads
    /// and writes their chunks in order.
    private func writeFrames(mode: APNGColorMode) throws {
        let effort = APNGCompressionEffort(options.compression)
        let jobs = max(1, options.jobs)
        let work = OrderedWork<FrameJob, (APNGBlend, [UInt8])>(
            workers: jobs, maxPending: jobs * 2, maxPendingCost: Self.pendingBytes
        ) {
            let compressor = try APNGFrameCompressor(effort: effort)
            return { job in
                var variants: [(APNGBlend, [UInt8])] = []
                if let mask = job.mask, mode.allowsBlendOver {
                    var over = job.pixels
                    var drawsClear = false
                    for pixel in 0..<(job.width * job.height) {
                        if mask[pixel >> 3] & (1 << UInt8(pixel & 7)) != 0 {
                            over[pixel * 4] = 0
                            over[pixel * 4 + 1] = 0
                            over[pixel * 4 + 2] = 0
                            over[pixel * 4 + 3] = 0
                        } else if job.pixels[pixel * 4 + 3] == 0 {
                            drawsClear = true
                        }
                    }
                    variants.append((.over, over))
                    if !drawsClear || mode.drawsClearExactly { variants.append((.source, job.pixels)) }
                } else {
                    variants.append((.source, job.pixels))
                }
                let rows = variants.map { mode.rows($0.1, width: job.width, height: job.height) }
                // Pillow reads a frame that blends over wrong when it is put back, or in grey with a
                // tRNS key: replacing the rectangle wins there unless it costs noticeably more.
                let pillowMisreadsOver = job.putBack || mode.isKeyedGrey
                let (index, data) = try compressor.imageData(
                    variants: rows.map(\.bytes), rowBytes: rows[0].rowBytes, height: job.height, step: mode.filterStep,
                    preferred: pillowMisreadsOver ? variants.firstIndex { $0.0 == .source } : nil)
                return (variants[index].0, data)
            }
        }
        var next = 0
        let deliver = { (result: (APNGBlend, [UInt8])) throws in
            var frame = self.planned[next]
            frame.blend = result.0
            try self.write(frame, data: result.1)
            next += 1
        }
        for frame in planned {
            let area = frame.rect.area
            let pixels = try spool.read(at: frame.spoolOffset, count: area * 4)
            let mask =
                frame.blend == .over ? try spool.read(at: frame.spoolOffset + area * 4, count: (area + 7) / 8) : nil
            try work.submit(
                FrameJob(
                    pixels: pixels, mask: mask, width: frame.rect.width, height: frame.rect.height,
                    putBack: frame.dispose == .previous),
                cost: pixels.count, deliver: deliver)
        }
        try work.finish(deliver: deliver)
    }

    /// Raw frame bytes read ahead of the compressing threads at most (one frame always goes).
    private static let pendingBytes = 64 << 20

    /// Writes `frame`'s fcTL and image data.
    private func write(_ frame: PlannedFrame, data: [UInt8]) throws {
        var fcTL = PNGChunk.bigEndian(nextSequence())
        fcTL += PNGChunk.bigEndian(UInt32(frame.rect.width)) + PNGChunk.bigEndian(UInt32(frame.rect.height))
        fcTL += PNGChunk.bigEndian(UInt32(frame.rect.x)) + PNGChunk.bigEndian(UInt32(frame.rect.y))
        fcTL += PNGChunk.bigEndian(frame.delay.numerator) + PNGChunk.bigEndian(frame.delay.denominator)
        fcTL += [frame.dispose.rawValue, frame.blend.rawValue]
        try sink.append(PNGChunk.make("fcTL", fcTL))
        var offset = 0
        repeat {
            let piece = Array(data[offset..<min(offset + Self.chunkLimit, data.count)])
            if frame.isFirst {
                try sink.append(PNGChunk.make("IDAT", piece))
            } else {
                try sink.append(PNGChunk.make("fdAT", PNGChunk.bigEndian(nextSequence()) + piece))
            }
            offset += Self.chunkLimit
        } while offset < data.count
    }

    /// `milliseconds` as fcTL's `delay_num / delay_den`: thousandths when they fit 16 bits,
    /// else hundredths, tenths or whole seconds (rounded).
    private func delay(milliseconds: Int) -> (UInt16, UInt16) {
        let wanted = max(milliseconds, 0)
        for (denominator, unit) in [(1000, 1), (100, 10), (10, 100), (1, 1000)] {
            let count = (wanted + unit / 2) / unit
            if count <= Int(UInt16.max) { return (UInt16(count), UInt16(denominator)) }
        }
        return (UInt16.max, 1)
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
