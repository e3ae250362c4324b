import KinetypeCore
import KinetypeEncode
import KinetypeRender

extension LottieShape {
    /// A shape's paint in Lottie: a solid fill, or a linear gradient fill with the two color stops
    /// and the line the raster renderer's Cairo pattern runs along. Gradients are opaque
    /// (`LottieExport` refuses translucent ones), so there are no opacity stops.
    static func paint(_ fill: VectorFill) -> LottieShape {
        switch fill {
        case .color(let color):
            return solid(color)
        case .linear(let from, let to, let start, let end):
            let stops: [Double] = [0, from.red, from.green, from.blue, 1, to.red, to.green, to.blue]
            return .gradientFill(
                LottieGradientFill(
                    opacity: .fixed(100), colors: LottieGradientColors(count: 2, stops: .fixed(stops)),
                    start: .fixed([rounded(start.x), rounded(start.y)]), end: .fixed([rounded(end.x), rounded(end.y)]),
                    type: .linear))
        }
    }

    /// A solid fill of `color`, its alpha as the fill's opacity.
    static func solid(_ color: Color) -> LottieShape {
        .fill(LottieFill(color: .color(color), opacity: .opacity(of: color)))
    }
}

extension LottieProperty where Value == [Double] {
    /// `color` as Lottie's colors are, `[r, g, b, 1]`: its alpha goes to an opacity.
    static func color(_ color: Color) -> Self { .fixed([color.red, color.green, color.blue, 1]) }
}

extension LottieProperty where Value == Double {
    /// The alpha of `color`, as an opacity in percent.
    static func opacity(of color: Color) -> Self { .fixed(color.alpha * 100) }
}

/// Whether a fill paints anything.
func isVisible(_ fill: Fill) -> Bool {
    switch fill {
    case .color(let color): return color.alpha > 0
    case .linear(let from, let to, _, _): return from.alpha > 0 || to.alpha > 0
    }
}
