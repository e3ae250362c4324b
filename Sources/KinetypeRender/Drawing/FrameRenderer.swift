import CPangoCairo
import Foundation
import KinetypeCore

/// Renders frames of one scene; one per worker thread (owns its Cairo surface, Pango context,
/// font map). Errors are thrown as `DiagnosticList`.
///
/// Glyphs are rasterized with fixed font options (grey antialiasing, no hinting, no hinted
/// metrics, unrounded glyph positions) and a fixed language, so a frame's bytes depend only on its
/// `FrameState` and the font files.
public final class FrameRenderer {
    let scene: Scene
    let fonts: FontLibrary
    let engine: TextLayoutEngine
    /// Lays out text whose glyphs move (`TextState.glyphsMove`), drawn as exact outlines. Its own
    /// Pango context has font options that differ only in a setting outline filling does not use
    /// (the antialiasing of cached glyph images), so Cairo gives it scaled fonts of its own: the
    /// glyph outlines it loads and the glyph images of still text never share Cairo's process-wide
    /// glyph caches, whatever order frames and layers are drawn in.
    let exactEngine: TextLayoutEngine
    /// `canvas.layoutDirection`, with `auto` resolved from the scene's text.
    let layoutDirection: LayoutDirection
    private let fontMap: PangoCairoFontMap
    private let context: PangoContext
    private let exactContext: PangoContext
    let pictures: LayerPictures
    /// The canvas-sized surface every frame is drawn on, and the frame it shows.
    var surface = RendererSurface.none
    /// The last layout of each text layer, reused while its text and geometry stay the same
    /// (holds, blinking cursors, animations of color or transform).
    private var preparedTexts: [Int: (key: PreparedTextKey, prepared: PreparedText)] = [:]
    /// Layouts with every character shown and no cursor, for the bounds of what a frame draws;
    /// a few per layer (the frames either side of a change).
    var geometryTexts: [Int: [(key: PreparedTextKey, prepared: PreparedText)]] = [:]
    private var backgroundCache: (canvas: CanvasState, surface: CairoSurface)?

    /// Sets up the font map on the library's configuration, with no pictures (for tests and tools
    /// drawing scenes without image layers; renders share the loader's `SceneImages`). Throws
    /// when the scene has an image layer.
    public convenience init(scene: Scene, fonts: FontLibrary) throws {
        try self.init(scene: scene, fonts: fonts, images: .none)
    }

    /// Sets up the font map on the library's configuration over the scene's decoded pictures,
    /// resolving each image layer's picture now: throws a render failure when `images` lacks one.
    public init(scene: Scene, fonts: FontLibrary, images: SceneImages) throws {
        self.scene = scene
        self.fonts = fonts
        fontMap = try PangoCairoFontMap(config: fonts.config)
        let layoutDirection = scene.resolvedLayoutDirection
        self.layoutDirection = layoutDirection
        let context = try Self.makeContext(
            fontMap: fontMap, antialias: CAIRO_ANTIALIAS_GRAY, direction: layoutDirection)
        let exactContext = try Self.makeContext(
            fontMap: fontMap, antialias: CAIRO_ANTIALIAS_GOOD, direction: layoutDirection)
        self.context = context
        self.exactContext = exactContext
        engine = TextLayoutEngine(
            context: context, fonts: fonts, scene: scene, rightToLeftLayout: layoutDirection.isRightToLeft)
        exactEngine = TextLayoutEngine(
            context: exactContext, fonts: fonts, scene: scene, rightToLeftLayout: layoutDirection.isRightToLeft)
        pictures = try LayerPictures(scene, images)
    }

    /// A Pango context with the renderer's fixed font options (`antialias` aside), language and
    /// base direction.
    private static func makeContext(
        fontMap: PangoCairoFontMap, antialias: cairo_antialias_t, direction: LayoutDirection
    ) throws -> PangoContext {
        let context = try PangoContext(fontMap: fontMap)
        let options = try CairoFontOptions()
        cairo_font_options_set_antialias(options.pointer, antialias)
        cairo_font_options_set_hint_style(options.pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options.pointer, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options.pointer, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        // Pango copies the options.
        withExtendedLifetime(options) { pango_cairo_context_set_font_options(context.pointer, options.pointer) }
        pango_context_set_round_glyph_positions(context.pointer, 0)
        // The language is interned by Pango for the life of the process (borrowed, never freed).
        pango_context_set_language(context.pointer, pango_language_from_string("en"))
        // The direction of paragraphs without a strong character (digits, symbols) and of empty ones.
        pango_context_set_base_dir(
            context.pointer, direction.isRightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        return context
    }

    /// Renders one frame: `canvas.pixelWidth × canvas.pixelHeight` straight RGBA, layers back to
    /// front. Throws `DiagnosticList` with `.renderFailure` when Cairo fails.
    public func render(_ state: FrameState) throws -> Image {
        let width = state.canvas.pixelWidth
        let height = state.canvas.pixelHeight
        guard width > 0, height > 0 else { return Image(width: max(width, 0), height: max(height, 0)) }
        let surface = try self.surface.take(width: width, height: height).surface
        try draw(state, on: surface, clip: nil)
        return withExtendedLifetime(surface) { PixelConversion.image(from: surface.pointer) }
    }

    /// Draws `state` on `surface`: everything, or only the pixels inside `clip` (the rest of the
    /// surface keeps what it showed).
    func draw(_ state: FrameState, on surface: CairoSurface, clip: PixelRect?) throws {
        let context = try CairoContext(drawingOn: surface)
        defer { withExtendedLifetime(context) {} }
        let cr = context.pointer
        if let clip {
            cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
            cairo_clip(cr)
        }
        CairoPainting.clear(cr)
        cairo_scale(cr, state.canvas.scale, state.canvas.scale)

        let background = state.canvas.background.laidOut(in: layoutDirection)
        if clip != nil, case .linear = background {
            // A gradient drawn through a clip is stepped from the clip's edge: copy the full render's.
            let pattern = try canvasBackground(state.canvas, background, like: surface)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, pattern.pointer, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        } else {
            let canvasRect = Rect(x: 0, y: 0, width: state.canvas.width, height: state.canvas.height)
            try CairoPainting.fill(cr, canvasRect, radius: 0, with: background)
        }
        for layer in state.layers {
            try draw(layer, on: cr, pixelScale: state.canvas.scale)
        }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_status(cr)))
            throw DiagnosticList([
                Diagnostic(kind: .renderFailure, message: "frame \(state.index) failed to render: \(reason)")
            ])
        }
    }

    /// The canvas's background alone, drawn whole as `draw` draws it on a cleared surface (kept
    /// while the canvas stays the same).
    private func canvasBackground(_ canvas: CanvasState, _ fill: Fill, like surface: CairoSurface) throws
        -> CairoSurface
    {
        if let cached = backgroundCache, cached.canvas == canvas { return cached.surface }
        backgroundCache = nil
        let created = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: surface.width, height: surface.height)
        let context = try CairoContext(drawingOn: created)
        try withExtendedLifetime(context) {
            cairo_scale(context.pointer, canvas.scale, canvas.scale)
            try CairoPainting.fill(
                context.pointer, Rect(x: 0, y: 0, width: canvas.width, height: canvas.height), radius: 0, with: fill)
        }
        cairo_surface_flush(created.pointer)
        backgroundCache = (canvas, created)
        return created
    }

    /// What a text layer's layout depends on: everything but the cursor (drawn separately).
    struct PreparedTextKey: Equatable {
        var text: TextState
        var frame: LayerFrame
        var padding: EdgeInsets
        var alignment: Alignment
    }

    private func cachedText(_ text: TextState, layer: LayerState) throws -> PreparedText {
        var withoutCursor = text
        withoutCursor.cursor = nil
        let key = PreparedTextKey(
            text: withoutCursor, frame: layer.frame, padding: layer.padding, alignment: layer.alignment)
        if let cached = preparedTexts[layer.index], cached.key == key { return cached.prepared }
        let prepared = try prepareText(text, layer: layer)
        preparedTexts[layer.index] = (key, prepared)
        return prepared
    }

    /// The smallest layer scale × canvas scale that is drawn.
    static let smallestVisibleScale = 1e-6

    /// What a layer of one frame draws inside its box, resolved before any of it is drawn.
    private enum ContentDrawing {
        case text(PreparedText, TextState)
        case rect
        case picture(CairoSurface, ImageContent)
    }

    /// The layer's box and content: its text laid out (or taken from the cache), its picture.
    private func resolve(_ layer: LayerState) throws -> (box: LayerBox, content: ContentDrawing) {
        switch layer.content {
        case .text(let text):
            let prepared = try cachedText(text, layer: layer)
            return (prepared.box, .text(prepared, text))
        case .rect:
            let box = LayerBox(
                frame: layer.frame, contentWidth: 0, contentHeight: 0, direction: layoutDirection,
                canvasWidth: scene.canvas.width)
            return (box, .rect)
        case .image(let content):
            let picture = pictures.surface(forLayer: layer.index)
            let box = LayerBox(
                frame: layer.frame, contentWidth: Double(picture.width), contentHeight: Double(picture.height),
                direction: layoutDirection, canvasWidth: scene.canvas.width)
            return (box, .picture(picture, content))
        }
    }

    /// Clips what a layer draws in its box to the box's fixed sides (rounded by `cornerRadius` when
    /// both are fixed); `pixelScale` is the layer's pixels per point.
    static func clipContent(_ cr: OpaquePointer, to box: LayerBox, cornerRadius: Double, pixelScale: Double) {
        guard let clip = box.clipRect(pixelScale: pixelScale) else { return }
        cairo_new_path(cr)
        if cornerRadius > 0 && box.clipsHorizontally && box.clipsVertically {
            CairoPainting.addRoundedRect(cr, clip, radius: cornerRadius)
        } else {
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
        }
        cairo_clip(cr)
    }

    /// One layer: transform about the frame's center, background, clipped content, border, opacity.
    private func draw(_ layer: LayerState, on cr: OpaquePointer, pixelScale: Double) throws {
        // A scale this close to 0 (a pop-in starting from nothing) draws less than a millionth of a
        // pixel: skip the layer, as Cairo would reject the singular matrix.
        guard layer.opacity > 0, abs(layer.scale) * pixelScale >= Self.smallestVisibleScale else { return }
        let (box, content) = try resolve(layer)
        let mirrored = layoutDirection.isRightToLeft

        cairo_save(cr)
        defer { cairo_restore(cr) }
        let grouped = layer.opacity < 1
        if grouped { cairo_push_group(cr) }
        cairo_save(cr)
        let center = box.center
        // Right to left, offset.x is mirrored: a positive offset moves toward the trailing side, the left.
        let offsetX = mirrored ? -layer.offset.x : layer.offset.x
        cairo_translate(cr, offsetX + center.x, layer.offset.y + center.y)
        cairo_rotate(cr, layer.rotation * .pi / 180)
        cairo_scale(cr, layer.scale, layer.scale)
        cairo_translate(cr, -center.x, -center.y)

        if let background = layer.background {
            try CairoPainting.fill(
                cr, box.frame, radius: layer.cornerRadius, with: background.laidOut(in: layoutDirection))
        }
        cairo_save(cr)
        Self.clipContent(cr, to: box, cornerRadius: layer.cornerRadius, pixelScale: pixelScale * abs(layer.scale))
        switch content {
        case .text(let prepared, let text): drawText(prepared, text, on: cr, pixelScale: pixelScale * abs(layer.scale))
        case .rect: break
        case .picture(let picture, let image):
            drawImage(
                picture, fit: image.fit, in: box,
                alignment: mirrored ? layer.alignment.mirrored : layer.alignment,
                flipped: mirrored && image.flipsForRightToLeftLayoutDirection, on: cr)
        }
        cairo_restore(cr)
        if let border = layer.border {
            CairoPainting.stroke(cr, box.frame, radius: layer.cornerRadius, border: border)
        }
        cairo_restore(cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, min(layer.opacity, 1))
        }
    }
}
