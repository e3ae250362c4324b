import CDeflate
import Foundation

@testable import KinetypeEncode

/// The deflate target: bytes → kinetype's own deflate encoder (`OptimalDeflate`, what APNG frames
/// go through), whose zlib stream libdeflate must inflate to exactly those bytes, or the target traps.
///
/// The first byte picks how: when its low four bits are 0001, the rest is followed by zeros and
/// by itself again, its second copy 32,768 bytes (the window's size, bit 7 clear) or 32,769 bytes
/// (just past it, bit 7 set) after the first, which short inputs never reach; bits 4 and 5 pick
/// the match finder's depth (512, 1, 16, 64); bit 6 allows one block only.
public enum DeflateHarness {
    public static func run(_ data: Data) {
        guard let mode = data.first else { return }
        var input = [UInt8](data.dropFirst())
        if mode & 15 == 1, !input.isEmpty {
            let distance = 32768 + Int(mode >> 7)
            input += [UInt8](repeating: 0, count: max(0, distance - input.count)) + input
        }
        var encoder = OptimalDeflate()
        encoder.searchDepth = [512, 1, 16, 64][Int(mode >> 4) & 3]
        if mode & 64 != 0 { encoder.maximumBlocks = 1 }
        let stream = encoder.zlib(input)
        precondition(
            inflate(stream, size: input.count) == input, "OptimalDeflate's stream does not inflate to its input")
    }

    /// `stream` inflated by libdeflate (which checks the Adler-32), or nil when it is not a valid
    /// zlib stream of exactly `size` bytes.
    private static func inflate(_ stream: [UInt8], size: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: max(size, 1))
        let result = stream.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_decompress(
                    decompressor, source.baseAddress, source.count, target.baseAddress, size, nil)
            }
        }
        return result == LIBDEFLATE_SUCCESS ? Array(output.prefix(size)) : nil
    }
}
