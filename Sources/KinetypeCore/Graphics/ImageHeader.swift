import Foundation

/// Image dimensions read from a file's header, before anything is decoded, so a small file that
/// decodes to gigabytes (a decompression bomb) is refused up front.
public enum ImageHeader {
    /// Width and height from a PNG's IHDR chunk; nil when `data` does not start like a PNG.
    public static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 24, data.prefix(8).elementsEqual(signature),
            data.dropFirst(12).prefix(4).elementsEqual("IHDR".utf8)
        else { return nil }
        return (bigEndian32(data, at: 16), bigEndian32(data, at: 20))
    }

    /// The canvas width and height of a WebP (`VP8X` for an animation or extended file, else the
    /// `VP8L` or `VP8 ` bitstream's header); nil when `data` does not start like a WebP.
    public static func webpSize(_ data: Data) -> (width: Int, height: Int)? {
        guard data.count >= 30, data.prefix(4).elementsEqual("RIFF".utf8),
            data.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8)
        else { return nil }
        let chunk = String(decoding: data.dropFirst(12).prefix(4), as: UTF8.self)
        switch chunk {
        case "VP8X":
            return (littleEndian24(data, at: 24) + 1, littleEndian24(data, at: 27) + 1)
        case "VP8L":
            guard byte(data, at: 20) == 0x2F else { return nil }
            let bits = littleEndian24(data, at: 21) | Int(byte(data, at: 24)) << 24
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ":
            guard byte(data, at: 23) == 0x9D, byte(data, at: 24) == 0x01, byte(data, at: 25) == 0x2A else {
                return nil
            }
            return (littleEndian16(data, at: 26) & 0x3FFF, littleEndian16(data, at: 28) & 0x3FFF)
        default:
            return nil
        }
    }

    /// The rectangle of one image in a GIF.
    public struct GIFFrame: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
    }

    /// A GIF's logical screen and every image descriptor, found by walking its blocks (image data
    /// is skipped, not decoded).
    public struct GIFLayout: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var frames: [GIFFrame]
    }

    /// The layout of a GIF; nil when `data` does not start like a GIF. A truncated or malformed
    /// stream gives the descriptors found before the damage (the decoder reports the damage).
    public static func gifLayout(_ data: Data) -> GIFLayout? {
        let bytes = [UInt8](data.prefix(6))
        guard data.count >= 13, bytes == Array("GIF87a".utf8) || bytes == Array("GIF89a".utf8) else { return nil }
        var layout = GIFLayout(width: littleEndian16(data, at: 6), height: littleEndian16(data, at: 8), frames: [])
        var offset = 13 + colorTableSize(byte(data, at: 10))
        func skipSubBlocks() {
            while offset < data.count {
                let length = Int(byte(data, at: offset))
                offset += 1 + length
                if length == 0 { return }
            }
        }
        while offset < data.count {
            switch byte(data, at: offset) {
            case 0x21:
                offset += 2
                skipSubBlocks()
            case 0x2C:
                guard offset + 10 <= data.count else { return layout }
                layout.frames.append(
                    GIFFrame(
                        x: littleEndian16(data, at: offset + 1), y: littleEndian16(data, at: offset + 3),
                        width: littleEndian16(data, at: offset + 5),
                        height: littleEndian16(data, at: offset + 7)))
                offset += 10 + colorTableSize(byte(data, at: offset + 9)) + 1
                skipSubBlocks()
            default:
                return layout
            }
        }
        return layout
    }

    private static func colorTableSize(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    private static func byte(_ data: Data, at offset: Int) -> UInt8 {
        data[data.startIndex + offset]
    }

    private static func littleEndian16(_ data: Data, at offset: Int) -> Int {
        Int(byte(data, at: offset)) | Int(byte(data, at: offset + 1)) << 8
    }

    private static func littleEndian24(_ data: Data, at offset: Int) -> Int {
        littleEndian16(data, at: offset) | Int(byte(data, at: offset + 2)) << 16
    }

    private static func bigEndian32(_ data: Data, at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(byte(data, at: offset + $1)) }
    }
}

/// How large a decoded image may be; checked against the header before decoding.
public struct ImageLimits: Equatable, Sendable {
    /// The largest width or height, in pixels.
    public var maxSide: Int
    /// The most pixels (width × height).
    public var maxPixels: Int

    public init(maxSide: Int, maxPixels: Int) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// Pictures of `image` layers: 8192 px a side, 33,554,432 pixels (8192×4096, 128 MB decoded).
    public static let imageLayer = ImageLimits(maxSide: 8192, maxPixels: 8192 * 4096)
    /// All distinct pictures of one scene together: 67,108,864 pixels (8192², 256 MB decoded, shared by all workers).
    public static let sceneImagePixels = 8192 * 8192
    /// Golden PNG frames and GIF screens: the canvas limit, 8192 px a side.
    public static let golden = ImageLimits(
        maxSide: FormatRanges.maximumCanvasSide,
        maxPixels: FormatRanges.maximumCanvasSide * FormatRanges.maximumCanvasSide)

    /// Why a `width × height` image is refused, or nil when it is within the limits.
    public func problem(width: Int, height: Int) -> String? {
        if width > maxSide || height > maxSide {
            return "is \(width)×\(height) pixels; the limit is \(maxSide) pixels a side"
        }
        if width * height > maxPixels {
            return "is \(width)×\(height) = \(width * height) pixels; the limit is \(maxPixels) pixels"
        }
        return nil
    }
}
