import CPangoCairo
import Foundation
import KinetypeCore

/// Drawing only what changed: the damage between two frame states (the pixels that may differ)
/// and frames drawn over the previous one on the persistent surface.
///
/// The damage is conservative: every pixel outside it is equal in the two frames' full renders.
/// Where a bound is hard to know exactly (pictures, a changed canvas) it is the whole canvas, and
/// a frame that shows a shadow is redrawn whole (the shadow's mask depends on the clip), so a
/// frame drawn this way is always the full render's pixels.
extension FrameRenderer {
    /// Renders `state` on the renderer's persistent surface, redrawing (clip, clear, draw every
    /// layer) and converting to straight RGBA only the damage since the frame it drew last this way,
    /// and returns the whole frame: the same pixels as `render(_:)`. A frame that draws the same as
    /// the last one is not drawn at all.
    public func renderIncrementally(_ state: FrameState) throws -> Image {
        let width = state.canvas.pixelWidth
        let height = state.canvas.pixelHeight
        guard width > 0, height > 0 else { return Image(width: max(width, 0), height: max(height, 0)) }
        let (surface, shown, kept) = try self.surface.take(width: width, height: height)
        let redrawn = try redraw(surface, from: shown, to: state)
        var image: Image
        if var kept {
            if let redrawn {
                withExtendedLifetime(surface) { PixelConversion.convert(surface.pointer, redrawn, into: &kept) }
            }
            image = kept
        } else {
            image = Image(width: width, height: height)
            withExtendedLifetime(surface) {
                PixelConversion.convert(surface.pointer, .whole(width: width, height: height), into: &image)
            }
        }
        self.surface = .showing(surface, state: state, mirror: image)
        return image
    }

    /// Renders `state` on the persistent surface as `renderIncrementally` does (drawing only the
    /// damage since the frame the surface shows), but converts and returns only the straight-RGBA
    /// pixels of `rect` (inside the canvas), row by row, and keeps no whole-frame copy: what an
    /// encoder that takes each frame's changed rectangle needs, at the cost of that rectangle.
    public func renderPixels(_ state: FrameState, in rect: PixelRect) throws -> [UInt8] {
        guard !rect.isEmpty else { return [] }
        let width = state.canvas.pixelWidth
        let height = state.canvas.pixelHeight
        precondition(
            rect.intersection(.whole(width: width, height: height)) == rect,
            "renderPixels takes a rectangle inside the canvas")
        let (surface, shown, _) = try self.surface.take(width: width, height: height)
        _ = try redraw(surface, from: shown, to: state)
        self.surface = .showing(surface, state: state, mirror: nil)
        return withExtendedLifetime(surface) { PixelConversion.pixels(of: surface.pointer, in: rect) }
    }

    /// Brings `surface` from `shown` (nil: nothing known) to `state`, drawing only the damage
    /// between them. Returns the area that may have changed: nil when `state` draws the same, the
    /// whole canvas after a full draw.
    private func redraw(_ surface: CairoSurface, from shown: FrameState?, to state: FrameState) throws -> PixelRect? {
        let whole = PixelRect.whole(width: state.canvas.pixelWidth, height: state.canvas.pixelHeight)
        let redrawn = try shown.map { try damage(from: $0, to: state) } ?? whole
        if let redrawn {
            let clip = redrawn == whole || !Self.drawsExactlyWhenClipped(state) ? nil : redrawn
            try draw(state, on: surface, clip: clip)
        }
        return redrawn
    }

    /// The pixels that may differ between the full renders of `old` and `new` (a bounding
    /// rectangle, inside the canvas): nil when they draw the same, the whole canvas when the
    /// change cannot be bounded more tightly.
    public func damage(from old: FrameState, to new: FrameState) throws -> PixelRect? {
        let whole = PixelRect.whole(width: new.canvas.pixelWidth, height: new.canvas.pixelHeight)
        guard old.canvas.pixelWidth == whole.width, old.canvas.pixelHeight == whole.height else { return whole }
        let changes = FrameChanges(from: old, to: new)
        if changes.everything { return whole }
        var damage = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (position, change) in changes.layers.enumerated() {
            let before = old.layers[position]
            let after = new.layers[position]
            switch change {
            case .none:
                continue
            case .other:
                guard let oldBounds = try bounds(of: before, canvas: old.canvas),
                    let newBounds = try bounds(of: after, canvas: new.canvas)
                else { return whole }
                damage = damage.union(oldBounds).union(newBounds)
            case .reveal(let characters, let cursor):
                guard let changed = try revealBounds(before, after, characters: characters, cursor: cursor, new.canvas)
                else { return whole }
                damage = damage.union(changed)
            }
        }
        damage = damage.intersection(whole)
        return damage.isEmpty ? nil : damage
    }

    /// Whether drawing `state` through a clip gives exactly the full render's pixels inside it.
    /// Not when a layer that draws is rotated (paths are rasterized differently within other
    /// extents), has a gradient background (pixman steps gradients from the clip's edge), is a
    /// picture, casts a shadow (its mask is cut to the clip) or has characters fading in; the canvas's gradient is copied
    /// from a full render (`canvasBackground`). Such frames are redrawn whole.
    static func drawsExactlyWhenClipped(_ state: FrameState) -> Bool {
        for layer in state.layers where layer.opacity > 0 {
            if layer.rotation.truncatingRemainder(dividingBy: 360) != 0 { return false }
            if case .linear = layer.background { return false }
            switch layer.content {
            case .image: return false
            case .rect: continue
            case .text(let text):
                if let shadow = text.shadow, shadow.color.alpha > 0 { return false }
                // Characters fading in are painted through groups clipped to the text's ink.
                if let reveal = text.reveal, reveal.fading.contains(where: { $0 > 0 && $0 < 1 }) { return false }
            }
        }
        return true
    }

    /// The frame and its border: a border strokes even a frame without area (a line).
    private static func withBorder(_ frame: Rect, _ layer: LayerState) -> Rect {
        guard let border = layer.border, border.width > 0, border.color.alpha > 0 else { return frame }
        let amount = border.width + 1
        return Rect(
            x: frame.x - amount, y: frame.y - amount, width: max(frame.width, 0) + 2 * amount,
            height: max(frame.height, 0) + 2 * amount)
    }

    /// Whether the layer draws anything at all (as `draw` decides).
    private func isDrawn(_ layer: LayerState, _ canvas: CanvasState) -> Bool {
        layer.opacity > 0 && abs(layer.scale) * canvas.scale >= Self.smallestVisibleScale
    }

    /// Every pixel the layer may touch, or nil when that is not known (pictures).
    private func bounds(of layer: LayerState, canvas: CanvasState) throws -> PixelRect? {
        guard isDrawn(layer, canvas) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        switch layer.content {
        case .image:
            return nil
        case .rect:
            let box = LayerBox(
                frame: layer.frame, contentWidth: 0, contentHeight: 0, direction: layoutDirection,
                canvasWidth: scene.canvas.width)
            return pixelBounds(Self.withBorder(box.frame, layer), of: layer, box: box, canvas: canvas)
        case .text(let text):
            let prepared = try geometry(text, layer: layer)
            var content = Self.textBounds(prepared)
            if let cursor = text.cursor, cursor.visible, cursor.color.alpha > 0 {
                content = content.union(cursorRect(cursor, in: prepared, fontSize: text.font.size).outset(1))
            }
            if let shadow = text.shadow, shadow.color.alpha > 0 {
                let ink = Self.textBounds(prepared)
                let margin = max(shadow.radius, 0) * 1.5 + 2 + 1
                content = content.union(
                    Rect(
                        x: ink.x + shadow.x - margin, y: ink.y + shadow.y - margin, width: ink.width + 2 * margin,
                        height: ink.height + 2 * margin))
            }
            if let clip = Self.exactClip(prepared.box, layer, canvas) { content = content.intersection(clip) }
            let frame = Self.withBorder(prepared.box.frame, layer)
            return pixelBounds(frame.union(content), of: layer, box: prepared.box, canvas: canvas)
        }
    }

    /// What a change of the reveal (of `characters`) and of the cursor touches.
    private func revealBounds(
        _ old: LayerState, _ new: LayerState, characters: Range<Int>, cursor: Bool, _ canvas: CanvasState
    ) throws -> PixelRect? {
        guard case .text(let oldText) = old.content, case .text(let newText) = new.content else { return nil }
        let shadowed = newText.shadow.map { $0.color.alpha > 0 } ?? false
        if shadowed || !Self.revealsClusterByCluster(newText) {
            guard let oldBounds = try bounds(of: old, canvas: canvas),
                let newBounds = try bounds(of: new, canvas: canvas)
            else { return nil }
            return oldBounds.union(newBounds)
        }
        guard isDrawn(new, canvas) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let prepared = try geometry(newText, layer: new)
        var changed = Rect(x: 0, y: 0, width: 0, height: 0)
        if !characters.isEmpty {
            guard let glyphs = try Self.characterBounds(prepared, characters: characters) else { return nil }
            changed = changed.union(glyphs)
        }
        if cursor {
            for state in [oldText.cursor, newText.cursor] {
                guard let state, state.visible, state.color.alpha > 0 else { continue }
                changed = changed.union(cursorRect(state, in: prepared, fontSize: newText.font.size).outset(1))
            }
        }
        if let clip = Self.exactClip(prepared.box, new, canvas) { changed = changed.intersection(clip) }
        guard !changed.isEmptyArea else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return pixelBounds(changed, of: new, box: prepared.box, canvas: canvas)
    }

    /// Whether revealing a character of this text changes only that character's cluster. In
    /// scripts whose letters join or reorder (Arabic, Syriac, the Indic scripts…), a reveal can
    /// move other glyphs of the line by a fraction of a pixel, so any reveal redraws the layer.
    /// Latin, Greek, Cyrillic, Hebrew, CJK and emoji without letter spacing reveal cluster by cluster.
    static func revealsClusterByCluster(_ text: TextState) -> Bool {
        // Letter spacing is laid out per run, and the reveal splits the runs.
        guard text.letterSpacing == 0 else { return false }
        for run in text.runs {
            for scalar in run.text.unicodeScalars {
                switch scalar.value {
                case 0..<0x0600, 0x1E00..<0x2C00, 0x2E80..<0xA000, 0xAC00..<0xD800, 0xFE00..<0xFE10,
                    0xFE30..<0xFE50, 0xFF00..<0xFFF0, 0x1F000..<0x1FB00:
                    continue
                default:
                    return false
                }
            }
        }
        return true
    }

    /// The layer's clip, when Cairo clips to exactly that rectangle: not when the layer is rotated
    /// (the clip's far edges lie beyond Cairo's fixed-point range, so a rotated clip is not the
    /// rectangle it was given).
    private static func exactClip(_ box: LayerBox, _ layer: LayerState, _ canvas: CanvasState) -> Rect? {
        guard layer.rotation.truncatingRemainder(dividingBy: 360) == 0 else { return nil }
        return box.clipRect(pixelScale: canvas.scale * abs(layer.scale))
    }

    /// The layout of a text layer with every character shown and no cursor: the geometry every
    /// frame of the layer shares while only its reveal and cursor change.
    private func geometry(_ text: TextState, layer: LayerState) throws -> PreparedText {
        var plain = text
        plain.reveal = nil
        plain.cursor = nil
        let key = PreparedTextKey(text: plain, frame: layer.frame, padding: layer.padding, alignment: layer.alignment)
        var cached = geometryTexts[layer.index] ?? []
        if let hit = cached.first(where: { $0.key == key }) { return hit.prepared }
        let prepared = try prepareText(plain, layer: layer)
        cached.insert((key, prepared), at: 0)
        if cached.count > 3 { cached.removeLast() }
        geometryTexts[layer.index] = cached
        return prepared
    }

    /// The ink and logical extents of the whole text, outset by a point, in layer coordinates.
    private static func textBounds(_ prepared: PreparedText) -> Rect {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(prepared.layout.pointer, &ink, &logical)
        return rect(ink, at: prepared.origin).union(rect(logical, at: prepared.origin)).outset(1)
    }

    /// The clusters holding the characters `characters` (grapheme indices of the full text), each
    /// as wide as its ink and logical extents and as tall as its line's, outset by a point; nil
    /// when the layout cannot be walked.
    private static func characterBounds(_ prepared: PreparedText, characters: Range<Int>) throws -> Rect? {
        let offsets = prepared.display.byteOffsets
        var lowest = Int.max
        var highest = Int.min
        for (position, element) in prepared.display.elements.enumerated() where characters.contains(element.original) {
            lowest = min(lowest, offsets[position])
            highest = max(highest, offsets[position + 1])
        }
        guard lowest < highest else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let iterator = try PangoLayoutIterator(prepared.layout)
        var clusters: [(start: Int, bounds: Rect)] = []
        repeat {
            var clusterInk = PangoRectangle()
            var clusterLogical = PangoRectangle()
            pango_layout_iter_get_cluster_extents(iterator.pointer, &clusterInk, &clusterLogical)
            var lineInk = PangoRectangle()
            var lineLogical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator.pointer, &lineInk, &lineLogical)
            let across = rect(clusterInk, at: prepared.origin).union(rect(clusterLogical, at: prepared.origin))
            let line = rect(lineInk, at: prepared.origin).union(rect(lineLogical, at: prepared.origin))
            let bounds = Rect(x: across.x, y: line.y, width: across.width, height: line.height)
            clusters.append((Int(pango_layout_iter_get_index(iterator.pointer)), bounds))
        } while pango_layout_iter_next_cluster(iterator.pointer) != 0
        // The cluster that holds the first changed byte may start before it (a ligature).
        let first = clusters.map(\.start).filter { $0 <= lowest }.max() ?? 0
        var result = Rect(x: 0, y: 0, width: 0, height: 0)
        for cluster in clusters where cluster.start >= first && cluster.start < highest {
            result = result.union(cluster.bounds)
        }
        return result.outset(1)
    }

    private static func rect(_ rectangle: PangoRectangle, at origin: Point) -> Rect {
        let scale = Double(PANGO_SCALE)
        return Rect(
            x: origin.x + Double(rectangle.x) / scale, y: origin.y + Double(rectangle.y) / scale,
            width: Double(rectangle.width) / scale, height: Double(rectangle.height) / scale)
    }

    /// The canvas pixels that a rectangle in a layer's coordinates covers once the layer is
    /// transformed as `draw` transforms it (offset, rotation and scale about the box's center),
    /// with two pixels of antialiasing around; nil when the numbers are not finite.
    private func pixelBounds(_ local: Rect, of layer: LayerState, box: LayerBox, canvas: CanvasState) -> PixelRect? {
        if local.isEmptyArea { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let center = box.center
        let offsetX = layoutDirection.isRightToLeft ? -layer.offset.x : layer.offset.x
        let angle = layer.rotation * .pi / 180
        let cosine = cos(angle)
        let sine = sin(angle)
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (x, y) in [
            (local.x, local.y), (local.x + local.width, local.y), (local.x, local.y + local.height),
            (local.x + local.width, local.y + local.height),
        ] {
            let dx = (x - center.x) * layer.scale
            let dy = (y - center.y) * layer.scale
            let px = (cosine * dx - sine * dy + offsetX + center.x) * canvas.scale
            let py = (sine * dx + cosine * dy + layer.offset.y + center.y) * canvas.scale
            minX = min(minX, px)
            minY = min(minY, py)
            maxX = max(maxX, px)
            maxY = max(maxY, py)
        }
        let limit = 1e9
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let left = Int(max(min(minX.rounded(.down), limit), -limit)) - 2
        let top = Int(max(min(minY.rounded(.down), limit), -limit)) - 2
        let right = Int(max(min(maxX.rounded(.up), limit), -limit)) + 2
        let bottom = Int(max(min(maxY.rounded(.up), limit), -limit)) + 2
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            .intersection(.whole(width: canvas.pixelWidth, height: canvas.pixelHeight))
    }
}

extension Rect {
    fileprivate var isEmptyArea: Bool { !(width > 0 && height > 0) }

    /// The smallest rectangle holding both; one without area adds nothing.
    fileprivate func union(_ other: Rect) -> Rect {
        if other.isEmptyArea { return self }
        if isEmptyArea { return other }
        let left = min(x, other.x)
        let top = min(y, other.y)
        return Rect(
            x: left, y: top, width: max(x + width, other.x + other.width) - left,
            height: max(y + height, other.y + other.height) - top)
    }

    fileprivate func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    fileprivate func outset(_ amount: Double) -> Rect {
        if isEmptyArea { return self }
        return Rect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
