import KinetypeCore

/// A text shadow as the players can draw it. The raster renderer blurs the glyphs' mask (a
/// Gaussian of σ = radius / 2 points, `ShadowBlur`) and paints it in the shadow color at the
/// offset. Lottie's blur and drop-shadow effects are not drawn by every player (rlottie draws no
/// effects), so the blur is approximated by sharp copies of the glyphs in the shadow color: one
/// per point of a 5 × 5 Gauss–Hermite grid around the offset (the corners, whose weight is
/// negligible, left out), each as opaque as its weight asks. Copies composite over each other, so
/// their opacities are chosen so that where all of them overlap the shadow is exactly as opaque as
/// its color. A blur under half a pixel is one copy. `copies` is front to back.
struct ShadowCopies {
    struct Copy {
        var offset: Point
        var opacity: Double
    }

    let copies: [Copy]

    /// The nodes (in standard deviations) and weights of 5-point Gauss–Hermite quadrature for a
    /// normal distribution.
    private static let nodes: [(x: Double, weight: Double)] = [
        (-2.856970013872806, 0.011257411327720691), (-1.355626179974266, 0.22207592200561266),
        (0, 0.5333333333333333), (1.355626179974266, 0.22207592200561266),
        (2.856970013872806, 0.011257411327720691),
    ]

    init(_ shadow: Shadow, pixelScale: Double) {
        let alpha = min(max(shadow.color.alpha, 0), 1)
        let sigma = max(shadow.radius, 0) / 2
        // ShadowBlur leaves a mask under half a pixel of σ sharp.
        guard sigma * pixelScale >= 0.5 else {
            copies = [Copy(offset: Point(x: shadow.x, y: shadow.y), opacity: alpha)]
            return
        }
        var weighted: [(offset: Point, weight: Double)] = []
        for row in Self.nodes {
            for column in Self.nodes where row.weight * column.weight >= 0.001 {
                weighted.append(
                    (
                        Point(x: shadow.x + column.x * sigma, y: shadow.y + row.x * sigma),
                        row.weight * column.weight
                    ))
            }
        }
        let total = weighted.reduce(0) { $0 + $1.weight }
        // Drawn from the lightest copy to the heaviest, each so opaque that where all overlap the
        // sum so far is exact: over what is drawn (S), a copy of opacity o gives o + (1 − o)·S.
        var drawn = 0.0
        var bottomUp: [Copy] = []
        for copy in weighted.enumerated().sorted(by: { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }
        ) {
            let share = alpha * copy.element.weight / total
            bottomUp.append(Copy(offset: copy.element.offset, opacity: drawn < 1 ? min(share / (1 - drawn), 1) : 1))
            drawn += share
        }
        copies = bottomUp.reversed()
    }
}
