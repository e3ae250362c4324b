import Foundation
import KinetypeCore

extension PreparedScene {
    /// Renders `frames` and calls `consume` with each, in display order, with the exact rectangle
    /// that changed since the frame delivered before it (`RenderedFrame.changed`; nil = identical;
    /// the whole image for the first frame delivered).
    ///
    /// The simple version: every frame is rendered whole by the image pipeline and compared with
    /// the previous one over the whole canvas on the calling thread.
    func renderFrames(
        _ frames: Range<Int>, jobs: Int, isCancelled: @escaping @Sendable () -> Bool,
        consume: (RenderedFrame) throws -> Void
    ) throws {
        var previous: Image?
        try pipeline(jobs: jobs, isCancelled: isCancelled).run(frames: frames) { index, image in
            let changed: PixelRect?
            if let previous {
                changed = Self.changedRect(from: previous, to: image)
            } else {
                changed = .whole(width: image.width, height: image.height)
            }
            previous = image
            try consume(RenderedFrame(index: index, image: image, changed: changed))
        }
    }

    /// The bounding box of the pixels that differ between two images of one size (nil: none).
    private static func changedRect(from old: Image, to new: Image) -> PixelRect? {
        let width = new.width
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        old.pixels.withUnsafeBytes { oldBytes in
            new.pixels.withUnsafeBytes { newBytes in
                func same(_ pixel: Int) -> Bool {
                    oldBytes.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                        == newBytes.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                }
                for y in 0..<new.height {
                    let row = y * width
                    var x = 0
                    while x < width, same(row + x) { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while same(row + last) { last -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
