import CPNG
import Foundation
import KinetypeCore

/// Compresses one APNG frame's pixels as PNG image data (filtered rows deflated by zlib): libpng's
/// simplified API writes an 8-bit RGBA PNG of the frame, and its IDAT payload is what the APNG
/// stores in its IDAT (first frame) or fdAT chunks.
enum APNGFrameCompressor {
    /// The zlib stream of `pixels` (`width × height` straight RGBA, rows top to bottom).
    static func imageData(
        pixels: [UInt8], width: Int, height: Int, compression: PNGCompression
    ) throws -> [UInt8] {
        var capacity = pixels.count + pixels.count / 8 + height + 4096
        for _ in 0..<2 {
            let control = PNGImageControl()
            let png = control.pointer
            png.pointee.width = png_uint_32(width)
            png.pointee.height = png_uint_32(height)
            png.pointee.format = kinetype_png_format_rgba
            png.pointee.flags = compression.usesFastSetting ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
            var output = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = withExtendedLifetime(control) {
                output.withUnsafeMutableBytes { memory in
                    pixels.withUnsafeBytes { buffer in
                        png_image_write_to_memory(png, memory.baseAddress, &size, 0, buffer.baseAddress, 0, nil)
                    }
                }
            }
            if ok != 0 {
                output.removeSubrange(Int(size)...)
                return try idatPayload(of: output)
            }
            let message = control.message
            guard Int(size) > capacity else { throw APNGFailure.encode(message) }
            capacity = Int(size)
        }
        throw APNGFailure.encode("the output buffer kept growing")
    }

    /// The IDAT chunks' data of a PNG, concatenated.
    private static func idatPayload(of png: [UInt8]) throws -> [UInt8] {
        guard let chunks = PNGChunk.parse(png) else { throw APNGFailure.encode("libpng wrote an unreadable PNG") }
        return chunks.filter { $0.type == "IDAT" }.flatMap { $0.data }
    }
}

/// The diagnostics of the APNG encoder and decoder.
enum APNGFailure {
    static func encode(_ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot encode APNG: \(message)"))
    }

    static func decode(_ name: String, _ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot read \(name) as APNG: \(message)"))
    }
}
