extension DecodingContext {
    /// An easing name, or `{"cubicBezier": [x1, y1, x2, y2]}`, `{"spring": {…}}`, `{"steps": n}`.
    func decodeEasing(_ value: JSONValue, path: String) -> Easing? {
        switch value.kind {
        case .string:
            guard let name = string(value, path: path),
                let known = named(name, among: FormatKeys.easingNames, path: path, at: value.position, noun: "easing")
            else { return nil }
            switch known {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "hold": return .hold
            case "jump": return .jump
            default: return .easeInOut
            }
        case .object(let members):
            guard let object = object(value, path: path, allowed: FormatKeys.easing) else { return nil }
            let given = members.filter { FormatKeys.easing.contains($0.key) }
            guard given.count == 1, let member = given.first else {
                if given.count > 1 {
                    report(
                        "an easing object has exactly one of \"cubicBezier\", \"spring\" or \"steps\", found "
                            + JSONText.list(given.map(\.key)),
                        path: path, at: given[1].keyPosition)
                } else if members.isEmpty {
                    report(
                        "an easing object needs one of \"cubicBezier\", \"spring\" or \"steps\"", path: path,
                        at: value.position)
                }
                return nil
            }
            let memberPath = object.path(member.key)
            switch member.key {
            case "cubicBezier": return cubicBezier(member.value, path: memberPath)
            case "spring": return spring(member.value, path: memberPath)
            default: return integer(member.value, path: memberPath, FormatRanges.steps).map(Easing.steps)
            }
        default:
            record(path, value)
            wrongType(value, path: path, expected: "an easing name or object")
            return nil
        }
    }

    private func cubicBezier(_ value: JSONValue, path: String) -> Easing? {
        guard let items = array(value, path: path) else { return nil }
        guard items.count == 4 else {
            report("expected 4 numbers [x1, y1, x2, y2], found \(items.count)", path: path, at: value.position)
            return nil
        }
        let numbers = items.enumerated().map { index, item in
            number(
                item, path: DecodingPath.index(path, index),
                index % 2 == 0 ? FormatRanges.bezierX : FormatRanges.bezierY)
        }
        guard let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3] else { return nil }
        return .cubicBezier(x1, y1, x2, y2)
    }

    /// SwiftUI's defaults: response 0.5 s, damping fraction 0.825.
    private func spring(_ value: JSONValue, path: String) -> Easing? {
        guard let object = object(value, path: path, allowed: FormatKeys.spring) else { return nil }
        return .spring(
            response: object.number("response", FormatRanges.springResponse) ?? 0.5,
            dampingFraction: object.number("dampingFraction", FormatRanges.springDamping) ?? 0.825)
    }
}
