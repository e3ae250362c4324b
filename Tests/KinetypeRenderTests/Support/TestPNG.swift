import CPNG
import Foundation
import KinetypeCore

/// A minimal PNG writer for the tests' picture fixtures (libpng's simplified API), independent of
/// the encoder module.
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
}

struct TestPNGError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
