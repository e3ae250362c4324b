import CPNG
import Foundation
import KinetypeCore

/// PNG encoding and decoding with libpng's simplified API (which reports errors as return
/// values, never with longjmp).
public enum PNGCodec {
    /// Encodes `image` as an 8-bit PNG: RGB when every pixel is opaque, RGBA otherwise.
    /// Decoding the result with `decode` gives back exactly `image`.
    public static func encode(_ image: Image, compression: PNGCompression = .default) throws -> Data {
        guard image.width > 0, image.height > 0 else {
            throw encodeFailure("the image is empty (\(image.width)×\(image.height))")
        }
        let isOpaque = image.isOpaque
        let pixels = isOpaque ? image.rgbBytes() : image.pixels
        var capacity = pixels.count + pixels.count / 8 + image.height + 4096
        for _ in 0..<2 {
            // A fresh control structure for each attempt; libpng's state goes with it.
            let control = PNGImageControl()
            let png = control.pointer
            png.pointee.width = png_uint_32(image.width)
            png.pointee.height = png_uint_32(image.height)
            png.pointee.format = isOpaque ? png_uint_32(PNG_FORMAT_FLAG_COLOR) : kinetype_png_format_rgba
            png.pointee.flags = compression.usesFastSetting ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
            var output = Data(count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = withExtendedLifetime(control) {
                output.withUnsafeMutableBytes { memory in
                    pixels.withUnsafeBytes { buffer in
                        png_image_write_to_memory(png, memory.baseAddress, &size, 0, buffer.baseAddress, 0, nil)
                    }
                }
            }
            if ok != 0 {
                output.count = Int(size)
                return output
            }
            let message = control.message
            guard Int(size) > capacity else { throw encodeFailure(message) }
            capacity = Int(size)
        }
        throw encodeFailure("the output buffer kept growing")
    }

    /// Decodes a PNG (any color type or bit depth libpng reads) into straight RGBA8.
    /// Throws a `.renderFailure` diagnostic naming `name` when the data is not a readable PNG or its
    /// header gives a size beyond `limits` (checked before anything is decoded).
    /// Metadata chunks are dropped and every chunk's length is checked against the file first
    /// (`PNGChunkFilter`), so no declared length makes libpng allocate more than the file holds.
    public static func decode(_ png: Data, name: String = "PNG data", limits: ImageLimits = .golden) throws -> Image {
        guard let size = ImageHeader.pngSize(png) else {
            throw Diagnostic(kind: .renderFailure, message: "cannot read \(name) as PNG: it is not a PNG image").fail()
        }
        if let problem = limits.problem(width: size.width, height: size.height) {
            throw Diagnostic(
                kind: .renderFailure, message: "cannot read \(name) as PNG: it \(problem); it is not decoded"
            ).fail()
        }
        let data: Data
        do throws(PNGChunkProblem) {
            data = try PNGChunkFilter.filtered(png)
        } catch {
            throw Diagnostic(kind: .renderFailure, message: "cannot read \(name) as PNG: \(error.reason)").fail()
        }
        let control = PNGImageControl()
        defer { withExtendedLifetime(control) {} }
        let png = control.pointer
        let began = data.withUnsafeBytes { bytes in
            png_image_begin_read_from_memory(png, bytes.baseAddress, bytes.count)
        }
        guard began != 0 else {
            throw Diagnostic(kind: .renderFailure, message: "cannot read \(name) as PNG: \(control.message)").fail()
        }
        png.pointee.format = kinetype_png_format_rgba
        let width = Int(png.pointee.width)
        let height = Int(png.pointee.height)
        var pixels = [UInt8](repeating: 0, count: kinetype_png_image_size(png))
        let finished = data.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(png, nil, buffer.baseAddress, 0, nil)
            }
        }
        guard finished != 0 else {
            let message = control.message
            throw Diagnostic(kind: .renderFailure, message: "cannot read \(name) as PNG: \(message)").fail()
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Reads and decodes the PNG file at `url`, a regular file of at most `RegularFile.imageLimit`
    /// bytes (`.missingInput` when it cannot be read) whose header is within `limits`.
    public static func read(contentsOf url: URL, limits: ImageLimits = .golden) throws -> Image {
        let data: Data
        do throws(InputFileError) {
            data = try RegularFile.read(url.path, limit: RegularFile.imageLimit)
        } catch {
            throw Diagnostic(
                kind: error.kind, message: "cannot read \(OutputError.displayPath(url)): the file \(error.reason)"
            ).fail()
        }
        return try decode(data, name: OutputError.displayPath(url), limits: limits)
    }

    /// Encodes `image` and writes it to `url` atomically.
    public static func write(_ image: Image, to url: URL, compression: PNGCompression = .default) throws {
        let data = try encode(image, compression: compression)
        try AtomicFile.write(data, to: url)
    }

    private static func encodeFailure(_ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot encode PNG: \(message)"))
    }
}

extension Image {
    /// Whether every pixel has alpha 255.
    var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }

    /// The pixels without their alpha channel (R, G, B per pixel).
    func rgbBytes() -> [UInt8] {
        let count = width * height
        return [UInt8](largeUninitializedCapacity: count * 3) { output, initialized in
            pixels.withUnsafeBufferPointer { input in
                for pixel in 0..<count {
                    output[pixel * 3] = input[pixel * 4]
                    output[pixel * 3 + 1] = input[pixel * 4 + 1]
                    output[pixel * 3 + 2] = input[pixel * 4 + 2]
                }
            }
            initialized = count * 3
        }
    }
}
