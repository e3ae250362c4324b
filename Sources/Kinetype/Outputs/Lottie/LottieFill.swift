import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// A shape's paint in Lottie: a solid fill (`fl`), or a linear gradient fill (`gf`) with the two
/// color stops and the line the raster renderer's Cairo pattern runs along. Gradients are opaque
/// (`LottieExport` refuses translucent ones), so there are no opacity stops.
func lottiePaint(_ fill: VectorFill) -> LottieJSON {
    func still(_ value: LottieJSON) -> LottieJSON { .object([("a", .number(0)), ("k", value)]) }
    switch fill {
    case .color(let color):
        return .object([
            ("ty", .string("fl")),
            ("c", still(.array([.number(color.red), .number(color.green), .number(color.blue), .number(1)]))),
            ("o", still(.number(color.alpha * 100))), ("r", .number(1)),
        ])
    case .linear(let from, let to, let start, let end):
        let stops: [Double] = [0, from.red, from.green, from.blue, 1, to.red, to.green, to.blue]
        let point: (Point) -> LottieJSON = { .array([.number(rounded($0.x)), .number(rounded($0.y))]) }
        return .object([
            ("ty", .string("gf")), ("o", still(.number(100))), ("r", .number(1)),
            ("g", .object([("p", .number(2)), ("k", still(.array(stops.map { .number($0) })))])),
            ("s", still(point(start))), ("e", still(point(end))), ("t", .number(1)),
        ])
    }
}

/// Whether a fill paints anything.
func isVisible(_ fill: Fill) -> Bool {
    switch fill {
    case .color(let color): return color.alpha > 0
    case .linear(let from, let to, _, _): return from.alpha > 0 || to.alpha > 0
    }
}
