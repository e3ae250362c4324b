import CPNG
import Foundation
import KinetypeCore

/// Compresses one APNG frame's pixels as PNG image data: every row filtered with the PNG filter
/// (none, sub, up, average, Paeth) that leaves the smallest sum of absolute byte values (libpng's
/// heuristic), then deflated by zlib at the level asked for. The result is what the APNG stores in
/// its IDAT (first frame) or fdAT chunks.
enum APNGFrameCompressor {
    /// The zlib stream of `pixels` (`width × height` straight RGBA, rows top to bottom).
    static func imageData(
        pixels: [UInt8], width: Int, height: Int, compression: PNGCompression
    ) throws -> [UInt8] {
        let filtered = filteredRows(pixels, width: width, height: height)
        var size = compressBound(uLong(filtered.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            filtered.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), Int32(compression.level))
            }
        }
        guard status == Z_OK else { throw APNGFailure.encode("zlib failed (status \(status))") }
        output.removeSubrange(Int(size)...)
        return output
    }

    /// The rows, each after its filter-type byte.
    static func filteredRows(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let stride = width * 4
        var out = [UInt8](repeating: 0, count: height * (stride + 1))
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = source.baseAddress! + y * stride
                let above: UnsafePointer<UInt8>? = y > 0 ? row - stride : nil
                var bestType: UInt8 = 0
                var bestCost = Int.max
                for type: UInt8 in 0...4 {
                    let cost = candidate.withUnsafeMutableBufferPointer {
                        filter(type, row: row, above: above, count: stride, into: $0.baseAddress!)
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestType = type
                        swap(&best, &candidate)
                    }
                }
                let start = y * (stride + 1)
                out[start] = bestType
                out.withUnsafeMutableBufferPointer { target in
                    best.withUnsafeBufferPointer {
                        (target.baseAddress! + start + 1).update(from: $0.baseAddress!, count: stride)
                    }
                }
            }
        }
        return out
    }

    /// Filters one row with PNG filter `type` (4 bytes a pixel) into `output`; returns the sum of
    /// the filtered bytes' absolute values as signed bytes.
    private static func filter(
        _ type: UInt8, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, count: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var cost = 0
        for index in 0..<count {
            let x = row[index]
            let a = index >= 4 ? row[index - 4] : 0
            let b = above?[index] ?? 0
            let c = index >= 4 ? (above?[index - 4] ?? 0) : 0
            let value: UInt8
            switch type {
            case 0: value = x
            case 1: value = x &- a
            case 2: value = x &- b
            case 3: value = x &- UInt8((Int(a) + Int(b)) / 2)
            default: value = x &- paeth(a, b, c)
            }
            output[index] = value
            cost += value < 128 ? Int(value) : 256 - Int(value)
        }
        return cost
    }

    /// PNG's Paeth predictor: whichever of left, above and upper-left is nearest to left + above - upper-left.
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
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
