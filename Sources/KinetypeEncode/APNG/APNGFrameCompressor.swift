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
    private let compressor: DeflateCompressorObject?
    private let estimator: DeflateCompressorObject?

    /// A compressor for one thread.
    init(effort: APNGCompressionEffort) throws {
        self.effort = effort
        compressor = effort.usesLibdeflate ? try DeflateCompressorObject(level: effort.deflateLevel) : nil
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
        // A quick deflate ranks the candidates; the slow one runs on the best and, from level 7,
        // on the second best when the quick one found it within 3 % of the best (there the ranking
        // may be wrong). The preferred variant ranks first when its estimate is within
        // `APNGPillow.tolerance` of the best's.
        if let estimator, candidates.count > 1 {
            let sizes = try candidates.map { try estimator.zlib($0.rows).count }
            var order = sizes.indices.sorted { sizes[$0] < sizes[$1] || (sizes[$0] == sizes[$1] && $0 < $1) }
            if let favourite = order.first(where: { candidates[$0].variant == preferred }), favourite != order[0],
                APNGPillow.isWithinTolerance(sizes[favourite], of: sizes[order[0]])
            {
                order.removeAll { $0 == favourite }
                order.insert(favourite, at: 0)
            }
            let kept = order.prefix(effort.finalists).filter { sizes[$0] * 100 <= sizes[order[0]] * 103 }
            candidates = kept.sorted().map { candidates[$0] }
        }
        var best: (variant: Int, rows: Int, data: [UInt8])?
        var bestPreferred: (variant: Int, rows: Int, data: [UInt8])?
        for (index, candidate) in candidates.enumerated() {
            var data: [UInt8]? = try compressor?.zlib(candidate.rows)
            if let optimal = effort.optimalDeflate?.zlib(candidate.rows), data == nil || optimal.count < data!.count {
                data = optimal
            }
            let compressed = data ?? []
            if best == nil || compressed.count < best!.data.count { best = (candidate.variant, index, compressed) }
            if candidate.variant == preferred, bestPreferred == nil || compressed.count < bestPreferred!.data.count {
                bestPreferred = (candidate.variant, index, compressed)
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
    /// the filtered bytes' absolute values as signed bytes. One loop per filter type, the first
    /// pixel (nothing to its left) apart, and a row of zeros above the first row: every row is
    /// filtered five ways, so this is most of what choosing filters costs.
    private static func filter(
        _ type: UInt8, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        @inline(__always) func magnitude(_ value: UInt8) -> Int { Int(Int8(bitPattern: value).magnitude) }
        let first = min(step, count)
        var cost = 0
        switch (type, above) {
        case (0, _), (2, nil):
            for index in 0..<count {
                output[index] = row[index]
                cost += magnitude(row[index])
            }
        case (1, _), (4...255, nil):
            // Paeth with nothing above predicts the left byte, as sub does.
            for index in 0..<first {
                output[index] = row[index]
                cost += magnitude(row[index])
            }
            for index in first..<max(first, count) {
                let value = row[index] &- row[index - step]
                output[index] = value
                cost += magnitude(value)
            }
        case (2, let above?):
            for index in 0..<count {
                let value = row[index] &- above[index]
                output[index] = value
                cost += magnitude(value)
            }
        case (3, let above):
            for index in 0..<first {
                let value = row[index] &- ((above?[index] ?? 0) >> 1)
                output[index] = value
                cost += magnitude(value)
            }
            for index in first..<max(first, count) {
                let b = Int(above?[index] ?? 0)
                let value = row[index] &- UInt8((Int(row[index - step]) + b) >> 1)
                output[index] = value
                cost += magnitude(value)
            }
        case (_, nil):
            // Types 0 to 3 without a row above are handled above.
            preconditionFailure("every filter type without a row above is handled above")
        case (_, let above?):
            // Paeth: the first pixel has only the byte above (left and upper-left are zero).
            for index in 0..<first {
                let value = row[index] &- paeth(0, above[index], 0)
                output[index] = value
                cost += magnitude(value)
            }
            for index in first..<max(first, count) {
                let value = row[index] &- paeth(row[index - step], above[index], above[index - step])
                output[index] = value
                cost += magnitude(value)
            }
        }
        return cost
    }

    /// PNG's Paeth predictor: whichever of left, above and upper-left is nearest to left + above - upper-left.
    @inline(__always) private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
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

/// What `--png-compression` asks of the APNG encoder. Level 0 stores the rows unfiltered (the
/// fastest, largest file); 1...5 deflate at that libdeflate level with one filtering (none for one
/// byte a pixel, adaptive otherwise) and plan each frame's dispose op by its rectangle.
///
/// 6, the default, estimates before it compresses, then compresses once: each way to draw a frame
/// (`APNGFramePlanner`) and each filtering of each form of a frame that may blend over is deflated
/// at libdeflate's quickest level, and only the smallest is compressed for the file, by
/// `OptimalDeflate` at a lighter setting (`OptimalDeflate.light`): on the templates and benchmark
/// scenes that is what keeps every file under `apngasm -z1`'s, which libdeflate's strongest level
/// alone does not (`docs/outputs.md` has the table).
///
/// 7 plans and ranks with a level-6 deflate and compresses the best and the second best (when
/// within 3 %) with both libdeflate's strongest level and the full `OptimalDeflate`, keeping the
/// smallest (a little smaller again, several times the time); 8 and 9 then also run Zopfli on the
/// winner (5 or 15 iterations: much slower, a few tenths of a percent smaller).
struct APNGCompressionEffort: Sendable {
    let level: Int

    init(_ compression: PNGCompression) {
        level = compression.level
    }

    /// libdeflate's level for the frames (`usesLibdeflate`).
    var deflateLevel: Int { level >= 7 ? 12 : level }

    /// Whether libdeflate compresses the frames for the file (every level but the default).
    var usesLibdeflate: Bool { level != 6 }

    /// The `OptimalDeflate` that compresses the frames (the default and above), or nil.
    var optimalDeflate: OptimalDeflate? {
        switch level {
        case 6: OptimalDeflate.light
        case 7...: OptimalDeflate()
        default: nil
        }
    }

    /// How many of the ranked candidates are compressed for the file: the best, and from level 7
    /// also the second best when the estimate found it within 3 %.
    var finalists: Int { level >= 7 ? 2 : 1 }

    /// The libdeflate level that ranks the candidates before the strongest compression runs.
    var estimateLevel: Int? {
        switch level {
        case 6: 1
        case 7...: 6
        default: nil
        }
    }

    /// The libdeflate level at which `APNGFramePlanner` compares the ways to draw a frame, or nil
    /// to compare their rectangles only.
    var planLevel: Int? { estimateLevel }

    /// Zopfli's iterations, or 0 for none.
    var zopfliIterations: Int {
        switch level {
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
