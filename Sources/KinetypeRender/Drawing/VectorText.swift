import CPangoCairo
import KinetypeCore

/// One glyph of a text layer as a vector shape: its outline (relative to the glyph's origin on the
/// baseline) or, for a bitmap glyph, its picture, where that origin goes in the layer's
/// coordinates, its fill, and the grapheme of the layer's full text it belongs to (the unit a
/// typewriter reveals).
public struct VectorGlyph: Sendable {
    /// Empty for a bitmap glyph.
    public var outline: VectorPath
    /// The picture of a bitmap glyph (color emoji), drawn by Cairo; nil for an outline glyph.
    public var bitmap: GlyphBitmap?
    public var origin: Point
    public var color: Color
    public var character: Int
}

/// An underline or a strikethrough of one run, as Pango draws it: a rectangle at the run's font's
/// position and thickness across the run's logical width, in the run's color. `pieces` is each
/// character's part of it (the advances of its glyphs), in the order of the characters: the raster
/// renderer draws the line under revealed characters only, one rectangle for a run of them in one
/// color.
public struct VectorDecoration: Sendable {
    public struct Piece: Sendable {
        public var character: Int
        public var left: Double
        public var right: Double
    }

    /// The top of the line and its thickness, in the layer's coordinates.
    public var top: Double
    public var thickness: Double
    public var color: Color
    public var pieces: [Piece]

    /// One piece per character from the pieces of its glyphs (a character's glyphs share its part
    /// of the line), in the order of the characters.
    static func characterPieces(_ glyphPieces: [Piece]) -> [Piece] {
        var byCharacter: [Int: Piece] = [:]
        for piece in glyphPieces {
            if var known = byCharacter[piece.character] {
                known.left = min(known.left, piece.left)
                known.right = max(known.right, piece.right)
                byCharacter[piece.character] = known
            } else {
                byCharacter[piece.character] = piece
            }
        }
        return byCharacter.values.sorted { $0.character < $1.character }
    }
}

/// A text layer laid out once with every character shown, from the same Pango layout and glyph
/// positions the raster renderer draws, as glyph outlines.
public struct VectorText: Sendable {
    public var glyphs: [VectorGlyph]
    /// Underlines and strikethroughs, run by run.
    public var decorations: [VectorDecoration]
    /// The layer's box (its frame, fitted sides replaced by the text's size): the transform's center.
    public var box: Rect
    /// The rectangle the raster renderer clips the text to, when a side of the frame is fixed.
    public var clip: Rect?
    /// The ink of the glyphs and decorations, in the layer's coordinates (nil when nothing has ink).
    public var ink: Rect?
}

/// How an area is painted, in the coordinates of the rectangle it fills.
public enum VectorFill: Equatable, Sendable {
    case color(Color)
    case linear(from: Color, to: Color, start: Point, end: Point)
}

/// Why a text layer cannot be written as vectors.
public enum VectorTextProblem: Error, Sendable {
    /// A run whose font Cairo gives no scaled font for, so no glyph of it can be read.
    case glyphsWithoutOutlines
    /// A glyph of a bitmap color font (such as Noto Color Emoji) in text whose glyphs move (its
    /// size, weight or letter spacing animates): the raster renderer fills such text's outlines,
    /// and Cairo traces a bitmap glyph's mask as its outline, so it draws no picture to match.
    case bitmapGlyphsInMovingText
    /// A character no font has (the raster renderer draws a box with its code).
    case missingGlyph
}

extension FrameRenderer {
    /// The index of the last of `offsets` (ascending) that is at most `value`, or 0: a binary search,
    /// as a linear one from the end made a 100,000-character text take time that grows with its square.
    static func lastIndex(in offsets: [Int], atMost value: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// The glyph outlines of `text` (every character shown, no cursor) as the renderer lays it out
    /// for `layer`. Glyph outlines come from the exact-outline context (`ExactGlyphs`), whose
    /// layout has the same glyph positions as the raster one (positions are never rounded). Glyphs
    /// of a bitmap font are pictures drawn by Cairo at `bitmapScale` pixels per point, each
    /// distinct one once.
    public func vectorText(_ text: TextState, layer: LayerState, bitmapScale: Double) throws -> VectorText {
        var shown = text
        shown.reveal = nil
        shown.cursor = nil
        shown.glyphsMove = true
        let prepared = try prepareText(shown, layer: layer)
        let scratchSurface = try CairoSurface(format: CAIRO_FORMAT_A8, width: 1, height: 1)
        let scratch = try CairoContext(drawingOn: scratchSurface)
        defer { withExtendedLifetime((scratchSurface, scratch)) {} }
        let cr = scratch.pointer
        let lines = try PangoLayoutIterator(prepared.layout)
        let iterator = lines.pointer
        let scale = Double(PANGO_SCALE)
        let offsets = prepared.display.byteOffsets
        var glyphs: [VectorGlyph] = []
        var decorations: [VectorDecoration] = []
        var shapes = GlyphShapes()
        var fontIndex: [OpaquePointer: Int] = [:]
        var bitmapFonts: [Int: Bool] = [:]
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let glyphString = run.pointee.glyphs, let font = item.pointee.analysis.font
            else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
            let style = RunStyle(item.pointee.analysis.extra_attrs)
            guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else {
                throw VectorTextProblem.glyphsWithoutOutlines
            }
            let fontKey = fontIndex[OpaquePointer(font)] ?? fontIndex.count
            fontIndex[OpaquePointer(font)] = fontKey
            let isBitmapFont = bitmapFonts[fontKey] ?? GlyphBitmap.isBitmapFont(font)
            bitmapFonts[fontKey] = isBitmapFont
            var x = prepared.origin.x + Double(logical.x) / scale
            let y = prepared.origin.y + baseline - Double(run.pointee.y_offset) / scale
            let itemOffset = Int(item.pointee.offset)
            let color = Color(red: style.red, green: style.green, blue: style.blue, alpha: style.alpha)
            var pieces: [VectorDecoration.Piece] = []
            for index in 0..<Int(glyphString.pointee.num_glyphs) {
                let info = glyphString.pointee.glyphs[index]
                let geometry = info.geometry
                let advance = Double(geometry.width) / scale
                defer { x += advance }
                let glyph = info.glyph
                // PANGO_GLYPH_UNKNOWN_FLAG: a character no font has, drawn as a box with its code.
                if glyph & 0x1000_0000 != 0 { throw VectorTextProblem.missingGlyph }
                let cluster = itemOffset + Int(glyphString.pointee.log_clusters[index])
                let element = Self.lastIndex(in: offsets, atMost: cluster)
                let character =
                    element < prepared.display.elements.count
                    ? prepared.display.elements[element].original : prepared.display.elements.last?.original ?? 0
                pieces.append(VectorDecoration.Piece(character: character, left: x, right: x + advance))
                // PANGO_GLYPH_EMPTY and PANGO_GLYPH_INVALID_INPUT draw nothing (a decoration goes on).
                if glyph >= 0x0FFF_FFFF { continue }
                let key = fontKey << 32 | Int(glyph)
                let origin = Point(x: x + Double(geometry.x_offset) / scale, y: y + Double(geometry.y_offset) / scale)
                if isBitmapFont {
                    guard
                        let bitmap = try shapes.bitmap(
                            key, glyph: glyph, of: font, scaledFont: scaledFont, pixelScale: bitmapScale)
                    else { continue }
                    if text.glyphsMove { throw VectorTextProblem.bitmapGlyphsInMovingText }
                    glyphs.append(
                        VectorGlyph(
                            outline: VectorPath(), bitmap: bitmap, origin: origin, color: color, character: character))
                    continue
                }
                let outline = try shapes.outline(key, glyph: glyph, scaledFont: scaledFont, context: cr)
                if outline.contours.isEmpty { continue }
                glyphs.append(
                    VectorGlyph(outline: outline, bitmap: nil, origin: origin, color: color, character: character))
            }
            decorations += Self.decorations(
                of: style, font: font, pieces: pieces, baseline: y, color: color, pangoScale: scale)
        } while pango_layout_iter_next_run(iterator) != 0
        withExtendedLifetime(lines) {}
        return VectorText(
            glyphs: glyphs, decorations: decorations, box: prepared.box.frame,
            clip: prepared.box.clipRect(pixelScale: scene.canvas.scale * abs(layer.scale)),
            ink: Self.ink(of: glyphs, decorations: decorations))
    }

    /// Each distinct glyph's outline, or picture for a bitmap font, made once a text and looked up
    /// by its key (the font's index and the glyph).
    private struct GlyphShapes {
        private var outlines: [Int: VectorPath] = [:]
        private var bitmaps: [Int: GlyphBitmap?] = [:]

        /// The glyph's picture at `pixelScale` pixels per point; nil when it draws nothing.
        mutating func bitmap(
            _ key: Int, glyph: PangoGlyph, of font: UnsafeMutablePointer<PangoFont>, scaledFont: OpaquePointer,
            pixelScale: Double
        ) throws -> GlyphBitmap? {
            if let known = bitmaps[key] { return known }
            let bitmap = try GlyphBitmap.draw(glyph, of: font, scaledFont: scaledFont, pixelScale: pixelScale)
            bitmaps[key] = bitmap
            return bitmap
        }

        /// The glyph's outline, traced by Cairo on `context` and rounded.
        mutating func outline(_ key: Int, glyph: PangoGlyph, scaledFont: OpaquePointer, context cr: OpaquePointer)
            throws -> VectorPath
        {
            if let known = outlines[key] { return known }
            cairo_new_path(cr)
            cairo_set_scaled_font(cr, scaledFont)
            var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
            cairo_glyph_path(cr, &cairoGlyph, 1)
            let outline = try CairoPath(copying: cr).vectorPath.rounded()
            outlines[key] = outline
            return outline
        }
    }

    /// The underline and strikethrough of a run in `style` (none when it has neither), at the
    /// positions and thicknesses its font's metrics give, over the characters of `pieces`.
    private static func decorations(
        of style: RunStyle, font: UnsafeMutablePointer<PangoFont>, pieces: [VectorDecoration.Piece], baseline: Double,
        color: Color, pangoScale scale: Double
    ) -> [VectorDecoration] {
        guard style.underline || style.strikethrough, let metrics = PangoFontMetrics(font) else { return [] }
        let characters = VectorDecoration.characterPieces(pieces)
        var lines: [(position: Int32, thickness: Int32)] = []
        if style.underline {
            lines.append(
                (
                    pango_font_metrics_get_underline_position(metrics.pointer),
                    pango_font_metrics_get_underline_thickness(metrics.pointer)
                ))
        }
        if style.strikethrough {
            lines.append(
                (
                    pango_font_metrics_get_strikethrough_position(metrics.pointer),
                    pango_font_metrics_get_strikethrough_thickness(metrics.pointer)
                ))
        }
        return lines.map { line in
            VectorDecoration(
                top: baseline - Double(line.position) / scale, thickness: Double(line.thickness) / scale,
                color: color, pieces: characters)
        }
    }

    /// The bounds of every mark drawn: each decoration's whole line, each glyph's outline or
    /// picture; nil when nothing is drawn.
    private static func ink(of glyphs: [VectorGlyph], decorations: [VectorDecoration]) -> Rect? {
        var marks: [Rect] = decorations.compactMap { line in
            guard let left = line.pieces.map(\.left).min(), let right = line.pieces.map(\.right).max() else {
                return nil
            }
            return Rect(x: left, y: line.top, width: right - left, height: line.thickness)
        }
        for glyph in glyphs {
            let pictureBounds = glyph.bitmap.map { bitmap in
                Rect(
                    x: bitmap.offset.x, y: bitmap.offset.y, width: Double(bitmap.picture.width) / bitmap.pixelScale,
                    height: Double(bitmap.picture.height) / bitmap.pixelScale)
            }
            guard let bounds = pictureBounds ?? glyph.outline.controlBounds else { continue }
            marks.append(
                Rect(
                    x: bounds.x + glyph.origin.x, y: bounds.y + glyph.origin.y, width: bounds.width,
                    height: bounds.height))
        }
        var ink: Rect?
        for placed in marks {
            if let known = ink {
                let minX = min(known.x, placed.x)
                let minY = min(known.y, placed.y)
                let maxX = max(known.x + known.width, placed.x + placed.width)
                let maxY = max(known.y + known.height, placed.y + placed.height)
                ink = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            } else {
                ink = placed
            }
        }
        return ink
    }

    /// Where the cursor of `text` stands in `layer` (the layer's coordinates), laid out as the
    /// raster renderer lays it out.
    public func vectorCursorRect(_ cursor: CursorState, of text: TextState, layer: LayerState) throws -> Rect {
        var shown = text
        shown.reveal = nil
        shown.cursor = nil
        let prepared = try prepareText(shown, layer: layer)
        return cursorRect(cursor, in: prepared, fontSize: text.font.size)
    }

    /// A fill as the renderer paints it in `rect`: a flat color, or a linear gradient's colors and
    /// the line it runs along (mirrored in a right-to-left layout when the gradient asks for it).
    public func vectorFill(_ fill: Fill, in rect: Rect) -> VectorFill {
        switch fill.laidOut(in: layoutDirection) {
        case .color(let color): return .color(color)
        case .linear(let from, let to, let angle, _):
            let line = CairoPainting.gradientLine(in: rect, angle: angle)
            return .linear(from: from, to: to, start: line.start, end: line.end)
        }
    }

    /// Whether the scene lays out right to left (a layer's `offset.x` then moves it left).
    public var isRightToLeftLayout: Bool { layoutDirection.isRightToLeft }

    /// The box of a rectangle layer (its transform's center is the box's).
    public func vectorBox(_ layer: LayerState) -> Rect {
        LayerBox(
            frame: layer.frame, contentWidth: 0, contentHeight: 0, direction: layoutDirection,
            canvasWidth: scene.canvas.width
        ).frame
    }

    /// A rounded rectangle's outline as Cairo draws it (its corners are Cairo's arcs).
    public static func roundedRectPath(_ rect: Rect, radius: Double) throws -> VectorPath {
        let surface = try CairoSurface(format: CAIRO_FORMAT_A8, width: 1, height: 1)
        let context = try CairoContext(drawingOn: surface)
        defer { withExtendedLifetime((surface, context)) {} }
        cairo_new_path(context.pointer)
        CairoPainting.addRoundedRect(context.pointer, rect, radius: radius)
        return try CairoPath(copying: context.pointer).vectorPath.rounded()
    }

    /// The inner rectangle a border of `width` strokes along, and its corner radius, as
    /// `CairoPainting.stroke` draws it.
    public static func borderPath(_ rect: Rect, radius: Double, width: Double) throws -> VectorPath {
        let inset = min(width / 2, min(rect.width, rect.height) / 2)
        let inner = Rect(
            x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset)
        return try roundedRectPath(inner, radius: max(radius - inset, 0))
    }
}
