import CPangoCairo
import KinetypeCore

/// A renderer's canvas-sized Cairo surface and what it is known to show, so the three ways of
/// rendering (`render`, `renderIncrementally`, `renderPixels`) share one surface without sharing
/// loose optionals: a surface shows a frame only once that frame was drawn on it completely.
enum RendererSurface {
    /// No surface yet.
    case none
    /// A surface showing nothing known: a whole render's scratch, or one whose drawing failed.
    case unknown(CairoSurface)
    /// A surface showing the frame `state` whole; `mirror` is its straight RGBA while
    /// `renderIncrementally` keeps one (the pixels outside each frame's damage carry over).
    case showing(CairoSurface, state: FrameState, mirror: Image?)

    /// A surface of `width × height` pixels, with the frame it shows and that frame's mirror when
    /// it is the one this holds; afterwards this holds it as `unknown` (whatever the caller draws
    /// next is unknown until it says otherwise), so the mirror's only reference is the caller's.
    mutating func take(width: Int, height: Int) throws -> (surface: CairoSurface, shown: FrameState?, mirror: Image?) {
        var taken: (CairoSurface, FrameState?, Image?)?
        switch self {
        case .none:
            break
        case .unknown(let surface):
            taken = (surface, nil, nil)
        case .showing(let surface, let state, let mirror):
            taken = (surface, state, mirror)
        }
        self = .none
        if let (surface, shown, mirror) = taken, surface.width == width, surface.height == height {
            self = .unknown(surface)
            return (surface, shown, mirror.flatMap { $0.width == width && $0.height == height ? $0 : nil })
        }
        let created = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: width, height: height)
        self = .unknown(created)
        return (created, nil, nil)
    }
}
