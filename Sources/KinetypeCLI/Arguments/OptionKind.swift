import Foundation
import Kinetype

/// What an option's value is, stated once: how text becomes a value, what help shows after the
/// option's description, and what a usage error says the option takes.
struct OptionKind<Value>: Sendable {
    /// The value's placeholder in help when the option names none (`N`, `MODE`, `PATH`).
    let placeholder: String
    /// The accepted values as help shows them (`1…120`, `none, ordered, diffusion`), or nil.
    let helpSuffix: String?
    /// What the option takes, for "--fps takes a number from 1 to 120, found …".
    let expected: String
    /// The same in the plural, for lists: "numbers from 1 to 4".
    let expectedPlural: String
    /// The value of `text`, or nil when it is not one.
    let convert: @Sendable (String) -> Value?
    /// `; did you mean "ordered"?` for a near miss, or an empty string.
    let suggestion: @Sendable (String) -> String
    /// What a shell completes for the value.
    var completion = ValueCompletion.none

    init(
        placeholder: String, helpSuffix: String?, expected: String, expectedPlural: String? = nil,
        convert: @escaping @Sendable (String) -> Value?,
        suggestion: @escaping @Sendable (String) -> String = { _ in "" }
    ) {
        self.placeholder = placeholder
        self.helpSuffix = helpSuffix
        self.expected = expected
        self.expectedPlural = expectedPlural ?? expected
        self.convert = convert
        self.suggestion = suggestion
    }
}

extension OptionKind where Value == Double {
    /// A finite number in `range`, written `1…120` in help.
    static func number(_ range: ClosedRange<Double>) -> OptionKind {
        let bounds = "from \(format(range.lowerBound)) to \(format(range.upperBound))"
        return OptionKind(
            placeholder: "N", helpSuffix: "\(format(range.lowerBound))…\(format(range.upperBound))",
            expected: "a number \(bounds)", expectedPlural: "numbers \(bounds)"
        ) { text in
            guard let value = Double(text), value.isFinite, range.contains(value) else { return nil }
            return value
        }
    }

    /// A number the scene format allows for `range`'s keys (an inclusive range such as `canvas.fps`).
    static func number(_ range: NumberRange) -> OptionKind {
        number(range.closedRange)
    }

    /// A moment of a scene: seconds in `range`, or `end` for each scene's own end
    /// (`StillMoment.end`).
    static func moment(_ range: ClosedRange<Double>) -> OptionKind {
        let seconds = number(range)
        return OptionKind(
            placeholder: "SECONDS", helpSuffix: (seconds.helpSuffix ?? "") + " or end",
            expected: seconds.expected + " or end", expectedPlural: seconds.expectedPlural + " or end"
        ) { text in
            text == "end" ? StillMoment.end : seconds.convert(text)
        }
    }
}

extension OptionKind where Value == Int {
    /// A whole number in `range`, written `0…9` in help (`≥ 1` when it has no real upper bound).
    static func integer(_ range: ClosedRange<Int>) -> OptionKind {
        let bounds = "from \(range.lowerBound) to \(range.upperBound)"
        let suffix = range.upperBound == Int.max ? "≥ \(range.lowerBound)" : "\(range.lowerBound)…\(range.upperBound)"
        return OptionKind(
            placeholder: "N", helpSuffix: suffix,
            expected: "a whole number \(bounds)", expectedPlural: "whole numbers \(bounds)"
        ) { text in
            guard let value = Int(text), range.contains(value) else { return nil }
            return value
        }
    }
}

extension OptionKind where Value: CaseIterable & RawRepresentable<String> & Sendable {
    /// One of an enumeration's raw values, matched without regard to case; a near miss gets a
    /// did-you-mean.
    static func choice(_ type: Value.Type = Value.self, placeholder: String = "MODE") -> OptionKind {
        let names = Value.allCases.map(\.rawValue)
        let listed = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
        var kind = OptionKind(
            placeholder: placeholder, helpSuffix: names.joined(separator: ", "), expected: listed,
            convert: { text in Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() } },
            suggestion: { text in
                Suggestion.closest(to: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
            })
        kind.completion = .choices(names)
        return kind
    }
}

extension OptionKind where Value == String {
    /// One of the output format names (`OutputFormat.names`), any case, given back in lower case;
    /// what each command makes of it is its own (`png` is a still for `render`, frames for `batch`).
    static var formatName: OptionKind {
        let names = OutputFormat.names
        var kind = OptionKind(
            placeholder: "FORMAT", helpSuffix: names.joined(separator: ", "),
            expected: names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""),
            convert: { text in names.contains(text.lowercased()) ? text.lowercased() : nil },
            suggestion: { text in
                Suggestion.closest(to: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
            })
        kind.completion = .choices(names)
        return kind
    }

    /// A file or folder path, taken as written.
    static func path(placeholder: String = "PATH") -> OptionKind {
        var kind = OptionKind(placeholder: placeholder, helpSuffix: nil, expected: "a path") { $0 }
        kind.completion = placeholder == "DIR" ? .folders : .files
        return kind
    }
}

/// What a shell completes for an option's value.
enum ValueCompletion: Equatable, Sendable {
    case none
    case files
    case folders
    case choices([String])
}

/// The value of a `NAME=VALUE` option.
struct Assignment: Equatable {
    let name: String
    let value: String
}

extension OptionKind where Value == Assignment {
    /// `NAME=VALUE` with a non-empty NAME; the value may be empty and may hold more `=`.
    static var assignment: OptionKind {
        OptionKind(placeholder: "NAME=VALUE", helpSuffix: nil, expected: "NAME=VALUE") { text in
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
            return Assignment(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
        }
    }
}

extension OptionKind {
    /// Comma-separated values of `element`'s kind, duplicates dropped, in the order given;
    /// `example` (e.g. `1,2,3`) is shown in the error.
    static func list<Element: Equatable & Sendable>(of element: OptionKind<Element>, example: String) -> OptionKind
    where Value == [Element] {
        OptionKind(
            placeholder: "LIST", helpSuffix: element.helpSuffix.map { "comma-separated, each \($0)" },
            expected: "comma-separated \(element.expectedPlural), e.g. \(example)"
        ) { text in
            var values: [Element] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = element.convert(part.trimmingCharacters(in: .whitespaces)) else { return nil }
                if !values.contains(value) { values.append(value) }
            }
            return values
        }
    }

    /// A value of a syntax of its own (`2/4`, `sample:10`), described by `expected` in errors.
    static func custom(placeholder: String, expected: String, _ convert: @escaping @Sendable (String) -> Value?)
        -> OptionKind
    {
        OptionKind(placeholder: placeholder, helpSuffix: nil, expected: expected, convert: convert)
    }
}

/// A number without a needless `.0`.
func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
