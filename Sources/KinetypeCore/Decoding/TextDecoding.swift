extension DecodingContext {
    /// A text layer's `text` or `spans` and typography. A layer whose typewriter has a `script`
    /// may omit both: the script supplies the text.
    func decodeTextContent(_ object: ObjectReader, typedByScript: Bool) -> TextContent? {
        let hasText = object.has("text")
        let hasSpans = object.has("spans")
        object.exclusive("text", "spans")
        if !hasText, !hasSpans, !typedByScript {
            _ = object.required("text", hint: "a text layer needs \"text\" or \"spans\"")
            return nil
        }
        var content: TextContent
        if hasSpans, !hasText {
            guard
                let spans = object.array("spans", nonEmpty: true).flatMap({
                    limited(
                        $0, ContentLimits.spans, within: ContentLimits.sceneSpans, path: object.path("spans"),
                        at: object["spans"]?.position)
                }).map({ items in
                    items.enumerated().compactMap { index, item in
                        decodeSpan(item, path: DecodingPath.index(object.path("spans"), index))
                    }
                })
            else { return nil }
            content = TextContent(text: spans.map(\.text).joined(), spans: spans)
        } else {
            content = TextContent(text: object.string("text").flatMap { longText($0, path: object.path("text")) } ?? "")
        }
        if let font = object["font"].flatMap({ decodeFont($0, path: object.path("font")) }) { content.font = font }
        if let color = object["color"].flatMap({ color($0, path: object.path("color")) }) { content.color = color }
        if let alignment: TextAlignment = object.enumeration("textAlignment", noun: "text alignment") {
            content.textAlignment = alignment
        }
        if let lineLimit = object["lineLimit"] {
            if case .null = lineLimit.kind {
                record(object.path("lineLimit"), lineLimit)
            } else {
                content.lineLimit = integer(lineLimit, path: object.path("lineLimit"), FormatRanges.lineLimit)
            }
        }
        if let truncation: Truncation = object.enumeration("truncation", noun: "truncation") {
            content.truncation = truncation
        }
        if let spacing = object.number("lineSpacing", FormatRanges.lineSpacing) { content.lineSpacing = spacing }
        if let spacing = object.number("letterSpacing", FormatRanges.letterSpacing) { content.letterSpacing = spacing }
        if let wrap: WrapMode = object.enumeration("wrap", noun: "wrap mode") { content.wrap = wrap }
        if let shadow = object.object("shadow", allowed: FormatKeys.shadow) {
            content.shadow = Shadow(
                color: shadow["color"].flatMap { color($0, path: shadow.path("color")) } ?? Self.defaultShadowColor,
                radius: shadow.number("radius", FormatRanges.shadowRadius) ?? 0,
                x: shadow.number("x", FormatRanges.shadowOffset) ?? 0,
                y: shadow.number("y", FormatRanges.shadowOffset) ?? 0)
        }
        return content
    }

    /// `text` when it has at most `FormatRanges.maximumTextLength` characters; else reports it.
    func longText(_ text: String, path: String) -> String? {
        let limit = FormatRanges.maximumTextLength
        // Counting stops at the limit, so a huge text costs no more than a long one.
        guard text.utf8.count > limit, text.dropFirst(limit).first != nil else {
            return checkSceneText(text, path: path) ? text : nil
        }
        report(
            "text is longer than \(limit) characters (\(text.count))", path: path, at: positions[path],
            hint: "split it over several layers; the limit keeps layout and typewriter schedules bounded")
        return nil
    }

    /// A shadow's color when none is given: black at 33 % (SwiftUI's default shadow).
    static let defaultShadowColor = Color(red: 0, green: 0, blue: 0, alpha: 0.33)

    func decodeSpan(_ value: JSONValue, path: String) -> TextSpan? {
        guard let object = object(value, path: path, allowed: FormatKeys.span) else { return nil }
        let text = object.required("text").flatMap { string($0, path: object.path("text")) }
            .flatMap { longText($0, path: object.path("text")) }
        var span = TextSpan(text: text ?? "")
        span.color = object["color"].flatMap { color($0, path: object.path("color")) }
        span.weight = object["weight"].flatMap { fontWeight($0, path: object.path("weight")) }
        span.italic = object.bool("italic")
        if let underline = object.bool("underline") { span.underline = underline }
        if let strikethrough = object.bool("strikethrough") { span.strikethrough = strikethrough }
        span.font = object["font"].flatMap { decodeFont($0, path: object.path("font")) }
        return text == nil ? nil : span
    }

    func decodeFont(_ value: JSONValue, path: String) -> FontSpec? {
        guard let object = object(value, path: path, allowed: FormatKeys.font) else { return nil }
        let families = object["family"].flatMap { fontFamilies($0, path: object.path("family")) }
        var spec = FontSpec(
            family: families?.count == 1 && GenericFamily(named: families![0]) == nil ? families![0] : nil,
            file: object.string("file", nonEmpty: true),
            size: object.number("size", FormatRanges.fontSize),
            style: object.enumeration("style", noun: "text style"),
            weight: object["weight"].flatMap { fontWeight($0, path: object.path("weight")) },
            italic: object.bool("italic"), design: object.enumeration("design", noun: "font design"))
        if let families, spec.family == nil { spec.familyList = families }
        return spec
    }

    /// `"Inter"` or `["Baskerville", "Libre Baskerville", "serif"]`: non-empty names, where a generic
    /// family (`serif`, `sans-serif`, `monospace`, `rounded`) may only come last, since it is always
    /// available and nothing after it could ever be used.
    func fontFamilies(_ value: JSONValue, path: String) -> [String]? {
        if value.arrayValue == nil {
            if value.stringValue == nil {
                record(path, value)
                wrongType(
                    value, path: path, expected: "a family name or a list of them",
                    hint: "e.g. \"Inter\" or [\"Baskerville\", \"Libre Baskerville\", \"serif\"]")
                return nil
            }
            return string(value, path: path, nonEmpty: true).map { [$0] }
        }
        guard let items = array(value, path: path, nonEmpty: true) else { return nil }
        var names: [String] = []
        var generic: String?
        for (index, item) in items.enumerated() {
            let itemPath = DecodingPath.index(path, index)
            guard let name = string(item, path: itemPath, nonEmpty: true) else { return nil }
            if let generic {
                report(
                    "\(JSONText.quoted(name)) comes after the generic family \(JSONText.quoted(generic)), which is "
                        + "always available, so it would never be used",
                    path: itemPath, at: item.position,
                    hint: "put the generic family (serif, sans-serif, monospace or rounded) last")
                return nil
            }
            if GenericFamily(named: name) != nil { generic = name }
            names.append(name)
        }
        return names
    }

    /// A weight name (`semibold`) or a number from 1 to 1000.
    func fontWeight(_ value: JSONValue, path: String) -> FontWeight? {
        switch value.kind {
        case .number:
            return number(value, path: path, FormatRanges.fontWeight).map(FontWeight.init)
        case .string:
            guard let name = string(value, path: path) else { return nil }
            let names = FontWeight.named.map(\.name)
            return named(name, among: names, path: path, at: value.position, noun: "font weight")
                .flatMap { name in FontWeight.named.first { $0.name == name }?.weight }
        default:
            record(path, value)
            wrongType(value, path: path, expected: "a weight name or a number from 1 to 1000")
            return nil
        }
    }
}
