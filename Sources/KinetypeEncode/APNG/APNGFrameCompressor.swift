import Foundation
import KinetypeCore

/// Compresses one APNG frame's rows (already in the file's color type) as PNG image data, what
/// the APNG stores in its IDAT (first frame) or fdAT chunks.
///
/// Rows are filtered either all with filter none, or each with the PNG filter (none, sub, up,
/// average, Paeth) that leaves the smallest sum of absolute byte values (libpng's heuristic), and
/// deflated by libdeflate, from the default level also by kinetype's `OptimalDeflate` (and, at the
/// highest levels, by Zopfli too); `APNGCompressionEffort` says which filterings are tried and how
/// hard, and the smallest result is kept (the first on a tie, so the output is deterministic).
struct APNGFrameCompressor {
    private let effort: APNGCompressionEffort
    private let compressor: DeflateCompressorObject
    private let estimator: DeflateCompressorObject?

    /// A compressor for one thread.
    init(effort: APNGCompressionEffort) throws {
        self.effort = effort
        compressor = try DeflateCompressorObject(level: effort.deflateLevel)
        estimator = try effort.estimateLevel.map { try DeflateCompressorObject(level: $0) }
    }

    /// The smallest zlib stream of any of `variants` (each `height` rows of `rowBytes`; the
    /// filters step by `step` bytes), and which variant it holds.
    /// `preferred` is a variant that wins when its stream is at most `APNGPillow.tolerance` larger
    /// than the smallest (one that more decoders read right).
    func imageData(variants: [[UInt8]], rowBytes: Int, height: Int, step: Int, preferred: Int? = nil) throws
        -> (Int, [UInt8])
    {
        var candidates: [(variant: Int, rows: [UInt8])] = []
        for (index, rows) in variants.enumerated() {
            for filter in effort.filterings(step: step) {
                let filtered = Self.filteredRows(rows, rowBytes: rowBytes, height: height, step: step, filter: filter)
                candidates.append((index, filtered))
            }
        }
        // A quick deflate ranks the candidates; the slow one runs on the best and on the second
        // best when the quick one found it within 3 % of the best (there the ranking may be wrong).
        if let estimator, candidates.count > 1 {
            let sizes = try candidates.map { try estimator.zlib($0.rows).count }
            let order = sizes.indices.sorted { sizes[$0] < sizes[$1] || (sizes[$0] == sizes[$1] && $0 < $1) }
            let kept = order.prefix(2).filter { sizes[$0] * 100 <= sizes[order[0]] * 103 }
            candidates = kept.sorted().map { candidates[$0] }
        }
        var best: (variant: Int, rows: Int, data: [UInt8])?
        var bestPreferred: (variant: Int, rows: Int, data: [UInt8])?
        for (index, candidate) in candidates.enumerated() {
            var data = try compressor.zlib(candidate.rows)
            if effort.usesOptimalDeflate {
                let optimal = OptimalDeflate().zlib(candidate.rows)
                if optimal.count < data.count { data = optimal }
            }
            if best == nil || data.count < best!.data.count { best = (candidate.variant, index, data) }
            if candidate.variant == preferred, bestPreferred == nil || data.count < bestPreferred!.data.count {
                bestPreferred = (candidate.variant, index, data)
            }
        }
        var winner = best!
        if let bestPreferred, APNGPillow.isWithinTolerance(bestPreferred.data.count, of: winner.data.count) {
            winner = bestPreferred
        }
        if effort.zopfliIterations > 0 {
            let zopfli = ZopfliOutputObject(candidates[winner.rows].rows, iterations: effort.zopfliIterations).bytes
            if !zopfli.isEmpty, zopfli.count < winner.data.count { return (winner.variant, zopfli) }
        }
        return (winner.variant, winner.data)
    }

    /// The rows, each after its filter-type byte: one PNG filter type (0...4) for every row, or
    /// (`filter` nil) the adaptive choice per row.
    static func filteredRows(_ pixels: [UInt8], rowBytes stride: Int, height: Int, step: Int, filter uniform: UInt8?)
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: height * (stride + 1))
        if uniform == 0 {
            pixels.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { target in
                    for y in 0..<height {
                        (target.baseAddress! + y * (stride + 1) + 1).update(
                            from: source.baseAddress! + y * stride, count: stride)
                    }
                }
            }
            return out
        }
        let types: ClosedRange<UInt8> = uniform.map { $0...$0 } ?? 0...4
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = source.baseAddress! + y * stride
                let above: UnsafePointer<UInt8>? = y > 0 ? row - stride : nil
                var bestType: UInt8 = 0
                var bestCost = Int.max
                for type in types {
                    let cost = candidate.withUnsafeMutableBufferPointer {
                        filter(type, row: row, above: above, count: stride, step: step, into: $0.baseAddress!)
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

    /// Filters one row with PNG filter `type` (`step` bytes a pixel) into `output`; returns the sum of
    /// the filtered bytes' absolute values as signed bytes.
    private static func filter(
        _ type: UInt8, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var cost = 0
        for index in 0..<count {
            let x = row[index]
            let a = index >= step ? row[index - step] : 0
            let b = above?[index] ?? 0
            let c = index >= step ? (above?[index - step] ?? 0) : 0
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

/// What `--png-compression` asks of the APNG encoder: level 0 stores the rows unfiltered (the
/// fastest, largest file); 1...5 deflate at that libdeflate level with one filtering (none for one
/// byte a pixel, adaptive otherwise); 6 (the default) deflates at libdeflate's strongest level
/// (12), trying both filterings of both forms of a frame that may blend over: a level-6 deflate
/// ranks them and level 12 runs on the best (and the second best when it is within 3 %), keeping
/// the smallest, and plans each frame's dispose op by level-6 sizes (`APNGFramePlanner`); 7...9
/// then also run Zopfli on the winner (1, 5 or 15 iterations: much slower, a few percent smaller).
struct APNGCompressionEffort: Sendable {
    let level: Int

    init(_ compression: PNGCompression) {
        level = compression.level
    }

    var deflateLevel: Int { level >= 6 ? 12 : level }

    /// Whether `OptimalDeflate` also compresses the frames (the default and above): 1 to 3 % smaller
    /// than libdeflate's level 12 on rows of text, at about twice its time; the smaller is kept, as
    /// libdeflate wins on some pictures.
    var usesOptimalDeflate: Bool { level >= 6 }

    /// The libdeflate level that ranks more than two candidates before the strongest runs.
    var estimateLevel: Int? { level >= 6 ? 6 : nil }

    /// The libdeflate level at which `APNGFramePlanner` compares the ways to draw a frame, or nil
    /// to compare their rectangles only.
    var planLevel: Int? { estimateLevel }

    /// Zopfli's iterations, or 0 for none.
    var zopfliIterations: Int {
        switch level {
        case 7: 1
        case 8: 5
        case 9: 15
        default: 0
        }
    }

    /// The filterings to try (a filter type for every row, or nil: adaptive) for pixels of `step` bytes.
    func filterings(step: Int) -> [UInt8?] {
        if level == 0 { return [0] }
        if level < 6 { return [step > 1 ? nil : 0] }
        return [0, nil]
    }
}
