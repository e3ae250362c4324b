import Foundation
import KinetypeCore

/// Decodes animated PNG files (and plain PNGs, as one frame) into whole canvases, for comparing
/// golden APNG files. Each frame's image data is wrapped as a PNG of its own (the file's IHDR with
/// the frame's size, its palette and color chunks, the frame's data) and decoded by libpng, then
/// drawn with its blend op and disposed with its dispose op, as the APNG specification says.
public enum APNGDecoder {
    /// Chunks before the image data that every frame's PNG needs to decode the same way.
    private static let sharedChunkTypes: Set<String> = ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]

    /// Decodes every frame. Throws `.renderFailure` naming `name` when the data is not a PNG (or a
    /// chunk is damaged), its canvas is beyond `limits`, a frame lies outside the canvas, or the
    /// frames acTL announces would decode to more than `pixelBudget` pixels in all (checked before
    /// any frame is decoded; a file with more frames than announced is refused).
    public static func decode(
        _ data: Data, name: String = "APNG data", limits: ImageLimits = .golden, pixelBudget: Int = 1 << 28
    ) throws -> DecodedAnimation {
        guard let chunks = PNGChunk.parse([UInt8](data)) else {
            throw APNGFailure.decode(name, "it is not a PNG, or a chunk is damaged or cut short")
        }
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
            throw APNGFailure.decode(name, "it does not start with an image header")
        }
        let width = Int(PNGChunk.uint32(ihdr.data, at: 0))
        let height = Int(PNGChunk.uint32(ihdr.data, at: 4))
        if let problem = limits.problem(width: width, height: height) {
            throw APNGFailure.decode(name, "it \(problem); it is not decoded")
        }
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8 else {
            let image = try PNGCodec.decode(data, name: name, limits: limits)
            return DecodedAnimation(
                width: width, height: height, playCount: 1, frames: [.init(image: image, duration: 0)])
        }
        let announced = Int(PNGChunk.uint32(actl.data, at: 0))
        let plays = Int(PNGChunk.uint32(actl.data, at: 4))
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: max(announced, 1))
        guard !overflow, pixels <= pixelBudget else {
            throw APNGFailure.decode(
                name,
                "its \(announced) frames of \(width)×\(height) pixels are more than the \(pixelBudget) pixels allowed; it is not decoded"
            )
        }
        var reader = FrameReader(
            name: name, width: width, height: height, ihdr: Array(ihdr.data), limits: limits,
            shared: chunks.filter { sharedChunkTypes.contains($0.type) }.flatMap {
                PNGChunk.make($0.type, Array($0.data))
            })
        for chunk in chunks.dropFirst() {
            try reader.read(chunk.type, chunk.data)
            if reader.frames.count > announced {
                throw APNGFailure.decode(name, "it has more frames than the \(announced) its acTL chunk announces")
            }
        }
        try reader.finishFrame()
        guard !reader.frames.isEmpty else { throw APNGFailure.decode(name, "it has no animation frames") }
        guard reader.frames.count == announced else {
            throw APNGFailure.decode(
                name, "it has \(reader.frames.count) frames, but its acTL chunk announces \(announced)")
        }
        return DecodedAnimation(width: width, height: height, playCount: plays, frames: reader.frames)
    }

    /// Reads chunks in order and composes the frames.
    private struct FrameReader {
        let name: String
        let width: Int
        let height: Int
        let ihdr: [UInt8]
        let limits: ImageLimits
        let shared: [UInt8]
        var frames: [DecodedAnimation.Frame] = []
        private var canvas: [UInt8]
        private var control: FrameControl?
        private var frameData: [UInt8] = []
        private var nextSequence: UInt32 = 0

        init(name: String, width: Int, height: Int, ihdr: [UInt8], limits: ImageLimits, shared: [UInt8]) {
            self.name = name
            self.width = width
            self.height = height
            self.ihdr = ihdr
            self.limits = limits
            self.shared = shared
            canvas = [UInt8](largeRepeating: 0, count: width * height * 4)
        }

        /// One fcTL chunk.
        struct FrameControl {
            var x: Int, y: Int, width: Int, height: Int
            var duration: Int
            var dispose: UInt8
            var blend: UInt8
        }

        mutating func read(_ type: String, _ data: ArraySlice<UInt8>) throws {
            switch type {
            case "fcTL":
                try finishFrame()
                guard data.count == 26 else { throw failure("an fcTL chunk has the wrong size") }
                try checkSequence(PNGChunk.uint32(data, at: 0))
                let numerator = Int(PNGChunk.uint16(data, at: 20))
                let denominator = Int(PNGChunk.uint16(data, at: 22))
                let frame = FrameControl(
                    x: Int(PNGChunk.uint32(data, at: 12)), y: Int(PNGChunk.uint32(data, at: 16)),
                    width: Int(PNGChunk.uint32(data, at: 4)), height: Int(PNGChunk.uint32(data, at: 8)),
                    duration: (numerator * 1000 + (denominator == 0 ? 100 : denominator) / 2)
                        / (denominator == 0 ? 100 : denominator),
                    dispose: data[data.startIndex + 24], blend: data[data.startIndex + 25])
                guard frame.width > 0, frame.height > 0, frame.x + frame.width <= width,
                    frame.y + frame.height <= height
                else {
                    throw failure(
                        "frame \(frames.count + 1) (\(frame.width)×\(frame.height) at \(frame.x),\(frame.y)) lies outside the \(width)×\(height) canvas"
                    )
                }
                guard frame.dispose <= 2, frame.blend <= 1 else {
                    throw failure("frame \(frames.count + 1) has an unknown dispose or blend op")
                }
                if frames.isEmpty, frameData.isEmpty, frame.dispose == APNGDispose.previous.rawValue {
                    control = FrameControl(
                        x: frame.x, y: frame.y, width: frame.width, height: frame.height, duration: frame.duration,
                        dispose: APNGDispose.background.rawValue, blend: frame.blend)
                } else {
                    control = frame
                }
            case "IDAT":
                // The default image is a frame only when an fcTL comes before it.
                if control != nil { frameData += data }
            case "fdAT":
                guard data.count >= 4 else { throw failure("an fdAT chunk has the wrong size") }
                try checkSequence(PNGChunk.uint32(data, at: 0))
                guard control != nil else { throw failure("frame data comes before its fcTL chunk") }
                frameData += data.dropFirst(4)
            default:
                break
            }
        }

        mutating func finishFrame() throws {
            guard let frame = control else { return }
            control = nil
            defer { frameData = [] }
            guard !frameData.isEmpty else { throw failure("frame \(frames.count + 1) has no image data") }
            var header = ihdr
            header.replaceSubrange(
                0..<8, with: PNGChunk.bigEndian(UInt32(frame.width)) + PNGChunk.bigEndian(UInt32(frame.height)))
            var png = PNGChunk.signature + PNGChunk.make("IHDR", header) + shared
            png += PNGChunk.make("IDAT", frameData) + PNGChunk.make("IEND", [])
            let image = try PNGCodec.decode(Data(png), name: "\(name) frame \(frames.count + 1)", limits: limits)
            let before = frame.dispose == APNGDispose.previous.rawValue ? canvas : []
            draw(image, at: frame)
            frames.append(.init(image: Image(width: width, height: height, pixels: canvas), duration: frame.duration))
            switch frame.dispose {
            case APNGDispose.background.rawValue: fill(frame, from: nil)
            case APNGDispose.previous.rawValue: fill(frame, from: before)
            default: break
            }
        }

        private mutating func draw(_ image: Image, at frame: FrameControl) {
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let source = (y * frame.width + x) * 4
                    let target = ((frame.y + y) * width + frame.x + x) * 4
                    let alpha = image.pixels[source + 3]
                    if frame.blend == APNGBlend.source.rawValue || alpha == 255 {
                        for channel in 0..<4 { canvas[target + channel] = image.pixels[source + channel] }
                    } else if alpha > 0 {
                        blendOver(image.pixels, source, at: target)
                    }
                }
            }
        }

        /// Source-over compositing of one straight-alpha pixel.
        private mutating func blendOver(_ pixels: [UInt8], _ source: Int, at target: Int) {
            let sourceAlpha = Double(pixels[source + 3]) / 255
            let targetAlpha = Double(canvas[target + 3]) / 255
            let alpha = sourceAlpha + targetAlpha * (1 - sourceAlpha)
            for channel in 0..<3 {
                let color =
                    (Double(pixels[source + channel]) * sourceAlpha + Double(canvas[target + channel]) * targetAlpha
                        * (1 - sourceAlpha)) / alpha
                canvas[target + channel] = UInt8(min(255, max(0, color.rounded())))
            }
            canvas[target + 3] = UInt8(min(255, max(0, (alpha * 255).rounded())))
        }

        /// Clears the frame's rectangle, or copies it from `previous`.
        private mutating func fill(_ frame: FrameControl, from previous: [UInt8]?) {
            for y in frame.y..<(frame.y + frame.height) {
                let start = (y * width + frame.x) * 4
                let range = start..<(start + frame.width * 4)
                if let previous {
                    canvas.replaceSubrange(range, with: previous[range])
                } else {
                    canvas.replaceSubrange(range, with: repeatElement(0, count: frame.width * 4))
                }
            }
        }

        private mutating func checkSequence(_ number: UInt32) throws {
            guard number == nextSequence else {
                throw failure("its sequence numbers are out of order (\(number) where \(nextSequence) belongs)")
            }
            nextSequence += 1
        }

        private func failure(_ message: String) -> DiagnosticList {
            APNGFailure.decode(name, message)
        }
    }
}
