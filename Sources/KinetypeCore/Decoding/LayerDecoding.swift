/// What animation decoding needs to know about the layer it belongs to.
struct LayerInfo {
    var id: String?
    /// Nil when the type is missing or unknown.
    var type: LayerType?
}

/// An `after` reference, checked once every layer id is known.
struct AfterReference {
    /// The id of the layer whose animation waits, when it has one.
    var layerID: String?
    var target: String
    var path: String
    var position: SourcePosition
}

extension DecodingContext {
    func decodeLayers(_ value: JSONValue, path: String) -> [Layer]? {
        guard let all = array(value, path: path),
            let items = limited(all, ContentLimits.layers, path: path, at: value.position)
        else { return nil }
        var layers: [Layer] = []
        var references: [AfterReference] = []
        var firstUse: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let layerPath = DecodingPath.index(path, index)
            let layer = decodeLayer(item, path: layerPath, references: &references)
            // Ids of layers with other mistakes still count, so `after` does not report them as unknown.
            if let id = layer?.id ?? item["id"]?.stringValue.map({ templates.expand($0).text }), !id.isEmpty {
                if let first = firstUse[id] {
                    report(
                        "duplicate layer id \(JSONText.quoted(id)); it is already used by \(first)",
                        path: DecodingPath.member(layerPath, "id"), at: item["id"]?.position,
                        hint: "layer ids must be unique")
                } else {
                    firstUse[id] = layerPath
                }
            }
            if let layer { layers.append(layer) }
        }
        checkAfterReferences(references, knownIDs: firstUse.keys.sorted())
        return layers
    }

    func decodeLayer(_ value: JSONValue, path: String, references: inout [AfterReference]) -> Layer? {
        record(path, value)
        guard value.objectMembers != nil else {
            wrongType(value, path: path, expected: "a layer object")
            return nil
        }
        let typePath = DecodingPath.member(path, "type")
        var type: LayerType?
        if let typeValue = value["type"] {
            type = string(typeValue, path: typePath).flatMap {
                named($0, among: LayerType.names, path: typePath, at: typeValue.position, noun: "layer type")
            }.flatMap(LayerType.init(rawValue:))
        }
        // With an unknown type every layer key is allowed, so one mistake does not cascade.
        let allowed = type?.keys ?? FormatKeys.layer + LayerType.allCases.flatMap(\.ownKeys)
        let object = ObjectReader(
            context: self, path: path, value: value, members: value.objectMembers ?? [],
            allowed: allowed,
            unknownKeyHint: { key in
                Self.otherLayerTypeHint(key: key, type: type)
            })
        if value["type"] == nil {
            _ = object.required("type", hint: "a layer's type is " + JSONText.list(LayerType.names, conjunction: "or"))
        }
        let id = object.string("id", nonEmpty: true)
        let info = LayerInfo(id: id, type: type)
        let animations =
            object.array("animations").flatMap {
                limited(
                    $0, ContentLimits.animations, within: ContentLimits.sceneAnimations,
                    path: object.path("animations"),
                    at: object["animations"]?.position)
            }.map { items in
                items.enumerated().compactMap { offset, item in
                    decodeAnimation(
                        item, path: DecodingPath.index(object.path("animations"), offset), layer: info,
                        references: &references)
                }
            } ?? []

        let content: LayerContent?
        switch type {
        case .text:
            // Read from the JSON, so a script refused for its own mistakes still stands in for the text.
            let hasScript = object["animations"]?.arrayValue?.contains { $0["script"] != nil } ?? false
            content = decodeTextContent(object, typedByScript: hasScript).map(LayerContent.text)
        case .image:
            content = decodeImage(object).map(LayerContent.image)
        case .rect:
            content = .rect
        case nil:
            content = nil
        }

        var layer = Layer(id: id, content: content ?? .rect)
        layer.animations = animations
        if let frame = object.object("frame", allowed: FormatKeys.frame) {
            layer.frame = LayerFrame(
                x: frame.number("x", FormatRanges.framePosition) ?? 0,
                y: frame.number("y", FormatRanges.framePosition) ?? 0,
                width: frame.number("width", FormatRanges.frameSize),
                height: frame.number("height", FormatRanges.frameSize))
        }
        if let alignment: Alignment = object.enumeration("alignment", noun: "alignment") { layer.alignment = alignment }
        if let padding = object["padding"].flatMap({ decodePadding($0, path: object.path("padding")) }) {
            layer.padding = padding
        }
        layer.background = object["background"].flatMap { fill($0, path: object.path("background")) }
        if let radius = object.number("cornerRadius", FormatRanges.cornerRadius) { layer.cornerRadius = radius }
        if let border = object.object("border", allowed: FormatKeys.border) {
            let borderColor = border.required("color").flatMap { self.color($0, path: border.path("color")) }
            let width = border.number("width", FormatRanges.borderWidth) ?? 1
            layer.border = borderColor.map { Border(color: $0, width: width) }
        }
        if let opacity = object.number("opacity", FormatRanges.opacity) { layer.opacity = opacity }
        if let offset = object.object("offset", allowed: FormatKeys.offset) {
            layer.offset = Point(
                x: offset.number("x", FormatRanges.offset) ?? 0, y: offset.number("y", FormatRanges.offset) ?? 0)
        }
        if let scale = object.number("scale", FormatRanges.layerScale) { layer.scale = scale }
        if let rotation = object.number("rotation", FormatRanges.rotation) { layer.rotation = rotation }
        if case .text(let text)? = content, layer.frame.width != nil, text.wrap != .char {
            checkWordLength(text.text, path: object.path(text.spans == nil ? "text" : "spans"))
        }
        return content == nil ? nil : layer
    }

    /// For a key of another layer type: `"src" belongs to image layers, and this layer is a text layer`.
    private static func otherLayerTypeHint(key: String, type: LayerType?) -> String? {
        guard let type else { return nil }
        for owner in LayerType.allCases where owner != type && owner.ownKeys.contains(key) {
            return
                "\(JSONText.quoted(key)) belongs to \(owner.rawValue) layers, and this layer is a \(type.rawValue) layer"
        }
        return nil
    }

    /// A number for all four sides, or `{"top", "leading", "bottom", "trailing"}`.
    func decodePadding(_ value: JSONValue, path: String) -> EdgeInsets? {
        if case .number = value.kind {
            return number(value, path: path, FormatRanges.padding).map { EdgeInsets(all: $0) }
        }
        guard value.objectMembers != nil else {
            record(path, value)
            wrongType(
                value, path: path, expected: "a number or an object with \"top\", \"leading\", \"bottom\", \"trailing\""
            )
            return nil
        }
        guard let object = object(value, path: path, allowed: FormatKeys.padding) else { return nil }
        return EdgeInsets(
            top: object.number("top", FormatRanges.padding) ?? 0,
            leading: object.number("leading", FormatRanges.padding) ?? 0,
            bottom: object.number("bottom", FormatRanges.padding) ?? 0,
            trailing: object.number("trailing", FormatRanges.padding) ?? 0)
    }

    func decodeImage(_ object: ObjectReader) -> ImageContent? {
        let src = object.required("src", hint: "an image layer needs the path of a PNG file")
            .flatMap { string($0, path: object.path("src"), nonEmpty: true) }
        let fit: ImageFit? = object.enumeration("fit", noun: "image fit")
        let flips = object.bool("flipsForRightToLeftLayoutDirection") ?? false
        guard let src else { return nil }
        return ImageContent(src: src, fit: fit ?? .contain, flipsForRightToLeftLayoutDirection: flips)
    }
}
