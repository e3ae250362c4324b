/// The share of a GIF render done, over its two passes, for one progress bar.
///
/// The palette pass renders every frame (one unit each). The second pass writes the frames whose
/// changes were kept from the first (a tenth of a unit each: mapping and compression only) and
/// renders the rest again (one unit each), which is known only once the first pass ends; until
/// then every frame is assumed kept, as it is when the changes fit the memory budget.
struct GIFPassWork {
    let frames: Int
    private(set) var firstRenderedAgain: Int?
    static let keptFrameWork = 0.1

    init(frames: Int) { self.frames = frames }

    private var total: Double {
        let kept = Double(firstRenderedAgain ?? frames)
        return Double(frames) + kept * Self.keptFrameWork + Double(frames) - kept
    }

    /// `units` of `total`; exactly 1 at the end, whatever the rounding of the sums.
    private func share(_ units: Double) -> Double {
        total > 0 && units < total - 1e-9 ? units / total : 1
    }

    /// After `done` frames of the palette pass.
    func palette(done: Int) -> Double { share(Double(done)) }

    /// After `done` kept frames of the second pass.
    func kept(done: Int) -> Double { share(Double(frames) + Double(done) * Self.keptFrameWork) }

    /// The second pass renders the frames from `index` on again.
    mutating func renderAgain(from index: Int) { firstRenderedAgain = index }

    /// After the second pass reached frame `done` (counted from 1) by rendering again.
    func renderedAgain(done: Int) -> Double {
        let kept = Double(firstRenderedAgain ?? frames)
        return share(Double(frames) + kept * Self.keptFrameWork + Double(done) - kept)
    }
}
