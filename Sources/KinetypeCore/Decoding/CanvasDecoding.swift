extension DecodingContext {
    /// The largest canvas side in pixels, after scaling.
    static let maximumCanvasPixels = FormatRanges.canvasSize.maximum

    func decodeCanvas(_ value: JSONValue, path: String) -> Canvas? {
        guard let object = object(value, path: path, allowed: FormatKeys.canvas) else { return nil }
        let width = object.required("width").flatMap { number($0, path: object.path("width"), FormatRanges.canvasSize) }
        let height = object.required("height").flatMap {
            number($0, path: object.path("height"), FormatRanges.canvasSize)
        }
        let scale = object.number("scale", FormatRanges.canvasScale)
        checkPixelSize(width, key: "width", scale: scale ?? 1, in: object)
        checkPixelSize(height, key: "height", scale: scale ?? 1, in: object)
        // The appearance comes first: the canvas background may already depend on it.
        let declaredScheme: ColorScheme? = object.enumeration("colorScheme", noun: "color scheme")
        colorScheme = colorSchemeOverride ?? declaredScheme ?? .light
        systemColors = object.enumeration("systemColors", noun: "system color table") ?? .current
        // Check every key even when the size is missing, so validation reports all problems.
        let background = object["background"].flatMap { fill($0, path: object.path("background")) }
        let fps = object.number("fps", FormatRanges.fps)
        let duration = object["duration"].flatMap { decodeDuration($0, path: object.path("duration")) }
        let hold = object.number("hold", FormatRanges.hold)
        let layoutDirection: LayoutDirection? = object.enumeration("layoutDirection", noun: "layout direction")
        guard let width, let height else { return nil }

        var canvas = Canvas(width: width, height: height)
        if let scale { canvas.scale = scale }
        if let background { canvas.background = background }
        if let fps { canvas.fps = fps }
        if let duration { canvas.duration = duration }
        if let hold { canvas.hold = hold }
        if let layoutDirection { canvas.layoutDirection = layoutDirection }
        canvas.colorScheme = colorScheme
        return canvas
    }

    private func checkPixelSize(_ points: Double?, key: String, scale: Double, in object: ObjectReader) {
        guard let points, let position = object[key]?.position else { return }
        let pixels = points * scale
        let limit = DecodingContext.maximumCanvasPixels
        if pixels > limit {
            let scaled = scale == 1 ? "" : " (\(JSONText.number(points)) × scale \(JSONText.number(scale)))"
            report(
                "must be at most \(JSONText.number(limit)) pixels after scaling, found \(JSONText.number(pixels))\(scaled)",
                path: object.path(key), at: position)
        } else if pixels.rounded() < 1 {
            report(
                "must be at least 1 pixel after scaling, found \(JSONText.number(pixels))", path: object.path(key),
                at: position)
        }
    }

    /// `canvas.duration`: seconds or `"auto"`.
    func decodeDuration(_ value: JSONValue, path: String) -> SceneDuration? {
        switch value.kind {
        case .number:
            return number(value, path: path, FormatRanges.duration).map(SceneDuration.seconds)
        case .string:
            guard let text = string(value, path: path) else { return nil }
            return named(text, among: ["auto"], path: path, at: value.position, noun: "duration").map { _ in .auto }
        default:
            record(path, value)
            wrongType(value, path: path, expected: "a number of seconds or \"auto\"")
            return nil
        }
    }

    /// A color string, `{"linear": {"from", "to", "angle"}}`, or `{"light": F, "dark": F}` with a
    /// color or a gradient on each side (the side of the scene's appearance is returned).
    func fill(_ value: JSONValue, path: String) -> Fill? {
        guard isAppearancePair(value) else { return singleFill(value, path: path) }
        return appearancePair(value, path: path) { side, sidePath in self.singleFill(side, path: sidePath) }
    }

    /// A color string or a gradient: one side of a light/dark fill.
    private func singleFill(_ value: JSONValue, path: String) -> Fill? {
        switch value.kind {
        case .string:
            return color(value, path: path).map(Fill.color)
        case .object where isAppearancePair(value):
            return nestedPair(value, path: path)
        case .object:
            guard let object = object(value, path: path, allowed: FormatKeys.gradient),
                let linear = object.required(
                    "linear", hint: "a gradient is written {\"linear\": {\"from\": C, \"to\": C, \"angle\": 90}}"
                )
                .flatMap({ self.object($0, path: object.path("linear"), allowed: FormatKeys.linearGradient) })
            else { return nil }
            let from = linear.required("from").flatMap { color($0, path: linear.path("from")) }
            let to = linear.required("to").flatMap { color($0, path: linear.path("to")) }
            let angle = linear.number("angle", FormatRanges.gradientAngle) ?? 90
            let mirrors = linear.bool("mirrorsInRightToLeft") ?? false
            guard let from, let to else { return nil }
            return .linear(from: from, to: to, angle: angle, mirrorsInRightToLeft: mirrors)
        default:
            record(path, value)
            wrongType(value, path: path, expected: "a color string or a gradient object")
            return nil
        }
    }

    /// A color string (see `Color.parse`), or `{"light": C, "dark": C}` with a color string on each
    /// side; the value for the scene's appearance is returned.
    func color(_ value: JSONValue, path: String) -> Color? {
        guard isAppearancePair(value) else { return singleColor(value, path: path) }
        return appearancePair(value, path: path) { side, sidePath in self.singleColor(side, path: sidePath) }
    }

    /// A color string: one side of a light/dark color.
    private func singleColor(_ value: JSONValue, path: String) -> Color? {
        if isAppearancePair(value) { return nestedPair(value, path: path) }
        guard value.stringValue != nil else {
            record(path, value)
            wrongType(
                value, path: path, expected: "a color string",
                hint: value.objectMembers != nil ? Self.appearancePairHint : nil)
            return nil
        }
        guard let text = string(value, path: path) else { return nil }
        switch Color.parse(text, in: colorScheme, systemColors: systemColors) {
        case .success(let color):
            return color
        case .failure(let error):
            report(error.message, path: path, at: value.position, hint: error.hint)
            return nil
        }
    }

    static let appearancePairHint =
        "a color for each appearance is written {\"light\": \"#RRGGBB\", \"dark\": \"#RRGGBB\"}; "
        + "a color that is the same in both is written as the color itself"

    /// Whether `value` is an object meant as a light/dark pair: it has a `light` or a `dark` key.
    func isAppearancePair(_ value: JSONValue) -> Bool {
        value.objectMembers?.contains { FormatKeys.appearance.contains($0.key) } ?? false
    }

    /// `{"light": X, "dark": X}`: both sides are decoded with `side` (so a mistake in either is
    /// reported whatever the appearance), both are required, and the side of `colorScheme` is returned.
    func appearancePair<Value>(_ value: JSONValue, path: String, side: (JSONValue, String) -> Value?) -> Value? {
        guard let object = object(value, path: path, allowed: FormatKeys.appearance) else { return nil }
        let light = object.required("light", hint: Self.appearancePairHint).flatMap { side($0, object.path("light")) }
        let dark = object.required("dark", hint: Self.appearancePairHint).flatMap { side($0, object.path("dark")) }
        guard let light, let dark else { return nil }
        return colorScheme == .dark ? dark : light
    }

    /// Reports a light/dark pair inside another one.
    private func nestedPair<Value>(_ value: JSONValue, path: String) -> Value? {
        record(path, value)
        report(
            "a light/dark pair cannot hold another light/dark pair", path: path, at: value.position,
            hint: "each side is one color (or, for a fill, one gradient)")
        return nil
    }
}
