/// Everything one decoding pass shares: the file name, the diagnostics found so far, the
/// positions of decoded paths and the template values. Decoders report problems and go on, so
/// a scene with several mistakes reports all of them.
final class DecodingContext {
    let fileName: String
    /// The first `Diagnostic.maximumReported` problems; `omitted` counts the rest, so a scene
    /// with a million mistakes takes no more memory than one with fifty.
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var omitted = 0
    /// Where each problem of `diagnostics` stands in it, so a repeat is counted, not listed.
    private var reported: [Diagnostic: Int] = [:]
    private(set) var positions: [String: SourcePosition] = [:]
    var templates = TemplateExpander(values: [:])
    /// The names of every placeholder the scene's strings filled.
    var usedPlaceholders: Set<String> = []
    /// Unicode scalars of all the scene's texts decoded so far (`ContentLimits.sceneText`).
    var sceneTextScalars = 0
    /// Items of each scene-wide limit counted so far (`ContentLimits.sceneKeyframes` …), by its meaning.
    var sceneTotals: [String: Int] = [:]
    /// The appearance colors are resolved for: the override, else `canvas.colorScheme` once read.
    var colorScheme: ColorScheme
    /// `--color-scheme` or a batch entry's `colorScheme`; wins over `canvas.colorScheme`.
    let colorSchemeOverride: ColorScheme?
    /// The release `system.*` colors take their values from: `canvas.systemColors` once read.
    var systemColors = SystemColors.Release.current

    init(fileName: String, colorScheme: ColorScheme? = nil) {
        self.fileName = fileName
        self.colorSchemeOverride = colorScheme
        self.colorScheme = colorScheme ?? .light
    }

    /// Records a problem at `position`, found `count` times there. The same problem at the same
    /// place again only counts up: one line, `… (125000 times)`.
    func report(_ message: String, path: String, at position: SourcePosition?, hint: String? = nil, count: Int = 1) {
        let diagnostic = Diagnostic(
            kind: .invalidScene, file: fileName, position: position, path: path, message: message, hint: hint)
        if let index = reported[diagnostic] {
            diagnostics[index].occurrences += count
            return
        }
        guard diagnostics.count < Diagnostic.maximumReported else {
            omitted += count
            return
        }
        reported[diagnostic] = diagnostics.count
        diagnostics.append(diagnostic)
        diagnostics[diagnostics.count - 1].occurrences = count
    }

    /// How many more different problems would be listed, not only counted. "Did you mean" is
    /// worked out for those alone, so a scene of a million unknown names does not search its
    /// names a million times.
    var roomForProblems: Int { max(0, Diagnostic.maximumReported - diagnostics.count) }

    /// Every problem found, ending with `and N more problems` when some were left out.
    var reportedDiagnostics: [Diagnostic] {
        omitted > 0 ? diagnostics + [Diagnostic.more(omitted, file: fileName)] : diagnostics
    }

    /// Makes room for `count` recorded positions.
    func reservePositions(_ count: Int) {
        positions.reserveCapacity(count)
    }

    /// Remembers where `path` stands, for the scene's `SourceMap`.
    func record(_ path: String, _ value: JSONValue) {
        positions[path] = value.position
    }

    func wrongType(_ value: JSONValue, path: String, expected: String, hint: String? = nil) {
        report("expected \(expected), found \(value.typeDescription)", path: path, at: value.position, hint: hint)
    }

    // MARK: Typed values

    /// A number within `range` (see `FormatRanges`); nil `range` accepts any finite number.
    func number(_ value: JSONValue, path: String, _ range: NumberRange?) -> Double? {
        record(path, value)
        guard let number = value.numberValue else {
            wrongType(value, path: path, expected: "a number")
            return nil
        }
        if let violation = range?.violation(number) {
            report(violation, path: path, at: value.position)
            return nil
        }
        return number
    }

    /// A whole number (`3`, `3.0` or `3e0`).
    func integer(_ value: JSONValue, path: String, _ range: NumberRange?) -> Int? {
        record(path, value)
        guard case .number(let number) = value.kind else {
            wrongType(value, path: path, expected: "a whole number")
            return nil
        }
        guard let integer = number.intValue else {
            report("expected a whole number, found \(number.literal)", path: path, at: value.position)
            return nil
        }
        if let violation = range?.violation(Double(integer)) {
            report(violation, path: path, at: value.position)
            return nil
        }
        return integer
    }

    func bool(_ value: JSONValue, path: String) -> Bool? {
        record(path, value)
        guard let bool = value.boolValue else {
            wrongType(value, path: path, expected: "true or false")
            return nil
        }
        return bool
    }

    /// A string with its `{{placeholders}}` expanded.
    func string(_ value: JSONValue, path: String, nonEmpty: Bool = false) -> String? {
        record(path, value)
        guard let raw = value.stringValue else {
            wrongType(value, path: path, expected: "a string")
            return nil
        }
        return expand(raw, path: path, at: value.position, nonEmpty: nonEmpty)
    }

    /// Expands placeholders in `raw`, reporting each problem at `position`.
    func expand(_ raw: String, path: String, at position: SourcePosition, nonEmpty: Bool = false) -> String? {
        let expansion = templates.expand(raw, suggestingFor: roomForProblems)
        usedPlaceholders.formUnion(expansion.used)
        for problem in expansion.problems {
            report(problem.message, path: path, at: position, hint: problem.hint, count: problem.count)
        }
        guard expansion.problems.isEmpty else { return nil }
        if nonEmpty, expansion.text.isEmpty {
            report("must not be empty", path: path, at: position)
            return nil
        }
        return expansion.text
    }

    /// A string naming one case of `E`; an unknown name is reported with a suggestion.
    func enumeration<E: RawRepresentable & CaseIterable>(_ value: JSONValue, path: String, noun: String) -> E?
    where E.RawValue == String {
        guard let name = string(value, path: path) else { return nil }
        let names = E.allCases.map(\.rawValue)
        return named(name, among: names, path: path, at: value.position, noun: noun).flatMap(E.init(rawValue:))
    }

    /// `name` when it is one of `names`; else reports `unknown <noun> "x"; did you mean "y"?`.
    func named(_ name: String, among names: [String], path: String, at position: SourcePosition, noun: String)
        -> String?
    {
        if names.contains(name) { return name }
        let suggestion = Suggestion.didYouMean(name, among: names)
        report(
            "unknown \(noun) \(JSONText.quoted(name))" + suggestion, path: path, at: position,
            hint: suggestion.isEmpty ? "expected one of: " + names.joined(separator: ", ") : nil)
        return nil
    }

    func array(_ value: JSONValue, path: String, nonEmpty: Bool = false) -> [JSONValue]? {
        record(path, value)
        guard let items = value.arrayValue else {
            wrongType(value, path: path, expected: "an array")
            return nil
        }
        if nonEmpty, items.isEmpty {
            report("must not be empty", path: path, at: value.position)
            return nil
        }
        return items
    }

    /// An object whose keys must all be among `allowed`.
    func object(
        _ value: JSONValue, path: String, allowed: [String],
        unknownKeyHint: ((String) -> String?)? = nil
    ) -> ObjectReader? {
        record(path, value)
        guard let members = value.objectMembers else {
            wrongType(value, path: path, expected: "an object")
            return nil
        }
        return ObjectReader(
            context: self, path: path, value: value, members: members, allowed: allowed,
            unknownKeyHint: unknownKeyHint)
    }
}
