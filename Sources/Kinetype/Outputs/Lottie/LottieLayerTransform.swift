import KinetypeCore
import KinetypeEncode

/// The transforms of kinetype's Lottie layers: a scene layer's motion about its box's center, and
/// the still transforms of everything placed inside a precomposition.
extension LottieExport {
    /// The layer's transform about its box's center (which moves when re-laid-out text resizes its
    /// box): opacity, offset, scale and rotation per frame, keyframed as `VectorMotion` says. Where
    /// the center moves (a text re-laid out), the anchor holds and so does the position.
    func transform(_ tracks: LayerTracks, centers: Track<Point>) -> LottieTransform {
        let point: (Point) -> [Double] = { [$0.x, $0.y, 0] }
        let anchor: LottieProperty<[Double]>
        var placed = Track<Point>()
        var positionJumps = tracks.positionJumps
        if centers.changes.count == 1 {
            let center = centers.changes[0].value
            let cx = rounded(center.x)
            let cy = rounded(center.y)
            anchor = .fixed([cx, cy, 0])
            for change in tracks.position.changes {
                placed.add(Point(x: rounded(cx + change.value.x), y: rounded(cy + change.value.y)), frame: change.frame)
            }
        } else {
            var anchors = Track<Point>()
            let offsets = tracks.position.expanded(count: timeline.frameCount)
            for (frame, center) in centers.expanded(count: timeline.frameCount).enumerated() {
                let cx = rounded(center.x)
                let cy = rounded(center.y)
                if let last = anchors.changes.last, last.value != Point(x: cx, y: cy) { positionJumps.insert(frame) }
                anchors.add(Point(x: cx, y: cy), frame: frame)
                placed.add(Point(x: rounded(cx + offsets[frame].x), y: rounded(cy + offsets[frame].y)), frame: frame)
            }
            anchor = keyframes(anchors, point)
        }
        let count = timeline.frameCount
        // Dropped frames stay within a hundredth of a point (the positions' rounding) or less.
        let curves = transformCurves
        let opacity = VectorMotion(
            values: tracks.opacity.expanded(count: count), jumps: tracks.opacityJumps, exactness: 1e-4, curves: curves)
        let rotation = VectorMotion(
            values: tracks.rotation.expanded(count: count), jumps: tracks.rotationJumps, exactness: 1e-3,
            curves: curves)
        let position = VectorMotion(
            values: placed.expanded(count: count), jumps: positionJumps, exactness: 0.01, curves: curves)
        let scaling = VectorMotion(
            values: tracks.scale.expanded(count: count), jumps: tracks.scaleJumps, exactness: 1e-5, curves: curves)
        return LottieTransform(
            opacity: motionKeyframes(opacity) { $0 * 100 }, rotation: motionKeyframes(rotation) { $0 },
            position: motionKeyframes(position, point), anchor: anchor,
            scale: motionKeyframes(scaling) { [$0 * 100, $0 * 100, 100] })
    }

    /// A transform that places a layer's content at `position` (points), scaled by `scale`
    /// (percent), unrotated about its origin, at `opacity` (percent): every transform of a
    /// precomposition's layer but a glyph's (`placedLayer`).
    func stillTransform(
        opacity: LottieProperty<Double> = .fixed(100), position: [Double] = [0, 0, 0],
        scale: [Double] = [100, 100, 100]
    ) -> LottieTransform {
        LottieTransform(
            opacity: opacity, rotation: .fixed(0), position: .fixed(position), anchor: .fixed([0, 0, 0]),
            scale: .fixed(scale))
    }

    /// The identity transform, with the layer's opacity (percent) held at the frames it changes.
    func staticTransform(opacity: Track<Double>) -> LottieTransform {
        stillTransform(opacity: keyframes(opacity) { $0 })
    }
}
