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
    func plan(after previous: Previous, target: [UInt8], mode: () -> APNGColorMode) throws -> Plan {
        var cleared = previous.target
        clear(previous.rect, in: &cleared)
        var bases: [(APNGDispose, [UInt8])] = [(.none, previous.target), (.background, cleared)]
        if !previous.isFirst { bases.append((.previous, previous.base)) }
        let candidates = bases.map {
            Plan(dispose: $0.0, base: $0.1, change: Self.change(from: $0.1, to: target, width: width, height: height))
        }
        var costs = candidates.map { plan -> [Int] in
            let area = plan.change.rect.map { $0.area * (plan.change.opaque ? 2 : 3) } ?? 0
            return [area, plan.change.changed]
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
                    let over = Self.pixels(of: target, in: rect, width: width, over: candidate.base)
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
        return candidates[best]
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

    /// The RGBA of `rect` in `target`; with `over`, the pixels equal to it there fully transparent.
    static func pixels(of target: [UInt8], in rect: PixelRect, width: Int, over base: [UInt8]?) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: rect.area * 4)
        let blendsOver = base != nil
        target.withUnsafeBytes { targetBytes in
            (base ?? []).withUnsafeBytes { baseBytes in
                pixels.withUnsafeMutableBytes { output in
                    let targetPixels = targetBytes.bindMemory(to: UInt32.self)
                    let basePixels = baseBytes.bindMemory(to: UInt32.self)
                    let outputPixels = output.bindMemory(to: UInt32.self)
                    for y in 0..<rect.height {
                        let source = (rect.y + y) * width + rect.x
                        let destination = y * rect.width
                        for x in 0..<rect.width {
                            let pixel = targetPixels[source + x]
                            outputPixels[destination + x] = blendsOver && pixel == basePixels[source + x] ? 0 : pixel
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

    static func change(from base: [UInt8], to target: [UInt8], width: Int, height: Int) -> Change {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        var opaque = true
        var changed = 0
        base.withUnsafeBytes { baseBytes in
            target.withUnsafeBytes { targetBytes in
                let basePixels = baseBytes.bindMemory(to: UInt32.self)
                let targetPixels = targetBytes.bindMemory(to: UInt32.self)
                let targetAlpha = targetBytes.bindMemory(to: UInt8.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width {
                        if basePixels[row + x] != targetPixels[row + x] {
                            changed += 1
                            if x < minX { minX = x }
                            if x > maxX { maxX = x }
                            if y < minY { minY = y }
                            if y > maxY { maxY = y }
                            if targetAlpha[(row + x) * 4 + 3] != 255 { opaque = false }
                        }
                        x += 1
                    }
                }
            }
        }
        guard maxX >= 0 else { return Change(rect: nil, opaque: true) }
        return Change(
            rect: PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), opaque: opaque,
            changed: changed)
    }
}
