extension DecodingContext {
    /// The keys that set a typewriter's pace; at most one may be given.
    static let pacingKeys = ["interval", "speed", "duration", "intervalRange"]

    func decodeTypewriter(_ object: ObjectReader) -> Typewriter? {
        var typewriter = Typewriter()
        let given = object.members.filter { Self.pacingKeys.contains($0.key) }
        if given.count > 1 {
            let names = given.map(\.key)
            report(
                names.count == 2
                    ? "\(JSONText.list(names)) cannot both be given"
                    : "only one of \(JSONText.list(names)) may be given",
                path: object.path, at: given[1].keyPosition,
                hint: "interval, speed, duration and intervalRange are alternative ways to set the pace; keep one")
        }
        if let interval = object.number("interval", FormatRanges.typewriterInterval) {
            typewriter.pacing = .interval(interval)
        }
        if let speed = object.number("speed", FormatRanges.typewriterSpeed) { typewriter.pacing = .speed(speed) }
        if let duration = object.number("duration", FormatRanges.animationDuration) {
            typewriter.pacing = .totalDuration(duration)
        }
        if let range = object["intervalRange"] {
            typewriter.intervalRange = intervalRange(range, path: object.path("intervalRange"))
        }
        if let seed = object["seed"] {
            let path = object.path("seed")
            record(path, seed)
            if case .number(let number) = seed.kind {
                typewriter.seed = number.uint64Value
                if typewriter.seed == nil {
                    report(
                        "must be a whole number from 0 to 18446744073709551615, found \(number.literal)", path: path,
                        at: seed.position)
                }
            } else {
                wrongType(seed, path: path, expected: "a whole number")
            }
        }
        if let pauses = object["pauses"] { typewriter.pauses = decodePauses(pauses, path: object.path("pauses")) }
        if let unit: TypewriterUnit = object.enumeration("unit", noun: "typewriter unit") { typewriter.unit = unit }
        if let fadeIn = object.number("fadeIn", FormatRanges.fadeIn) { typewriter.fadeIn = fadeIn }
        if let mode: TypewriterMode = object.enumeration("mode", noun: "typewriter mode") { typewriter.mode = mode }
        if let cursor = object["cursor"] { typewriter.cursor = decodeCursor(cursor, path: object.path("cursor")) }
        if let script = object["script"] { typewriter.script = decodeScript(script, path: object.path("script")) }
        if let sound = object["sound"] { typewriter.sound = decodeSound(sound, path: object.path("sound")) }
        return typewriter
    }

    /// `true` (the keyboard preset), `false`, or `{"preset", "file", "volume"}` with one of
    /// `preset` and `file`.
    private func decodeSound(_ value: JSONValue, path: String) -> KeySound? {
        if case .bool(let enabled) = value.kind {
            record(path, value)
            return enabled ? KeySound() : nil
        }
        guard value.objectMembers != nil else {
            record(path, value)
            wrongType(
                value, path: path, expected: "true, false or a sound object",
                hint: "write true for the built-in key click, or {\"preset\": \"typewriter\"}")
            return nil
        }
        guard let object = object(value, path: path, allowed: FormatKeys.sound) else { return nil }
        var sound = KeySound()
        let sources = object.members.filter { ["preset", "file"].contains($0.key) }
        if sources.count > 1 {
            report(
                "\"preset\" and \"file\" cannot both be given", path: path, at: sources[1].keyPosition,
                hint: "a sound is a built-in preset or a WAV file; keep one")
        }
        if let preset: KeySound.Preset = object.enumeration("preset", noun: "sound preset") {
            sound.source = .preset(preset)
        }
        if let file = object.string("file", nonEmpty: true) { sound.source = .file(file) }
        if let volume = object.number("volume", FormatRanges.soundVolume) { sound.volume = volume }
        return sound
    }

    /// `[min, max]` with 0 ≤ min ≤ max.
    private func intervalRange(_ value: JSONValue, path: String) -> ClosedRange<Double>? {
        guard let items = array(value, path: path) else { return nil }
        guard items.count == 2 else {
            report("expected 2 numbers [min, max], found \(items.count)", path: path, at: value.position)
            return nil
        }
        let low = number(items[0], path: DecodingPath.index(path, 0), FormatRanges.intervalRange)
        let high = number(items[1], path: DecodingPath.index(path, 1), FormatRanges.intervalRange)
        guard let low, let high else { return nil }
        guard low <= high else {
            report(
                "the minimum \(JSONText.number(low)) is greater than the maximum \(JSONText.number(high))",
                path: path, at: value.position, hint: "write the range as [min, max]")
            return nil
        }
        return low...high
    }

    /// `{",": 0.15, "\n": 0.3}`: one character per key, seconds ≥ 0.
    private func decodePauses(_ value: JSONValue, path: String) -> [String: Double] {
        guard let object = object(value, path: path, allowed: value.objectMembers?.map(\.key) ?? []) else { return [:] }
        var pauses: [String: Double] = [:]
        for member in object.members {
            let memberPath = object.path(member.key)
            guard member.key.count == 1 else {
                record(memberPath, member.value)
                report(
                    "pause key \(JSONText.quoted(member.key)) must be one character", path: memberPath,
                    at: member.keyPosition,
                    hint: "each key is the character after which typing pauses, e.g. \",\" or \"\\n\"")
                continue
            }
            if let seconds = number(member.value, path: memberPath, FormatRanges.pause) { pauses[member.key] = seconds }
        }
        return pauses
    }

    /// `false`, or `{"shape", "color", "width", "blink", "hideWhenDone"}`.
    private func decodeCursor(_ value: JSONValue, path: String) -> Cursor? {
        if case .bool(let enabled) = value.kind {
            record(path, value)
            if enabled {
                report(
                    "expected false or a cursor object, found true", path: path, at: value.position,
                    hint: "write {} for a cursor with the default settings")
            }
            return nil
        }
        guard value.objectMembers != nil else {
            record(path, value)
            wrongType(value, path: path, expected: "false or a cursor object")
            return nil
        }
        guard let object = object(value, path: path, allowed: FormatKeys.cursor) else { return nil }
        var cursor = Cursor()
        if let shape: CursorShape = object.enumeration("shape", noun: "cursor shape") { cursor.shape = shape }
        cursor.color = object["color"].flatMap { color($0, path: object.path("color")) }
        cursor.width = object.number("width", FormatRanges.cursorWidth)
        if let blink = object.number("blink", FormatRanges.cursorTime) { cursor.blink = blink }
        if let hide = object["hideWhenDone"] {
            let hidePath = object.path("hideWhenDone")
            switch hide.kind {
            case .bool(let flag):
                record(hidePath, hide)
                cursor.hideWhenDone = flag ? 0 : nil
            case .number:
                cursor.hideWhenDone = number(hide, path: hidePath, FormatRanges.cursorTime)
            default:
                record(hidePath, hide)
                wrongType(hide, path: hidePath, expected: "a number of seconds or true")
            }
        }
        return cursor
    }

    /// Steps `{"type": s}`, `{"pause": s}`, `{"delete": n}`, `{"deleteAll": true}`.
    private func decodeScript(_ value: JSONValue, path: String) -> [ScriptStep]? {
        guard let all = array(value, path: path, nonEmpty: true),
            let items = limited(
                all, ContentLimits.scriptSteps, within: ContentLimits.sceneScriptSteps, path: path, at: value.position)
        else { return nil }
        var steps: [ScriptStep] = []
        for (index, item) in items.enumerated() {
            let stepPath = DecodingPath.index(path, index)
            guard let object = object(item, path: stepPath, allowed: FormatKeys.scriptStep) else { continue }
            let given = object.members.filter { FormatKeys.scriptStep.contains($0.key) }
            guard given.count == 1, let member = given.first else {
                if given.count > 1 {
                    report(
                        "a script step has exactly one of \"type\", \"pause\", \"delete\" or \"deleteAll\", found "
                            + JSONText.list(given.map(\.key)),
                        path: stepPath, at: given[1].keyPosition, hint: "split it into one step per action")
                } else if object.members.isEmpty {
                    report(
                        "a script step needs one of \"type\", \"pause\", \"delete\" or \"deleteAll\"", path: stepPath,
                        at: item.position)
                }
                continue
            }
            let memberPath = object.path(member.key)
            switch member.key {
            case "type":
                if let text = string(member.value, path: memberPath).flatMap({ longText($0, path: memberPath) }) {
                    steps.append(.type(text))
                }
            case "pause":
                if let seconds = number(member.value, path: memberPath, FormatRanges.pause) {
                    steps.append(.pause(seconds))
                }
            case "delete":
                if let count = integer(member.value, path: memberPath, FormatRanges.scriptDelete) {
                    steps.append(.delete(count))
                }
            default:
                if let flag = bool(member.value, path: memberPath) {
                    if flag {
                        steps.append(.deleteAll)
                    } else {
                        report(
                            "must be true", path: memberPath, at: member.value.position,
                            hint: "remove the step if nothing should be deleted")
                    }
                }
            }
        }
        return steps
    }
}
