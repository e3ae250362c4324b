import Foundation
import KinetypeCore

/// A canvas of palette indices, row by row, changed and compared one rectangle at a time so that
/// the encoder's work follows what changes, not the canvas.
struct GIFIndexPlane {
    let width: Int
    let height: Int
    private(set) var indices: [UInt8]

    init(width: Int, height: Int, filledWith value: UInt8) {
        self.width = width
        self.height = height
        indices = [UInt8](largeRepeating: value, count: width * height)
    }

    /// A plane holding `indices` (`width × height` of them, row by row).
    init(width: Int, height: Int, indices: [UInt8]) {
        precondition(indices.count == width * height, "a plane holds one index per pixel")
        self.width = width
        self.height = height
        self.indices = indices
    }

    var whole: PixelRect { .whole(width: width, height: height) }

    /// Whether any pixel of the plane is `value`.
    func contains(_ value: UInt8) -> Bool {
        indices.withUnsafeBufferPointer { memchr($0.baseAddress!, Int32(value), $0.count) != nil }
    }

    /// The bounding box of the pixels of `rect` where `patch` (indices of `rect`, row by row)
    /// differs from this plane; nil when none does.
    func changedRect(to patch: [UInt8], in rect: PixelRect) -> PixelRect? {
        var box = BoundingBox()
        indices.withUnsafeBufferPointer { plane in
            patch.withUnsafeBufferPointer { patch in
                for row in 0..<rect.height {
                    let planeRow = plane.baseAddress! + (rect.y + row) * width + rect.x
                    let patchRow = patch.baseAddress! + row * rect.width
                    guard memcmp(planeRow, patchRow, rect.width) != 0 else { continue }
                    var first = 0
                    while planeRow[first] == patchRow[first] { first += 1 }
                    var last = rect.width - 1
                    while planeRow[last] == patchRow[last] { last -= 1 }
                    box.add(x: rect.x + first, y: rect.y + row)
                    box.add(x: rect.x + last, y: rect.y + row)
                }
            }
        }
        return box.pixelRect
    }

    /// The bounding box of the pixels of `rect` that differ from `other`'s.
    func changedRect(to other: GIFIndexPlane, in rect: PixelRect) -> BoundingBox {
        var box = BoundingBox()
        guard !rect.isEmpty else { return box }
        indices.withUnsafeBufferPointer { plane in
            other.indices.withUnsafeBufferPointer { other in
                for y in rect.y..<rect.maxY {
                    let start = y * width + rect.x
                    guard memcmp(plane.baseAddress! + start, other.baseAddress! + start, rect.width) != 0 else {
                        continue
                    }
                    var first = 0
                    while plane[start + first] == other[start + first] { first += 1 }
                    var last = rect.width - 1
                    while plane[start + last] == other[start + last] { last -= 1 }
                    box.add(x: rect.x + first, y: y)
                    box.add(x: rect.x + last, y: y)
                }
            }
        }
        return box
    }

    /// The bounding box of the pixels of `rect` that are `transparent` in `next` but not here.
    func clearedRect(by next: GIFIndexPlane, in rect: PixelRect, transparent: UInt8) -> BoundingBox {
        var box = BoundingBox()
        guard !rect.isEmpty else { return box }
        indices.withUnsafeBufferPointer { plane in
            next.indices.withUnsafeBufferPointer { next in
                for y in rect.y..<rect.maxY {
                    let row = y * width
                    for x in rect.x..<rect.maxX where next[row + x] == transparent && plane[row + x] != transparent {
                        box.add(x: x, y: y)
                    }
                }
            }
        }
        return box
    }

    /// Writes `patch` (indices of `rect`, row by row) into the plane.
    mutating func write(_ patch: [UInt8], in rect: PixelRect) {
        let width = self.width
        indices.withUnsafeMutableBufferPointer { plane in
            patch.withUnsafeBufferPointer { patch in
                for row in 0..<rect.height {
                    (plane.baseAddress! + (rect.y + row) * width + rect.x).update(
                        from: patch.baseAddress! + row * rect.width, count: rect.width)
                }
            }
        }
    }

    /// Copies `rect` of `other` into the plane.
    mutating func copy(_ rect: PixelRect, from other: GIFIndexPlane) {
        guard !rect.isEmpty else { return }
        let width = self.width
        indices.withUnsafeMutableBufferPointer { plane in
            other.indices.withUnsafeBufferPointer { other in
                for y in rect.y..<rect.maxY {
                    let start = y * width + rect.x
                    (plane.baseAddress! + start).update(from: other.baseAddress! + start, count: rect.width)
                }
            }
        }
    }

    /// Sets every pixel of `rect` to `value`.
    mutating func fill(_ rect: PixelRect, with value: UInt8) {
        let width = self.width
        indices.withUnsafeMutableBufferPointer { plane in
            for y in rect.y..<rect.maxY {
                (plane.baseAddress! + y * width + rect.x).update(repeating: value, count: rect.width)
            }
        }
    }

    /// The indices of `rect`, row by row.
    func pixels(in rect: PixelRect) -> [UInt8] {
        if rect == whole { return indices }
        var result = [UInt8](repeating: 0, count: rect.area)
        indices.withUnsafeBufferPointer { plane in
            result.withUnsafeMutableBufferPointer { result in
                for row in 0..<rect.height {
                    (result.baseAddress! + row * rect.width).update(
                        from: plane.baseAddress! + (rect.y + row) * width + rect.x, count: rect.width)
                }
            }
        }
        return result
    }

    /// For each pixel of `rect`, row by row, whether it equals `other`'s.
    func equalPixels(to other: GIFIndexPlane, in rect: PixelRect) -> [Bool] {
        [Bool](unsafeUninitializedCapacity: rect.area) { result, initialized in
            indices.withUnsafeBufferPointer { plane in
                other.indices.withUnsafeBufferPointer { other in
                    var out = 0
                    for y in rect.y..<rect.maxY {
                        let mine = plane.baseAddress! + y * width
                        let theirs = other.baseAddress! + y * width
                        for x in rect.x..<rect.maxX {
                            result[out] = mine[x] == theirs[x]
                            out += 1
                        }
                    }
                }
            }
            initialized = rect.area
        }
    }
}
