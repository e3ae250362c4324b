extension DecodingContext {
    func decodeAnimation(
        _ value: JSONValue, path: String, layer: LayerInfo,
        references: inout [AfterReference]
    ) -> Animation? {
        record(path, value)
        guard let members = value.objectMembers else {
            wrongType(value, path: path, expected: "an animation object")
            return nil
        }
        let typePath = DecodingPath.member(path, "type")
        var type: AnimationType?
        if let typeValue = value["type"] {
            type = string(typeValue, path: typePath).flatMap {
                named($0, among: AnimationType.names, path: typePath, at: typeValue.position, noun: "animation type")
            }.flatMap(AnimationType.init(rawValue:))
        }
        let allowed = type?.keys ?? FormatKeys.animation + AnimationType.allCases.flatMap(\.ownKeys)
        let object = ObjectReader(
            context: self, path: path, value: value, members: members, allowed: allowed,
            unknownKeyHint: { key in Self.otherAnimationTypeHint(key: key, type: type) })
        if value["type"] == nil {
            _ = object.required(
                "type", hint: "an animation's type is " + JSONText.list(AnimationType.names, conjunction: "or"))
        }
        let start = decodeStart(object, layer: layer, references: &references)

        let kind: AnimationKind?
        switch type {
        case .typewriter:
            if let layerType = layer.type, layerType != .text {
                report(
                    "a typewriter animation needs a text layer, and this layer is a \(layerType.rawValue) layer",
                    path: typePath, at: value["type"]?.position)
            }
            kind = decodeTypewriter(object).map(AnimationKind.typewriter)
        case .animate:
            kind = decodePropertyAnimation(object, layer: layer).map(AnimationKind.animate)
        case .keyframes:
            kind = decodeKeyframes(object, layer: layer).map(AnimationKind.keyframes)
        case nil:
            kind = nil
        }
        return kind.map { Animation(start: start, kind: $0) }
    }

    private static func otherAnimationTypeHint(key: String, type: AnimationType?) -> String? {
        guard let type else { return nil }
        let owners = AnimationType.allCases.filter { $0 != type && $0.ownKeys.contains(key) }.map(\.rawValue)
        guard !owners.isEmpty else { return nil }
        return "\(JSONText.quoted(key)) belongs to \(owners.joined(separator: " and ")) animations, "
            + "and this one is \(JSONText.quoted(type.rawValue))"
    }

    /// `"start": s`, or `"after": id` with an optional `"delay": s`; neither starts at 0.
    private func decodeStart(_ object: ObjectReader, layer: LayerInfo, references: inout [AfterReference])
        -> AnimationStart
    {
        object.exclusive("start", "after")
        let start = object.number("start", FormatRanges.start)
        let delay = object.number("delay", FormatRanges.start)
        if let delayMember = object.member("delay"), !object.has("after") {
            report(
                "\"delay\" needs \"after\"", path: object.path("delay"), at: delayMember.keyPosition,
                hint:
                    "\"delay\" counts from the end of the layer named by \"after\"; use \"start\" for a time from the scene start"
            )
        }
        if let afterValue = object["after"], let target = object.string("after", nonEmpty: true) {
            references.append(
                AfterReference(
                    layerID: layer.id, target: target,
                    path: object.path("after"), position: afterValue.position))
            return .after(layer: target, delay: delay ?? 0)
        }
        return .time(start ?? 0)
    }

    // MARK: animate and keyframes

    func decodePropertyAnimation(_ object: ObjectReader, layer: LayerInfo) -> PropertyAnimation? {
        let property = decodeProperty(object, layer: layer)
        let from = property.flatMap { property in
            object["from"].flatMap { animatableValue($0, path: object.path("from"), property: property) }
        }
        let to = object.required("to").flatMap { value in
            property.flatMap { animatableValue(value, path: object.path("to"), property: $0) }
        }
        let duration = object.number("duration", FormatRanges.animationDuration)
        let easing = object["easing"].flatMap { decodeEasing($0, path: object.path("easing")) }
        let repeatCount = object.integer("repeat", FormatRanges.repeatCount)
        let autoreverse = object.bool("autoreverse")
        guard let property, let to else { return nil }
        var animation = PropertyAnimation(property: property, from: from, to: to)
        animation.duration = duration
        if let easing { animation.easing = easing }
        if let repeatCount { animation.repeatCount = repeatCount }
        if let autoreverse { animation.autoreverse = autoreverse }
        return animation
    }

    func decodeKeyframes(_ object: ObjectReader, layer: LayerInfo) -> KeyframeAnimation? {
        let property = decodeProperty(object, layer: layer)
        guard
            let value = object.required("keyframes"),
            let items = array(value, path: object.path("keyframes"), nonEmpty: true).flatMap({
                limited(
                    $0, ContentLimits.keyframes, within: ContentLimits.sceneKeyframes, path: object.path("keyframes"),
                    at: value.position)
            })
        else { return nil }
        var keyframes: [Keyframe] = []
        var previousTime: Double?
        for (index, item) in items.enumerated() {
            let path = DecodingPath.index(object.path("keyframes"), index)
            guard let frame = self.object(item, path: path, allowed: FormatKeys.keyframe) else { continue }
            let time = frame.required("time").flatMap {
                number($0, path: frame.path("time"), FormatRanges.keyframeTime)
            }
            if let time, let previous = previousTime, time <= previous {
                report(
                    "must be greater than the previous keyframe's time \(JSONText.number(previous)), found \(JSONText.number(time))",
                    path: frame.path("time"), at: frame["time"]?.position,
                    hint: "keyframe times increase, in seconds from the animation's start")
            }
            previousTime = time ?? previousTime
            let value = frame.required("value").flatMap { value in
                property.flatMap { animatableValue(value, path: frame.path("value"), property: $0) }
            }
            let easing = frame["easing"].flatMap { decodeEasing($0, path: frame.path("easing")) }
            if let time, let value {
                keyframes.append(Keyframe(time: time, value: value, easing: easing ?? .easeInOut))
            }
        }
        guard let property else { return nil }
        return KeyframeAnimation(property: property, keyframes: keyframes)
    }

    /// The `property` key, checked against the layer type (text properties need a text layer).
    private func decodeProperty(_ object: ObjectReader, layer: LayerInfo) -> AnimatableProperty? {
        guard let value = object.required("property"),
            let property: AnimatableProperty = enumeration(value, path: object.path("property"), noun: "property")
        else { return nil }
        let textOnly: [AnimatableProperty] = [.fontSize, .fontWeight, .color, .letterSpacing]
        if textOnly.contains(property), let type = layer.type, type != .text {
            report(
                "property \(JSONText.quoted(property.rawValue)) needs a text layer, and this layer is a \(type.rawValue) layer",
                path: object.path("property"), at: value.position)
            return nil
        }
        return property
    }

    /// A `from`, `to` or keyframe value: a color for colors, else a number in the property's range
    /// (weight names are allowed for `font.weight`).
    func animatableValue(_ value: JSONValue, path: String, property: AnimatableProperty) -> AnimatableValue? {
        switch property {
        case .color, .background:
            return color(value, path: path).map(AnimatableValue.color)
        case .fontWeight:
            return fontWeight(value, path: path).map { .number($0.value) }
        case .fontSize, .opacity, .scale, .cornerRadius, .offsetX, .offsetY, .rotation, .letterSpacing:
            return number(value, path: path, FormatRanges.range(of: property)).map(AnimatableValue.number)
        }
    }
}
