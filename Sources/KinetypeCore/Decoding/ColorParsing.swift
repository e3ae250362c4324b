/// Why a color string could not be read, as a message a user can act on.
public struct ColorParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var hint: String?
    public var description: String { message }
}

extension Color {
    /// Reads a scene color: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)` (0…255),
    /// `rgba(r, g, b, a)` (alpha 0…1), a CSS named color (any case), `transparent`, or an Apple
    /// system color `system.<name>` (see `SystemColors`) with its value in `scheme` and `release`.
    public init?(parsing text: String, in scheme: ColorScheme, systemColors release: SystemColors.Release = .current) {
        guard case .success(let color) = Color.parse(text, in: scheme, systemColors: release) else { return nil }
        self = color
    }

    /// `init?(parsing:in:)` in the light appearance.
    public init?(parsing text: String) {
        self.init(parsing: text, in: .light)
    }

    /// Like `init?(parsing:in:)`, with the reason when the text is not a color.
    public static func parse(
        _ text: String, in scheme: ColorScheme = .light, systemColors release: SystemColors.Release = .current
    ) -> Result<Color, ColorParseError> {
        if text.hasPrefix("#") { return parseHex(text) }
        let lowered = text.lowercased()
        if lowered.hasPrefix("rgb(") || lowered.hasPrefix("rgba(") { return parseFunction(text, lowered: lowered) }
        if lowered == "transparent" { return .success(.transparent) }
        if lowered.hasPrefix(SystemColors.prefix) { return parseSystem(text, in: scheme, release: release) }
        if let rgb = CSSColorNames.table[lowered] {
            return .success(
                Color(
                    red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255,
                    blue: Double(rgb & 0xFF) / 255))
        }
        // A SwiftUI/UIKit name ("label", "systemBackground", "primary") is the system color.
        if let entry = SystemColors.alias(named: text, in: release) { return .success(entry.color(in: scheme)) }
        let suggestion =
            SystemColors.entry(named: text).map { "; did you mean \(JSONText.quoted(SystemColors.prefix + $0.name))?" }
            ?? Suggestion.didYouMean(
                text, among: ["transparent"] + CSSColorNames.table.keys.sorted() + SystemColors.aliases)
        return .failure(
            ColorParseError(
                message: "unknown color \(JSONText.quoted(text))" + suggestion,
                hint: suggestion.isEmpty
                    ? "write a color as \"#RRGGBB\", \"rgba(r, g, b, a)\" or a CSS color name" : nil))
    }

    private static func parseSystem(
        _ text: String, in scheme: ColorScheme, release: SystemColors.Release
    ) -> Result<Color, ColorParseError> {
        let name = String(text.dropFirst(SystemColors.prefix.count))
        if let entry = SystemColors.entry(named: name, in: release) { return .success(entry.color(in: scheme)) }
        let suggestion = SystemColors.suggestion(for: name).map { "; did you mean \(JSONText.quoted($0))?" } ?? ""
        return .failure(
            ColorParseError(
                message: "unknown system color \(JSONText.quoted(text))" + suggestion,
                hint: suggestion.isEmpty
                    ? "system colors are: " + SystemColors.names.joined(separator: ", ") : nil))
    }

    private static func parseHex(_ text: String) -> Result<Color, ColorParseError> {
        let digits = text.dropFirst().map { $0.hexDigitValue }
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0 != nil }) else {
            return .failure(
                ColorParseError(
                    message: "invalid hex color \(JSONText.quoted(text))",
                    hint: "write 3, 4, 6 or 8 hex digits after '#', as in \"#FF8800\""))
        }
        let values = digits.map { Double($0!) }
        let components: [Double]
        if values.count <= 4 {
            components = values.map { (digit: Double) -> Double in digit * 17 / 255 }
        } else {
            components = stride(from: 0, to: values.count, by: 2).map { (index: Int) -> Double in
                let byte: Double = values[index] * 16 + values[index + 1]
                return byte / 255
            }
        }
        return .success(
            Color(
                red: components[0], green: components[1], blue: components[2],
                alpha: components.count == 4 ? components[3] : 1))
    }

    private static func parseFunction(_ text: String, lowered: String) -> Result<Color, ColorParseError> {
        let hasAlpha = lowered.hasPrefix("rgba(")
        let name = hasAlpha ? "rgba" : "rgb"
        let expectedCount = hasAlpha ? 4 : 3
        let usage = hasAlpha ? "rgba(r, g, b, a) with r, g, b in 0…255 and a in 0…1" : "rgb(r, g, b) with each in 0…255"
        guard lowered.hasSuffix(")") else {
            return .failure(
                ColorParseError(
                    message: "\(name)() color \(JSONText.quoted(text)) is missing its closing ')'",
                    hint: "write " + usage))
        }
        let inner = lowered.dropFirst(name.count + 1).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: " \t") }
        let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
        guard parts.count == expectedCount, numbers.count == expectedCount else {
            return .failure(
                ColorParseError(
                    message: "invalid \(name)() color \(JSONText.quoted(text))",
                    hint: "write " + usage))
        }
        guard numbers[0..<3].allSatisfy({ (0...255).contains($0) }) else {
            return .failure(
                ColorParseError(
                    message: "\(name)() red, green and blue must be between 0 and 255 in \(JSONText.quoted(text))"))
        }
        if hasAlpha, !(0...1).contains(numbers[3]) {
            return .failure(
                ColorParseError(
                    message: "rgba() alpha must be between 0 and 1, found \(JSONText.number(numbers[3]))",
                    hint: "alpha is a fraction: 0.5 is half transparent"))
        }
        return .success(
            Color(
                red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255,
                alpha: hasAlpha ? numbers[3] : 1))
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = self
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
