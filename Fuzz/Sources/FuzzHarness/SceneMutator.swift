import Foundation
import Kinetype

/// A scene-aware mutation for the scene target: random byte edits rarely produce valid JSON with
/// an extreme number in the right place, so a fuzzer driven by them alone never reaches the
/// numeric edge cases of the format. This one edits the JSON text: it replaces a number with an
/// extreme or boundary value (taken from `FormatRanges`, so every key's limits are tried), puts a
/// key of the format with such a value into an object, or replaces a string with a hostile one.
/// The result is usually still valid JSON, so it reaches the timeline and the renderer.
public enum SceneMutator {
    /// Numbers that break naive conversions, plus each range's bounds and the values just past them.
    static let numbers: [String] = {
        var values = [
            "0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "1e400", "-1e400", "5e-324", "1e-300",
            "2147483647", "2147483648", "9223372036854775807", "9223372036854775808",
            "18446744073709551616", "4294967296", "65535", "65536", "3.0e1", "1E2",
        ]
        for range in FormatRanges.all {
            for bound in [range.minimum, range.maximum] {
                values.append(JSONText.number(bound))
                values.append(JSONText.number(bound.nextUp))
                values.append(JSONText.number(bound.nextDown))
                values.append(JSONText.number(bound * 1.5 + 1))
            }
        }
        return values
    }()

    /// The last component of every numeric key (`width`, `lineSpacing`, …).
    static let keys: [String] = Array(
        Set(
            FormatRanges.all.flatMap(\.keys).map {
                String($0.split(separator: ".").last ?? Substring($0)).replacingOccurrences(of: "[]", with: "")
            })
    ).sorted()

    /// Strings that stress text handling, templates and paths.
    static let strings: [String] = [
        "", " ", String(repeating: "W", count: 5000), String(repeating: "é", count: 3000),
        "\u{202E}abc\u{202C}", "\u{0}\u{7F}", "👩‍👩‍👧‍👦🏳️‍🌈", "مرحبا بالعالم", "こんにちは世界", "{{", "}}", "{{name}}",
        "{{ }}", "../../../../etc/passwd", "/dev/zero", "auto", "transparent", "#", "#GGG", "rgba(1,2,3,4)",
    ]

    /// Mutates `data` in place (at most `maxSize` bytes); returns the new size, or nil to let
    /// libFuzzer's own mutation run instead.
    public static func mutate(_ data: inout [UInt8], maxSize: Int, seed: UInt32) -> Int? {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        guard var text = String(bytes: data, encoding: .utf8) else { return nil }
        switch random.next() % 3 {
        case 0: text = replaceNumber(in: text, using: &random) ?? insertKey(into: text, using: &random)
        case 1: text = insertKey(into: text, using: &random)
        default: text = replaceString(in: text, using: &random) ?? insertKey(into: text, using: &random)
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= maxSize else { return nil }
        data = bytes
        return bytes.count
    }

    static func replaceNumber(in text: String, using random: inout SplitMix64) -> String? {
        let tokens = numberTokens(in: text)
        guard !tokens.isEmpty else { return nil }
        let range = tokens[Int(random.next() % UInt64(tokens.count))]
        return text.replacingCharacters(in: range, with: numbers[Int(random.next() % UInt64(numbers.count))])
    }

    static func insertKey(into text: String, using random: inout SplitMix64) -> String {
        let braces = text.indices.filter { text[$0] == "{" }
        let key = keys[Int(random.next() % UInt64(keys.count))]
        let value = numbers[Int(random.next() % UInt64(numbers.count))]
        guard !braces.isEmpty else { return "{\"\(key)\": \(value)}" }
        let brace = braces[Int(random.next() % UInt64(braces.count))]
        var result = text
        result.insert(contentsOf: "\"\(key)\": \(value), ", at: text.index(after: brace))
        return result
    }

    static func replaceString(in text: String, using random: inout SplitMix64) -> String? {
        let tokens = stringTokens(in: text)
        guard !tokens.isEmpty else { return nil }
        let range = tokens[Int(random.next() % UInt64(tokens.count))]
        let replacement = strings[Int(random.next() % UInt64(strings.count))]
        let escaped = replacement.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
                ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }.joined()
        return text.replacingCharacters(in: range, with: escaped)
    }

    /// Ranges of number literals outside strings.
    static func numberTokens(in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var index = text.startIndex
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if character == "\"" {
                inString = true
            } else if character == "-" || character.isASCII && character.isNumber {
                let start = index
                while index < text.endIndex, "0123456789+-.eE".contains(text[index]) {
                    index = text.index(after: index)
                }
                result.append(start..<index)
                continue
            }
            index = text.index(after: index)
        }
        return result
    }

    /// Ranges of the contents (between the quotes) of string literals.
    static func stringTokens(in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "\"" else {
                index = text.index(after: index)
                continue
            }
            let start = text.index(after: index)
            var end = start
            while end < text.endIndex, text[end] != "\"" {
                if text[end] == "\\" {
                    end = text.index(after: end)
                    if end == text.endIndex { break }
                }
                end = text.index(after: end)
            }
            guard end < text.endIndex else { break }
            result.append(start..<end)
            index = text.index(after: end)
        }
        return result
    }
}
