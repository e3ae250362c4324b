import CGIF
import Foundation
import KinetypeCore

/// A decoded GIF: every frame composited onto the canvas the way browsers show it
/// (frame rectangles, transparency, disposal), for tests and golden comparisons.
/// Holds all frames in memory, so it is meant for small files.
public struct DecodedGIF {
    public struct Frame {
        /// The whole canvas as displayed while this frame shows (straight RGBA).
        public var image: Image
        /// Centiseconds.
        public var delay: Int
        /// giflib's disposal mode (0 none, 1 do not dispose, 2 to background, 3 to previous).
        public var disposal: Int
        /// The rectangle this frame's image data covers.
        public var x: Int, y: Int, width: Int, height: Int
    }

    /// The first six bytes of the file, e.g. `GIF89a`.
    public var signature: String
    public var width: Int
    public var height: Int
    /// The NETSCAPE2.0 block's loop count, or nil when the file has no loop block.
    public var netscapeLoopCount: Int?
    public var frames: [Frame]

    /// How many times browsers play the animation: 0 = forever (the meaning of `output.loop`).
    public var playCount: Int {
        guard let count = netscapeLoopCount else { return 1 }
        return count == 0 ? 0 : count + 1
    }

    /// The sum of all frame delays, in centiseconds.
    public var totalDelay: Int { frames.reduce(0) { $0 + $1.delay } }
}

/// Decodes GIF files with giflib (`DGifOpen` + `DGifSlurp`).
public enum GIFDecoder {
    private final class Source {
        let data: Data
        var offset = 0
        init(_ data: Data) { self.data = data }
    }

    /// The most pixels a decode may hold by default: every frame is kept as a whole RGBA canvas,
    /// so this is frames × screen pixels (2^28 pixels = 1 GB).
    public static let defaultPixelBudget = 1 << 28

    /// Decodes every frame. Before anything is decoded, the header and every image descriptor are
    /// checked: the screen within `limits`, each frame no larger than the screen, and frames ×
    /// screen pixels within `pixelBudget`; otherwise a `.renderFailure` diagnostic.
    public static func decode(
        _ data: Data, limits: ImageLimits = .golden,
        pixelBudget: Int = defaultPixelBudget
    ) throws -> DecodedGIF {
        try checkLayout(of: data, limits: limits, pixelBudget: pixelBudget)
        let source = Source(data)
        var error: Int32 = 0
        let user = Unmanaged.passUnretained(source).toOpaque()
        guard
            let gif = DGifOpen(
                user,
                { file, buffer, length in
                    guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
                    let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
                    let count = min(Int(length), source.data.count - source.offset)
                    guard count > 0 else { return 0 }
                    source.data.copyBytes(to: buffer, from: source.offset..<(source.offset + count))
                    source.offset += count
                    return Int32(count)
                }, &error)
        else {
            throw failure(code: error)
        }
        // Closing frees every decoded frame, so the handle lives until the frames are copied out.
        let handle = GifDecoderHandle(taking: gif)
        defer { withExtendedLifetime(handle) {} }
        guard DGifSlurp(gif) == GIF_OK else { throw failure(code: gif.pointee.Error) }
        withExtendedLifetime(source) {}

        let file = gif.pointee
        let width = Int(file.SWidth)
        let height = Int(file.SHeight)
        var decoded = DecodedGIF(
            signature: String(decoding: data.prefix(6), as: UTF8.self), width: width,
            height: height, netscapeLoopCount: nil, frames: [])
        var canvas = [UInt8](largeRepeating: 0, count: width * height * 4)
        for index in 0..<Int(file.ImageCount) {
            let saved = file.SavedImages[index]
            if decoded.netscapeLoopCount == nil { decoded.netscapeLoopCount = loopCount(in: saved) }
            var control = GraphicsControlBlock(
                DisposalMode: 0, UserInputFlag: false, DelayTime: 0,
                TransparentColor: NO_TRANSPARENT_COLOR)
            DGifSavedExtensionToGCB(gif, Int32(index), &control)
            let desc = saved.ImageDesc
            guard let colorMap = desc.ColorMap ?? file.SColorMap else {
                throw failure(message: "frame \(index + 1) has no color table")
            }
            let previous = canvas
            let left = Int(desc.Left)
            let top = Int(desc.Top)
            let frameWidth = Int(desc.Width)
            let frameHeight = Int(desc.Height)
            for y in 0..<frameHeight where top + y < height {
                for x in 0..<frameWidth where left + x < width {
                    let colorIndex = Int(saved.RasterBits[y * frameWidth + x])
                    guard colorIndex != Int(control.TransparentColor), colorIndex < Int(colorMap.pointee.ColorCount)
                    else { continue }
                    let color = colorMap.pointee.Colors[colorIndex]
                    let offset = ((top + y) * width + left + x) * 4
                    canvas[offset] = color.Red
                    canvas[offset + 1] = color.Green
                    canvas[offset + 2] = color.Blue
                    canvas[offset + 3] = 255
                }
            }
            decoded.frames.append(
                DecodedGIF.Frame(
                    image: Image(width: width, height: height, pixels: canvas), delay: Int(control.DelayTime),
                    disposal: Int(control.DisposalMode), x: left, y: top, width: frameWidth, height: frameHeight))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                // Like drawing: only the part of the frame on the screen (a frame may lie outside it).
                for y in 0..<frameHeight where top + y < height {
                    for x in 0..<frameWidth where left + x < width {
                        let offset = ((top + y) * width + left + x) * 4
                        for channel in 0..<4 { canvas[offset + channel] = 0 }
                    }
                }
            case DISPOSE_PREVIOUS:
                canvas = previous
            default:
                break
            }
        }
        if decoded.netscapeLoopCount == nil, file.ExtensionBlockCount > 0 {
            decoded.netscapeLoopCount = loopCount(blocks: file.ExtensionBlocks, count: Int(file.ExtensionBlockCount))
        }
        return decoded
    }

    private static func checkLayout(of data: Data, limits: ImageLimits, pixelBudget: Int) throws {
        guard let layout = ImageHeader.gifLayout(data) else { throw failure(message: "it is not a GIF image") }
        if let problem = limits.problem(width: layout.width, height: layout.height) {
            throw failure(message: "the GIF \(problem); it is not decoded")
        }
        for (index, frame) in layout.frames.enumerated() where frame.width * frame.height > layout.width * layout.height
        {
            throw failure(
                message:
                    "frame \(index + 1) is \(frame.width)×\(frame.height) pixels, larger than the GIF's \(layout.width)×\(layout.height) screen; it is not decoded"
            )
        }
        let pixels = layout.frames.count * layout.width * layout.height
        guard pixels <= pixelBudget else {
            throw failure(
                message:
                    "the GIF has \(layout.frames.count) frames of \(layout.width)×\(layout.height) pixels (\(pixels) pixels decoded); the limit is \(pixelBudget); it is not decoded"
            )
        }
    }

    private static func loopCount(in saved: SavedImage) -> Int? {
        guard saved.ExtensionBlockCount > 0 else { return nil }
        return loopCount(blocks: saved.ExtensionBlocks, count: Int(saved.ExtensionBlockCount))
    }

    private static func loopCount(blocks: UnsafeMutablePointer<ExtensionBlock>, count: Int) -> Int? {
        for index in 0..<count where blocks[index].Function == APPLICATION_EXT_FUNC_CODE {
            let block = blocks[index]
            let identifier = String(
                decoding: UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount)), as: UTF8.self)
            guard identifier == "NETSCAPE2.0", index + 1 < count else { continue }
            let sub = blocks[index + 1]
            guard sub.ByteCount >= 3, sub.Bytes[0] == 1 else { continue }
            return Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8
        }
        return nil
    }

    private static func failure(code: Int32) -> DiagnosticList {
        failure(message: GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }

    private static func failure(message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot decode GIF: \(message)"))
    }
}
