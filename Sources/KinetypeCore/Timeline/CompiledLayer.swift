/// One layer with its animations compiled: property tracks, scheduled typewriters, styled text.
///
/// Notes on properties:
/// - `font.size`, `font.weight`, `color` and `letterSpacing` belong to text layers.
/// - `background` animates flat colors: a layer without a background starts from transparent;
///   one with a gradient starts from the gradient's `from` color and shows a flat color while the
///   animation decides the value.
/// - Results are kept in range: opacity 0…1, font size and corner radius ≥ 0, weight 1…1000.
struct CompiledLayer: Sendable {
    let index: Int
    let layer: Layer
    let tracks: [AnimatableProperty: PropertyTrack]
    /// Sorted by start; the latest one that has started decides the text.
    let typewriters: [ScheduledTypewriter]
    let styledText: StyledText?
    let baseFont: ResolvedFont
    /// The image path made absolute.
    let imageSource: String?

    init(
        index: Int, layer: Layer, scene: Scene,
        motions: [(property: AnimatableProperty, start: Double, motion: PropertyMotion)],
        typewriters: [ScheduledTypewriter]
    ) {
        self.index = index
        self.layer = layer
        let resolvePath = { scene.resolve(path: $0).path }
        var grouped: [AnimatableProperty: [(start: Double, motion: PropertyMotion)]] = [:]
        for entry in motions { grouped[entry.property, default: []].append((entry.start, entry.motion)) }
        var tracks: [AnimatableProperty: PropertyTrack] = [:]
        for (property, entries) in grouped {
            tracks[property] = PropertyTrack(base: Self.baseValue(of: property, in: layer), motions: entries)
        }
        self.tracks = tracks
        self.typewriters = typewriters.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        if let text = layer.text {
            styledText = StyledText(text, resolvePath: resolvePath)
            baseFont = ResolvedFont(
                family: text.font.family, file: text.font.file.map(resolvePath),
                size: text.font.resolvedSize, weight: text.font.resolvedWeight.value,
                italic: text.font.italic ?? false, design: text.font.design ?? .default)
        } else {
            styledText = nil
            baseFont = ResolvedFont()
        }
        if case .image(let image) = layer.content {
            imageSource = resolvePath(image.src)
        } else {
            imageSource = nil
        }
    }

    static func baseValue(of property: AnimatableProperty, in layer: Layer) -> AnimatableValue {
        let text = layer.text
        switch property {
        case .fontSize: return .number(text?.font.resolvedSize ?? FontSpec.defaultSize)
        case .fontWeight: return .number(text?.font.resolvedWeight.value ?? FontWeight.regular.value)
        case .color: return .color(text?.color ?? .black)
        case .opacity: return .number(layer.opacity)
        case .offsetX: return .number(layer.offset.x)
        case .offsetY: return .number(layer.offset.y)
        case .scale: return .number(layer.scale)
        case .rotation: return .number(layer.rotation)
        case .letterSpacing: return .number(text?.letterSpacing ?? 0)
        case .cornerRadius: return .number(layer.cornerRadius)
        case .background:
            switch layer.background {
            case .none: return .color(.transparent)
            case .color(let color)?: return .color(color)
            case .linear(let from, _, _, _)?: return .color(from)
            }
        }
    }

    func number(_ property: AnimatableProperty, at time: Double, or base: Double) -> Double {
        tracks[property]?.value(at: time).number ?? base
    }

    /// `value` within `low…high`. Decoded values are already in their `FormatRanges`; an easing
    /// that overshoots (a spring, a cubic Bézier with y outside 0…1) can carry an animated value
    /// past them, and this keeps it where rendering stays finite.
    private func limited(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }

    /// `value` within ±`range.maximum` (an overshoot below a range's minimum of 0 keeps its sign:
    /// a spring's scale may dip below 0 and mirror, as it always did).
    private func symmetric(_ value: Double, _ range: NumberRange) -> Double {
        limited(value, -range.maximum, range.maximum)
    }

    func state(at time: Double) -> LayerState {
        var state = LayerState(
            index: index, content: .rect, frame: layer.frame, alignment: layer.alignment, padding: layer.padding,
            background: layer.background,
            cornerRadius: limited(
                number(.cornerRadius, at: time, or: layer.cornerRadius), 0, FormatRanges.cornerRadius.maximum),
            border: layer.border, opacity: min(max(number(.opacity, at: time, or: layer.opacity), 0), 1),
            offset: Point(
                x: symmetric(number(.offsetX, at: time, or: layer.offset.x), FormatRanges.offset),
                y: symmetric(number(.offsetY, at: time, or: layer.offset.y), FormatRanges.offset)),
            scale: symmetric(number(.scale, at: time, or: layer.scale), FormatRanges.layerScale),
            rotation: symmetric(number(.rotation, at: time, or: layer.rotation), FormatRanges.rotation))
        if let track = tracks[.background], track.isAnimating(at: time), let color = track.value(at: time).color {
            state.background = .color(color)
        }
        switch layer.content {
        case .rect:
            state.content = .rect
        case .image(let image):
            var resolved = image
            resolved.src = imageSource ?? image.src
            state.content = .image(resolved)
        case .text(let text):
            state.content = .text(textState(text, at: time))
        }
        return state
    }

    private func textState(_ text: TextContent, at time: Double) -> TextState {
        var font = baseFont
        font.size = limited(number(.fontSize, at: time, or: font.size), 0, FormatRanges.fontSize.maximum)
        font.weight = min(max(number(.fontWeight, at: time, or: font.weight), 1), 1000)
        let color = tracks[.color]?.value(at: time).color ?? text.color
        let styled = styledText ?? StyledText(text, resolvePath: { $0 })
        var state = TextState(
            runs: styled.runs, font: font, color: color, textAlignment: text.textAlignment, lineLimit: text.lineLimit,
            truncation: text.truncation, lineSpacing: text.lineSpacing,
            letterSpacing: symmetric(
                number(.letterSpacing, at: time, or: text.letterSpacing), FormatRanges.letterSpacing), wrap: text.wrap,
            shadow: text.shadow)
        state.glyphsMove = tracks[.fontSize] != nil || tracks[.fontWeight] != nil || tracks[.letterSpacing] != nil
        if let typewriter = typewriters.last(where: { $0.start <= time }) ?? typewriters.first {
            let frame = typewriter.frame(at: time, styled: styled, textColor: color)
            state.runs = frame.runs
            state.reveal = frame.reveal
            state.cursor = frame.cursor
        }
        return state
    }
}
