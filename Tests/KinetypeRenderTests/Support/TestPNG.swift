import CPNG
import Foundation
import KinetypeCore

/// A minimal PNG reader/writer for the tests (libpng's simplified API), independent of the
/// encoder module.
enum TestPNG {
    static func write(_ image: Image, to url: URL) throws {
        var png = png_image()
        png.version = kinetype_png_image_version
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = kinetype_png_format_rgba
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let ok = image.pixels.withUnsafeBytes { bytes in
            png_image_write_to_file(&png, url.path, 0, bytes.baseAddress, Int32(image.width * 4), nil)
        }
        guard ok != 0 else { throw TestPNGError(message: "cannot write \(url.path)") }
    }

    static func read(_ url: URL) throws -> Image {
        var png = png_image()
        png.version = kinetype_png_image_version
        guard png_image_begin_read_from_file(&png, url.path) != 0 else {
            throw TestPNGError(message: "cannot read \(url.path)")
        }
        png.format = kinetype_png_format_rgba
        var pixels = [UInt8](repeating: 0, count: kinetype_png_image_size(&png))
        let ok = pixels.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&png, nil, bytes.baseAddress, Int32(png.width * 4), nil)
        }
        guard ok != 0 else {
            png_image_free(&png)
            throw TestPNGError(message: "cannot decode \(url.path)")
        }
        return Image(width: Int(png.width), height: Int(png.height), pixels: pixels)
    }
}

struct TestPNGError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
