import Foundation

/// A Gaussian-like blur of an 8-bit alpha mask: three box blurs per axis (the classic
/// approximation), in integer arithmetic so it is exact and deterministic.
enum ShadowBlur {
    /// Blurs `mask` (rows of `stride` bytes) in place with standard deviation `sigma` pixels.
    static func blur(_ mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        let radii = boxRadii(sigma: sigma)
        var line = [UInt8](repeating: 0, count: max(width, height))
        var scratch = [UInt8](repeating: 0, count: max(width, height))
        for radius in radii {
            for y in 0..<height {
                let row = mask + y * stride
                for x in 0..<width { line[x] = row[x] }
                boxBlur(line, into: &scratch, count: width, radius: radius)
                for x in 0..<width { row[x] = scratch[x] }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = mask[y * stride + x] }
                boxBlur(line, into: &scratch, count: height, radius: radius)
                for y in 0..<height { mask[y * stride + x] = scratch[y] }
            }
        }
    }

    /// Box radii of three passes whose combined variance approximates `sigma`².
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4))
            .rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// A moving-average blur of one line; outside the line counts as zero.
    private static func boxBlur(_ input: [UInt8], into output: inout [UInt8], count: Int, radius: Int) {
        let size = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(input[i]) }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += Int(input[entering]) }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= Int(input[leaving]) }
            output[i] = UInt8((sum + size / 2) / size)
        }
    }
}
