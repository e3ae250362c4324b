import Foundation

/// A color in Björn Ottosson's OKLab space (perceptually uniform), with straight alpha.
public struct OKLab: Equatable, Sendable {
    public var lightness: Double
    public var a: Double
    public var b: Double
    public var alpha: Double

    public init(lightness: Double, a: Double, b: Double, alpha: Double = 1) {
        self.lightness = lightness
        self.a = a
        self.b = b
        self.alpha = alpha
    }

    /// Converts a (gamma-encoded) sRGB color.
    public init(_ color: Color) {
        let r = Self.linear(color.red)
        let g = Self.linear(color.green)
        let bl = Self.linear(color.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        alpha = color.alpha
    }

    /// Back to sRGB, clamped into the gamut component-wise.
    public var color: Color {
        let l = pow3(lightness + 0.3963377774 * a + 0.2158037573 * b)
        let m = pow3(lightness - 0.1055613458 * a - 0.0638541728 * b)
        let s = pow3(lightness - 0.0894841775 * a - 1.2914855480 * b)
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        return Color(
            red: Self.encoded(r), green: Self.encoded(g), blue: Self.encoded(bl),
            alpha: min(max(alpha, 0), 1))
    }

    private func pow3(_ x: Double) -> Double { x * x * x }

    static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ c: Double) -> Double {
        let value = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(max(c, 0), 1 / 2.4) - 0.055
        return min(max(value, 0), 1)
    }
}

extension Color {
    /// The color `fraction` of the way from `self` to `other`, interpolated in OKLab with
    /// premultiplied alpha (like CSS `color-mix(in oklab, …)`): a fade from transparent keeps the
    /// hue of the visible color instead of passing through the transparent color's black.
    /// Fractions outside 0...1 (spring overshoot) extrapolate and are clamped to the gamut.
    public func interpolated(to other: Color, fraction: Double) -> Color {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        let from = OKLab(self)
        let to = OKLab(other)
        let alpha = min(max(from.alpha + (to.alpha - from.alpha) * fraction, 0), 1)
        guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ x: Double, _ y: Double) -> Double {
            (x * from.alpha + (y * to.alpha - x * from.alpha) * fraction) / alpha
        }
        return OKLab(
            lightness: mix(from.lightness, to.lightness), a: mix(from.a, to.a),
            b: mix(from.b, to.b), alpha: alpha
        ).color
    }
}
