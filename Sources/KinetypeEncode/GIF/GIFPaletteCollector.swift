import Foundation
import KinetypeCore

/// Pass 1 of an animated GIF: every frame's colors, in display order, make one global palette,
/// ordered so that most frames need only low indices. With at most 255 distinct colors the palette
/// is exact and every decoded frame equals its input bit for bit (after GIF's 1-bit alpha: alpha
/// < 128 is transparent, the rest opaque); with more, libimagequant quantizes a histogram of all
/// frames to 255 colors.
///
/// `finish()` consumes the collector and returns the `GIFFrameWriter` for pass 2, so no frame can
/// be written before the palette is complete and no color added after it.
///
/// Created with a `destination`, the GIF is streamed into a temporary file next to it and the
/// writer's `finish()` renames it into place; if the collector or the writer is dropped, cancelled
/// or fails first, the temporary is removed and the destination left as it was. Created without
/// one, the GIF is built in memory and the writer's `finish()` returns the bytes.
public struct GIFPaletteCollector: ~Copyable {
    public let width: Int
    public let height: Int
    public let options: GIFOptions
    /// Threads for pass 2's per-frame work; the bytes do not depend on it.
    public let jobs: Int
    private let builder: GIFPaletteBuilder
    private let sink: OutputByteSink

    /// A GIF built in memory.
    public init(width: Int, height: Int, options: GIFOptions = GIFOptions(), jobs: Int = 1) throws {
        try Self.checkCanvas(width: width, height: height)
        self.init(width: width, height: height, options: options, jobs: jobs, sink: OutputByteSink())
    }

    /// A GIF streamed into a temporary file next to `destination`, put in place by the writer's
    /// `finish()` (with `group`'s other outputs when given). Throws `.cannotWrite` at once when the
    /// folder is missing or not writable, before any frame is rendered.
    public init(
        width: Int, height: Int, options: GIFOptions = GIFOptions(), jobs: Int = 1, destination: URL,
        group: OutputGroup? = nil
    ) throws {
        try Self.checkCanvas(width: width, height: height)
        self.init(
            width: width, height: height, options: options, jobs: jobs,
            sink: try OutputByteSink(destination: destination, group: group))
    }

    private init(width: Int, height: Int, options: GIFOptions, jobs: Int, sink: OutputByteSink) {
        self.width = width
        self.height = height
        self.options = options
        self.jobs = max(1, jobs)
        self.sink = sink
        builder = GIFPaletteBuilder(width: width, height: height, options: options)
    }

    private static func checkCanvas(width: Int, height: Int) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFPalette.failure("a GIF must be 1…65535 pixels wide and high, not \(width)×\(height)")
        }
    }

    /// Adds what the next frame changes (from a `GIFFrameChange` made on any thread, or a
    /// `GIFFrameColorReader`). Every frame, in display order.
    public func add(_ colors: GIFFrameColors) {
        builder.add(colors)
    }

    /// Builds the palette and starts the GIF (its header and palette are written), returning the
    /// writer of its frames. On failure the temporary file is removed.
    public consuming func finish() throws -> GIFFrameWriter {
        do {
            let palette = try builder.finish()
            return GIFFrameWriter(
                try GIFFrameWriterCore(
                    width: width, height: height, options: options, jobs: jobs, palette: palette, sink: sink))
        } catch {
            sink.discard()
            throw error
        }
    }
}
