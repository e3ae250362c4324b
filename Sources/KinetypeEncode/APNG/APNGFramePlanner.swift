import Foundation
import KinetypeCore

/// Chooses how an APNG frame after the first is drawn: the dispose op of the frame before it
/// (left as is, cleared, or put back as before), so the canvas the frame is drawn on, and the
/// rectangle where the frame differs from that canvas.
///
/// Each candidate canvas can be drawn on by replacing the rectangle (source) or, when every pixel
/// the frame changes is opaque and the color type blends, over it with the unchanged pixels fully
/// transparent. With an estimate level (`APNGCompressionEffort.planLevel`), every such way is
/// written in the color type the file would have so far, filtered both ways the compressor tries
/// (none, adaptive) and deflated at that cheap libdeflate level; the canvas with the smallest
/// stream wins, as apngasm chooses. Without one (or on a tie) the smallest rectangle wins (half
/// again as costly when it cannot blend over), then the one with the fewest changed pixels.
/// Candidates are ranked in the order none, background, previous; the first of equals wins, so the
/// plan depends only on the frames.
struct APNGFramePlanner {
    let width: Int
    let height: Int
    private let effort: APNGCompressionEffort
    private let estimator: DeflateCompressorObject?

    /// The frame before the one being planned.
    struct Previous {
        /// What it shows.
        var target: [UInt8]
        /// The canvas it was drawn on.
        var base: [UInt8]
        /// The rectangle it drew.
        var rect: PixelRect
        /// Whether it is the file's default image (which cannot be put back: there is nothing before it).
        var isFirst: Bool
        /// Whether it may blend over its canvas (it may still be written as source): putting such a
        /// frame back is what Pillow reads wrong (`APNGPillow`).
        var blendsOver = false
    }

    /// A chosen way to draw the frame: the previous frame's dispose op, the canvas that leaves and
    /// where the frame differs from it.
    struct Plan {
        var dispose: APNGDispose
        var base: [UInt8]
        var change: Change
    }

    /// Where `target` differs from a canvas, and whether every differing pixel of `target` is opaque.
    struct Change {
        var rect: PixelRect?
        var opaque: Bool
        /// How many pixels differ.
        var changed = 0
    }

    init(width: Int, height: Int, effort: APNGCompressionEffort) throws {
        self.width = width
        self.height = height
        self.effort = effort
        estimator = try effort.planLevel.map { try DeflateCompressorObject(level: $0) }
    }

    /// The plan for `target` after `previous`; `mode` gives the color type to estimate sizes in
    /// (asked only when there is more than one candidate to rank).
    ///
    /// The three canvases differ from the previous frame's picture only inside its rectangle R
    /// (cleared there, or its base there), so the canvas is compared with the frame once, outside R
    /// and inside it apart, and R alone against the other two; the cleared canvas is made only when
    /// it is chosen.
    func plan(after previous: Previous, target: [UInt8], mode: () -> APNGColorMode) throws -> Plan {
        let region = previous.rect
        let shown = Self.changes(from: previous.target, to: target, width: width, height: height, apart: region)
        let clearedInside = Self.change(from: nil, to: target, width: width, in: region)
        var candidates: [(dispose: APNGDispose, change: Change)] = [
            (.none, shown.outside.merged(with: shown.inside)), (.background, shown.outside.merged(with: clearedInside)),
        ]
        if !previous.isFirst {
            let putBack = Self.change(from: previous.base, to: target, width: width, in: region)
            candidates.append((.previous, shown.outside.merged(with: putBack)))
        }
        var costs = candidates.map { candidate -> [Int] in
            let area = candidate.change.rect.map { $0.area * (candidate.change.opaque ? 2 : 3) } ?? 0
            return [area, candidate.change.changed]
        }
        if estimator != nil, candidates.count > 1, candidates.allSatisfy({ $0.change.rect != nil }) {
            let mode = mode()
            var sourceSizes: [PixelRect: Int] = [:]
            for (index, candidate) in candidates.enumerated() {
                let rect = candidate.change.rect!
                let sourceSize =
                    try sourceSizes[rect]
                    ?? estimate(Self.pixels(of: target, in: rect, width: width, over: nil), rect: rect, mode: mode)
                sourceSizes[rect] = sourceSize
                var size = sourceSize
                if candidate.change.opaque, mode.allowsBlendOver {
                    let base: Base =
                        switch candidate.dispose {
                        case .none: .pixels(previous.target)
                        case .background: .cleared(previous.target, region)
                        case .previous: .pixels(previous.base)
                        }
                    let over = Self.pixels(of: target, in: rect, width: width, over: base)
                    size = min(size, try estimate(over, rect: rect, mode: mode))
                }
                costs[index].insert(size, at: 0)
            }
        }
        var best = costs.indices.min { costs[$0].lexicographicallyPrecedes(costs[$1]) }!
        // Putting back a frame that blends over is what Pillow gets wrong: another canvas wins
        // when it costs at most `APNGPillow.tolerance` more.
        if candidates[best].dispose == .previous, previous.blendsOver,
            let safe = costs.indices.filter({ candidates[$0].dispose != .previous })
                .min(by: { costs[$0].lexicographicallyPrecedes(costs[$1]) }),
            APNGPillow.isWithinTolerance(costs[safe][0], of: costs[best][0])
        {
            best = safe
        }
        let chosen = candidates[best]
        let base: [UInt8]
        switch chosen.dispose {
        case .none: base = previous.target
        case .background:
            var cleared = previous.target
            clear(region, in: &cleared)
            base = cleared
        case .previous: base = previous.base
        }
        return Plan(dispose: chosen.dispose, base: base, change: chosen.change)
    }

    /// The smallest cheap zlib stream of `pixels` (the RGBA of `rect`) in `mode`.
    private func estimate(_ pixels: [UInt8], rect: PixelRect, mode: APNGColorMode) throws -> Int {
        let rows = mode.rows(pixels, width: rect.width, height: rect.height)
        var smallest = Int.max
        for filter in effort.filterings(step: mode.filterStep) {
            let filtered = APNGFrameCompressor.filteredRows(
                rows.bytes, rowBytes: rows.rowBytes, height: rect.height, step: mode.filterStep, filter: filter)
            smallest = min(smallest, try estimator!.zlib(filtered).count)
        }
        return smallest
    }

    /// A canvas a frame may be drawn over: pixels, or pixels with a rectangle cleared to zero.
    enum Base {
        case pixels([UInt8])
        case cleared([UInt8], PixelRect)
    }

    /// The RGBA of `rect` in `target`; with `over`, the pixels equal to it there fully transparent.
    static func pixels(of target: [UInt8], in rect: PixelRect, width: Int, over base: Base?) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: rect.area * 4)
        let (baseBytes, cleared): ([UInt8], PixelRect?) =
            switch base {
            case .none: ([], nil)
            case .pixels(let bytes)?: (bytes, nil)
            case .cleared(let bytes, let region)?: (bytes, region)
            }
        let blendsOver = base != nil
        target.withUnsafeBytes { targetBytes in
            baseBytes.withUnsafeBytes { baseBytes in
                pixels.withUnsafeMutableBytes { output in
                    let targetPixels = targetBytes.bindMemory(to: UInt32.self)
                    let basePixels = baseBytes.bindMemory(to: UInt32.self)
                    let outputPixels = output.bindMemory(to: UInt32.self)
                    for y in 0..<rect.height {
                        let row = rect.y + y
                        let source = row * width + rect.x
                        let destination = y * rect.width
                        // The columns of this row the cleared rectangle covers (its base pixels are zero).
                        var clearedColumns = 0..<0
                        if let cleared, (cleared.y..<cleared.maxY).contains(row) {
                            clearedColumns = max(cleared.x - rect.x, 0)..<max(min(cleared.maxX - rect.x, rect.width), 0)
                        }
                        for x in 0..<rect.width {
                            let pixel = targetPixels[source + x]
                            let below = clearedColumns.contains(x) ? 0 : (blendsOver ? basePixels[source + x] : 0)
                            outputPixels[destination + x] = blendsOver && pixel == below ? 0 : pixel
                        }
                    }
                }
            }
        }
        return pixels
    }

    /// `canvas` with `rect` cleared to transparent zero.
    func clear(_ rect: PixelRect, in canvas: inout [UInt8]) {
        for y in rect.y..<rect.maxY {
            let start = (y * width + rect.x) * 4
            canvas.replaceSubrange(start..<(start + rect.width * 4), with: repeatElement(0, count: rect.width * 4))
        }
    }

    /// Where `target` differs from `base` on the whole canvas.
    static func change(from base: [UInt8], to target: [UInt8], width: Int, height: Int) -> Change {
        let both = changes(
            from: base, to: target, width: width, height: height, apart: PixelRect(x: 0, y: 0, width: 0, height: 0))
        return both.outside.merged(with: both.inside)
    }

    /// Where `target` differs from `base` on the whole canvas, outside `region` and inside it apart.
    /// Whole rows that are equal are passed over with one comparison of their bytes.
    static func changes(from base: [UInt8], to target: [UInt8], width: Int, height: Int, apart region: PixelRect)
        -> (outside: Change, inside: Change)
    {
        var outside = ChangeCounter()
        var inside = ChangeCounter()
        base.withUnsafeBytes { baseBytes in
            target.withUnsafeBytes { targetBytes in
                let rowBytes = width * 4
                for y in 0..<height {
                    let offset = y * rowBytes
                    if memcmp(baseBytes.baseAddress! + offset, targetBytes.baseAddress! + offset, rowBytes) == 0 {
                        continue
                    }
                    let inRegion = y >= region.y && y < region.maxY
                    let regionStart = inRegion ? min(max(region.x, 0), width) : width
                    let regionEnd = inRegion ? min(max(region.maxX, regionStart), width) : width
                    outside.scan(base: baseBytes, target: targetBytes, row: y, width: width, columns: 0..<regionStart)
                    inside.scan(
                        base: baseBytes, target: targetBytes, row: y, width: width, columns: regionStart..<regionEnd)
                    outside.scan(base: baseBytes, target: targetBytes, row: y, width: width, columns: regionEnd..<width)
                }
            }
        }
        return (outside.change, inside.change)
    }

    /// Where `target` differs, inside `region`, from `base`, or (nil) from transparent zero.
    static func change(from base: [UInt8]?, to target: [UInt8], width: Int, in region: PixelRect) -> Change {
        var counter = ChangeCounter()
        let zeros = [UInt8](repeating: 0, count: base == nil ? region.width * 4 : 0)
        (base ?? []).withUnsafeBytes { baseBytes in
            zeros.withUnsafeBytes { zeroBytes in
                target.withUnsafeBytes { targetBytes in
                    for y in region.y..<region.maxY {
                        if base != nil {
                            counter.scan(
                                base: baseBytes, target: targetBytes, row: y, width: width,
                                columns: region.x..<region.maxX)
                        } else {
                            counter.scan(
                                base: zeroBytes, baseOffset: -(y * width + region.x) * 4, target: targetBytes, row: y,
                                width: width, columns: region.x..<region.maxX)
                        }
                    }
                }
            }
        }
        return counter.change
    }
}

extension APNGFramePlanner.Change {
    /// The change of two parts of a canvas that do not overlap, together.
    func merged(with other: Self) -> Self {
        let rect: PixelRect? =
            switch (self.rect, other.rect) {
            case (let a?, let b?): a.union(b)
            case (let a?, nil): a
            case (nil, let b): b
            }
        return Self(rect: rect, opaque: opaque && other.opaque, changed: changed + other.changed)
    }
}

/// Accumulates where pixels differ: the bounding box, whether every differing target pixel is
/// opaque, and how many differ.
private struct ChangeCounter {
    private var minX = Int.max
    private var minY = Int.max
    private var maxX = -1
    private var maxY = -1
    private var opaque = true
    private var changed = 0

    var change: APNGFramePlanner.Change {
        guard maxX >= 0 else { return APNGFramePlanner.Change(rect: nil, opaque: true) }
        return APNGFramePlanner.Change(
            rect: PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), opaque: opaque,
            changed: changed)
    }

    /// Compares `columns` of row `row` (pixel index `row · width + x`; the base's byte offset moved
    /// by `baseOffset`), skipping equal pixel pairs eight bytes at a time.
    @inline(__always)
    mutating func scan(
        base: UnsafeRawBufferPointer, baseOffset: Int = 0, target: UnsafeRawBufferPointer, row: Int, width: Int,
        columns: Range<Int>
    ) {
        guard !columns.isEmpty else { return }
        let rowStart = row * width * 4
        let basePointer = base.baseAddress! + rowStart + baseOffset
        let targetPointer = target.baseAddress! + rowStart
        var x = columns.lowerBound
        let end = columns.upperBound
        while x < end {
            while x + 2 <= end,
                basePointer.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                    == targetPointer.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
            {
                x += 2
            }
            guard x < end else { break }
            if basePointer.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                != targetPointer.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            {
                changed += 1
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if row < minY { minY = row }
                if row > maxY { maxY = row }
                if targetPointer.load(fromByteOffset: x * 4 + 3, as: UInt8.self) != 255 { opaque = false }
            }
            x += 1
        }
    }
}
