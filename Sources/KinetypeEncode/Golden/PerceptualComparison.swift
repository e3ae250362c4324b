import KinetypeCore

/// Options of a perceptual image comparison.
public struct ComparisonOptions: Equatable, Sendable {
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
/// perceptual color distance (YIQ, as in pixelmatch) with antialiasing detection, then limits.
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
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let i = (y * expected.width + x) * 4
                let delta = abs(colorDelta(expected.pixels, i, actual.pixels, i))
                maxDelta = max(maxDelta, delta)
                guard delta > limit else { continue }
                let isEdge =
                    options.detectAntialiasing
                    && (isAntialiased(expected, x, y, other: actual) || isAntialiased(actual, x, y, other: expected))
                if isEdge {
                    antialiased += 1
                    paint(&diff, i, (255, 200, 0))
                } else {
                    changed += 1
                    paint(&diff, i, (230, 20, 20))
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

    /// The squared YIQ distance of two pixels blended over white; negative when the second is lighter.
    static func colorDelta(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int, brightnessOnly: Bool = false) -> Double {
        let (r1, g1, b1) = blendedOverWhite(a, i)
        let (r2, g2, b2) = blendedOverWhite(b, j)
        let y1 = luma(r1, g1, b1)
        let y2 = luma(r2, g2, b2)
        let dy = y1 - y2
        if brightnessOnly { return dy }
        let di = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let dq = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    private static func blendedOverWhite(_ p: [UInt8], _ i: Int) -> (Double, Double, Double) {
        let alpha = Double(p[i + 3]) / 255
        return (
            255 + (Double(p[i]) - 255) * alpha,
            255 + (Double(p[i + 1]) - 255) * alpha,
            255 + (Double(p[i + 2]) - 255) * alpha
        )
    }

    private static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    // MARK: Antialiasing detection (after Vyšniauskas, "Anti-aliased pixel and intensity slope detector")

    /// Whether the pixel at (x, y) of `image` looks like an antialiased edge: it lies between a
    /// darkest and a brightest neighbour, and one of those belongs to a flat area in both images.
    static func isAntialiased(_ image: Image, _ x: Int, _ y: Int, other: Image) -> Bool {
        let x0 = max(x - 1, 0)
        let y0 = max(y - 1, 0)
        let x1 = min(x + 1, image.width - 1)
        let y1 = min(y + 1, image.height - 1)
        let center = (y * image.width + x) * 4
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = colorDelta(
                    image.pixels, center, image.pixels, (ny * image.width + nx) * 4, brightnessOnly: true)
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
    private static func hasManySiblings(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0)
        let y0 = max(y - 1, 0)
        let x1 = min(x + 1, image.width - 1)
        let y1 = min(y + 1, image.height - 1)
        let center = (y * image.width + x) * 4
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let other = (ny * image.width + nx) * 4
                if image.pixels[center..<center + 4] == image.pixels[other..<other + 4] {
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
            let (r, g, b) = blendedOverWhite(image.pixels, i)
            let gray = UInt8(min(255, 255 - (255 - luma(r, g, b)) * 0.15))
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
