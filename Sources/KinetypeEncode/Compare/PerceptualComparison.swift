import KinetypeCore

/// Options of a perceptual image comparison.
public struct ComparisonOptions: Equatable, Sendable, Codable {
    /// Color distance (0…1, in YIQ space) above which a pixel counts as changed; 0.1 by default,
    /// like pixelmatch and Playwright.
    public var threshold: Double = 0.1
    /// Changed pixels (not counting antialiased ones) a frame may have and still pass.
    public var maxDiffPixels: Int = 0
    /// Changed pixels as a fraction of all pixels that a frame may have and still pass.
    public var maxDiffRatio: Double = 0
    /// The range of `threshold` and `maxDiffRatio`: both are fractions.
    public static let fractions: ClosedRange<Double> = 0...1
    /// Whether pixels that differ only as antialiased edges are reported but not counted.
    public var detectAntialiasing = true

    public init() {}

    /// No tolerance: any pixel whose color differs counts (threshold 0), an antialiased edge too, and
    /// none may. Translucent pixels count as they look over the comparison's checkerboard, so a fully
    /// transparent pixel's color channels are no difference.
    public static var exact: ComparisonOptions {
        var options = ComparisonOptions()
        options.threshold = 0
        options.detectAntialiasing = false
        return options
    }
}

/// The verdict on one pair of images.
public struct ImageComparison: Sendable {
    /// Whether the images are byte-identical (the fast path).
    public var identical: Bool
    /// Pixels whose color distance exceeds the threshold, antialiased edges excluded.
    public var changedPixels: Int
    /// Pixels that differ only as antialiased edges (reported, not counted).
    public var antialiasedPixels: Int
    /// The largest color distance found, 0…1.
    public var maxDistance: Double
    public var totalPixels: Int
    /// Whether the difference is within the limits.
    public var passed: Bool
    /// The expected image faded, changed pixels red, antialiased pixels yellow; nil when identical.
    public var diffImage: Image?

    public var changedRatio: Double { totalPixels > 0 ? Double(changedPixels) / Double(totalPixels) : 0 }
}

/// Compares images as a person would see them: a fast byte-exact check, then a per-pixel
/// perceptual color distance with antialiasing detection, then limits.
///
/// The distance and the antialiasing detection are pixelmatch v7.1.0's, step for step (its
/// fixtures' counts are reproduced exactly by `PixelmatchFixtureTests`):
/// - the distance is the YIQ difference of Kotsarenko and Ramos,
///   `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²`, against `35215 · threshold²`;
/// - when either pixel is not opaque, both are blended over a checkerboard whose shade (48 or 207
///   per channel) depends on the pixel's position, so a change of alpha alone counts: a transparent
///   pixel that turns opaque white, or a layer whose opacity goes from 0.35 to 0.9, is a change;
/// - a changed pixel is an antialiased edge (Vyšniauskas's detector) when, in either image, it lies
///   between a darkest and a brightest neighbour and one of those lies in a flat area of both images.
public enum PerceptualComparison {
    /// The largest possible YIQ delta (black against white).
    private static let maxYIQDelta = 35215.0

    public static func compare(expected: Image, actual: Image, options: ComparisonOptions = ComparisonOptions())
        -> ImageComparison
    {
        let total = expected.width * expected.height
        if expected == actual {
            return ImageComparison(
                identical: true, changedPixels: 0, antialiasedPixels: 0, maxDistance: 0,
                totalPixels: total, passed: true, diffImage: nil)
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageComparison(
                identical: false, changedPixels: max(total, actual.width * actual.height),
                antialiasedPixels: 0, maxDistance: 1, totalPixels: total, passed: false,
                diffImage: nil)
        }
        let limit = maxYIQDelta * options.threshold * options.threshold
        var diff = fadedCopy(of: expected)
        var changed = 0
        var antialiased = 0
        var maxDelta = 0.0
        let width = expected.width
        let height = expected.height
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                let first = PixelPlane(bytes: a, width: width, height: height)
                let second = PixelPlane(bytes: b, width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        let pixel = y * width + x
                        guard first.word(pixel) != second.word(pixel) else { continue }
                        let delta = abs(colorDelta(first, pixel, second, pixel))
                        maxDelta = max(maxDelta, delta)
                        guard delta > limit else { continue }
                        let isEdge =
                            options.detectAntialiasing
                            && (isAntialiased(first, x, y, other: second) || isAntialiased(second, x, y, other: first))
                        if isEdge {
                            antialiased += 1
                            paint(&diff, pixel * 4, (255, 200, 0))
                        } else {
                            changed += 1
                            paint(&diff, pixel * 4, (230, 20, 20))
                        }
                    }
                }
            }
        }
        let ratio = total > 0 ? Double(changed) / Double(total) : 0
        let passed = changed <= options.maxDiffPixels || ratio <= options.maxDiffRatio && options.maxDiffRatio > 0
        return ImageComparison(
            identical: false, changedPixels: changed, antialiasedPixels: antialiased,
            maxDistance: min(1, (maxDelta / maxYIQDelta).squareRoot()), totalPixels: total,
            passed: passed, diffImage: diff)
    }

    // MARK: Color distance

    /// The squared YIQ distance of pixel `i` of `a` and pixel `j` of `b`, negative when the first
    /// is lighter; with `brightnessOnly`, the signed difference of luma alone. Pixels that are not
    /// both opaque are blended over the checkerboard shade of pixel `i`.
    static func colorDelta(_ a: PixelPlane, _ i: Int, _ b: PixelPlane, _ j: Int, brightnessOnly: Bool = false)
        -> Double
    {
        let k = i * 4
        let m = j * 4
        let (r1, g1, b1, a1) = (Double(a.bytes[k]), Double(a.bytes[k + 1]), Double(a.bytes[k + 2]), a.bytes[k + 3])
        let (r2, g2, b2, a2) = (Double(b.bytes[m]), Double(b.bytes[m + 1]), Double(b.bytes[m + 2]), b.bytes[m + 3])
        var dr = r1 - r2
        var dg = g1 - g2
        var db = b1 - b2
        if dr == 0, dg == 0, db == 0, a1 == a2 { return 0 }
        if a1 < 255 || a2 < 255 {
            let alpha1 = Double(a1)
            let alpha2 = Double(a2)
            let da = alpha1 - alpha2
            let shade = checkerboard(byteOffset: k)
            dr = (r1 * alpha1 - r2 * alpha2 - shade.r * da) / 255
            dg = (g1 * alpha1 - g2 * alpha2 - shade.g * da) / 255
            db = (b1 * alpha1 - b2 * alpha2 - shade.b * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if brightnessOnly { return y }
        let inPhase = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let quadrature = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * inPhase * inPhase + 0.1957 * quadrature * quadrature
        return y > 0 ? -delta : delta
    }

    /// The background a semi-transparent pixel is blended over: 48 or 207 per channel, chosen from
    /// the pixel's byte offset as pixelmatch does (the parity of offset, offset ÷ φ and offset ÷ φ²).
    private static func checkerboard(byteOffset k: Int) -> (r: Double, g: Double, b: Double) {
        func shade(_ divisor: Double) -> Double { 48 + 159 * Double(Int(Double(k) / divisor) % 2) }
        return (shade(1), shade(1.618033988749895), shade(2.618033988749895))
    }

    // MARK: Antialiasing detection (after Vyšniauskas, "Anti-aliased pixel and intensity slope detector")

    /// Whether the pixel at (x, y) of `image` looks like an antialiased edge: it lies between a
    /// darkest and a brightest neighbour, and one of those belongs to a flat area in both images.
    /// Neighbours are visited column by column, as pixelmatch does, which decides ties.
    static func isAntialiased(_ image: PixelPlane, _ x: Int, _ y: Int, other: PixelPlane) -> Bool {
        let x0 = max(x - 1, 0)
        let y0 = max(y - 1, 0)
        let x1 = min(x + 1, image.width - 1)
        let y1 = min(y + 1, image.height - 1)
        let center = y * image.width + x
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        for nx in x0...x1 {
            for ny in y0...y1 where nx != x || ny != y {
                let delta = colorDelta(image, center, image, ny * image.width + nx, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = nx
                    minY = ny
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = nx
                    maxY = ny
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Whether at least three neighbours of (x, y) have exactly its color (a flat area).
    private static func hasManySiblings(_ image: PixelPlane, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0)
        let y0 = max(y - 1, 0)
        let x1 = min(x + 1, image.width - 1)
        let y1 = min(y + 1, image.height - 1)
        let value = image.word(y * image.width + x)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        for nx in x0...x1 {
            for ny in y0...y1 where nx != x || ny != y {
                if image.word(ny * image.width + nx) == value {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }

    // MARK: Diff image

    private static func fadedCopy(of image: Image) -> Image {
        var copy = image
        for i in stride(from: 0, to: copy.pixels.count, by: 4) {
            let alpha = Double(image.pixels[i + 3]) / 255
            let luma =
                Double(image.pixels[i]) * 0.29889531 + Double(image.pixels[i + 1]) * 0.58662247
                + Double(image.pixels[i + 2]) * 0.11448223
            let overWhite = 255 + (luma - 255) * alpha
            let gray = UInt8(min(255, 255 - (255 - overWhite) * 0.15))
            copy.pixels[i] = gray
            copy.pixels[i + 1] = gray
            copy.pixels[i + 2] = gray
            copy.pixels[i + 3] = 255
        }
        return copy
    }

    private static func paint(_ image: inout Image, _ i: Int, _ color: (UInt8, UInt8, UInt8)) {
        image.pixels[i] = color.0
        image.pixels[i + 1] = color.1
        image.pixels[i + 2] = color.2
        image.pixels[i + 3] = 255
    }
}

/// The RGBA bytes of an image seen during a comparison, with each pixel also readable as one word.
struct PixelPlane {
    let bytes: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    /// The four bytes of pixel `index` as one value, for exact equality.
    @inline(__always) func word(_ index: Int) -> UInt32 {
        UnsafeRawPointer(bytes.baseAddress! + index * 4).loadUnaligned(as: UInt32.self)
    }
}
