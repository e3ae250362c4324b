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

    /// A color string, or `{"linear": {"from", "to", "angle"}}`.
    func fill(_ value: JSONValue, path: String) -> Fill? {
        switch value.kind {
        case .string:
            return color(value, path: path).map(Fill.color)
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

    /// A color string (see `Color.parse`).
    func color(_ value: JSONValue, path: String) -> Color? {
        guard value.stringValue != nil else {
            record(path, value)
            wrongType(value, path: path, expected: "a color string")
            return nil
        }
        guard let text = string(value, path: path) else { return nil }
        switch Color.parse(text) {
        case .success(let color):
            return color
        case .failure(let error):
            report(error.message, path: path, at: value.position, hint: error.hint)
            return nil
        }
    }
}
