import CDeflate
import CZopfli
import Foundation
import KinetypeCore

/// libdeflate's compressor at one level (0 stores, 1...12; 12 is the smallest output); `deinit`
/// frees it. Not thread-safe: each worker thread makes its own.
final class DeflateCompressorObject {
    private let pointer: OpaquePointer

    /// Throws `.renderFailure` when libdeflate cannot allocate the compressor.
    init(level: Int) throws {
        guard let pointer = libdeflate_alloc_compressor(Int32(min(max(level, 0), 12))) else {
            throw APNGFailure.encode("libdeflate cannot make a compressor at level \(level)")
        }
        self.pointer = pointer
    }

    deinit { libdeflate_free_compressor(pointer) }

    /// `input` as a zlib stream (what PNG image data is).
    func zlib(_ input: [UInt8]) throws -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(pointer, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let size = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(pointer, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        guard size > 0 else { throw APNGFailure.encode("libdeflate could not compress \(input.count) bytes") }
        output.removeSubrange(size...)
        return output
    }

    /// `input` as a raw deflate stream (a ZIP entry's method 8), or nil when libdeflate cannot
    /// compress it into its own bound.
    func rawDeflate(_ input: [UInt8]) -> [UInt8]? {
        let bound = libdeflate_deflate_compress_bound(pointer, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let size = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_deflate_compress(pointer, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        guard size > 0 else { return nil }
        output.removeSubrange(size...)
        return output
    }
}

/// Zopfli's zlib output for one input: `deinit` frees the buffer Zopfli allocated.
final class ZopfliOutputObject {
    private var pointer: UnsafeMutablePointer<UInt8>?
    private var size = 0

    /// Compresses `input` with `iterations` rounds of Zopfli's optimisation (slow; small output).
    init(_ input: [UInt8], iterations: Int) {
        var options = ZopfliOptions()
        ZopfliInitOptions(&options)
        options.numiterations = Int32(max(1, iterations))
        input.withUnsafeBufferPointer { source in
            ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, source.baseAddress, source.count, &pointer, &size)
        }
    }

    deinit { free(pointer) }

    var bytes: [UInt8] {
        guard let pointer else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: size))
    }
}
