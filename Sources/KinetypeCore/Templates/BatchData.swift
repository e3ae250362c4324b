import Foundation

/// One entry of a batch data file: one output with its own placeholder values.
public struct BatchEntry: Equatable, Sendable {
    /// The `"output"` name, checked to be a plain file name; nil when the entry has none.
    public var outputName: String?
    /// Placeholder values: every other key of the entry (numbers kept as written).
    public var values: [String: String]
    /// The `"layoutDirection"` of this output, replacing the template's `canvas.layoutDirection`;
    /// nil when the entry has none.
    public var layoutDirection: LayoutDirection?
    /// Where the entry's object starts in the data file.
    public var position: SourcePosition
    /// Where the entry's `"output"` value starts; nil when the entry has none.
    public var outputPosition: SourcePosition?
    /// The appearances to render the entry in (`"colorScheme": "dark"` or `"light,dark"`); nil
    /// when the entry has none (`--color-scheme`, else the template's own).
    public var colorSchemes: [ColorScheme]?
    /// The `"locale"` the output is for (`"ar"`, `"pt-BR"`), which app resources are sorted by;
    /// nil when the entry has none.
    public var locale: String?

    public init(
        outputName: String?, values: [String: String], layoutDirection: LayoutDirection? = nil,
        position: SourcePosition, colorSchemes: [ColorScheme]? = nil, outputPosition: SourcePosition? = nil
    ) {
        self.outputName = outputName
        self.values = values
        self.layoutDirection = layoutDirection
        self.position = position
        self.colorSchemes = colorSchemes
        self.outputPosition = outputPosition
    }
}

/// Reads batch data files: a JSON array of objects, each one output.
public enum BatchData {
    /// The entry key that names the entry's appearances instead of a placeholder value.
    public static let colorSchemeKey = "colorScheme"
    /// The entry key that sets the entry's layout direction instead of a placeholder value.
    public static let layoutDirectionKey = "layoutDirection"
    /// The entry key that names the entry's locale (a BCP 47 language tag: a language, optionally
    /// with a script and a region).
    public static let localeKey = "locale"

    /// Decodes a batch data file; throws a `DiagnosticList` with every problem found.
    ///
    /// Values are strings or numbers (kept as written, `2.40` stays "2.40"). An `"output"` name
    /// must be a plain file name: not empty, no `/` or `\`, not `.` or `..`, and unique in the file.
    /// A `"layoutDirection"` is not a placeholder: it sets the output's layout direction
    /// (`leftToRight`, `rightToLeft` or `auto`). Nor is `"colorScheme"`: it names the entry's
    /// appearances (`light`, `dark` or `light,dark`); nor `"locale"` (`ar`, `pt-BR`): the locale an
    /// app shows the output in, by which `--android-res` sorts it.
    public static func decode(_ data: Data, fileName: String) throws -> [BatchEntry] {
        let root = try JSONParser.parse(data, fileName: fileName, document: .batchData)
        let context = DecodingContext(fileName: fileName)
        guard let items = context.array(root, path: "") else { throw DiagnosticList(context.reportedDiagnostics) }
        var entries: [BatchEntry] = []
        var firstUse: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let path = DecodingPath.index("", index)
            guard let members = item.objectMembers else {
                context.wrongType(item, path: path, expected: "an object of placeholder values")
                continue
            }
            var entry = BatchEntry(outputName: nil, values: [:], position: item.position)
            for member in members {
                let memberPath = DecodingPath.member(path, member.key)
                let text: String
                switch member.value.kind {
                case .string(let string): text = string
                case .number(let number): text = number.literal
                default:
                    context.wrongType(member.value, path: memberPath, expected: "a string or a number")
                    continue
                }
                if member.key == layoutDirectionKey {
                    entry.layoutDirection = layoutDirection(member.value, text: text, path: memberPath, in: context)
                    continue
                }
                if member.key == localeKey {
                    if isLocale(text) {
                        entry.locale = text
                    } else {
                        context.report(
                            "\(JSONText.quoted(text)) is not a locale", path: memberPath, at: member.value.position,
                            hint: "write a BCP 47 language tag: a language, optionally a script and a region, "
                                + "e.g. \"ar\", \"pt-BR\", \"es-419\" or \"zh-Hant-TW\"")
                    }
                    continue
                }
                if member.key == colorSchemeKey {
                    if let schemes = ColorScheme.list(parsing: text) {
                        entry.colorSchemes = schemes
                    } else {
                        let suggestion = Suggestion.didYouMean(text, among: ColorScheme.allCases.map(\.rawValue))
                        context.report(
                            "unknown color scheme \(JSONText.quoted(text))" + suggestion, path: memberPath,
                            at: member.value.position,
                            hint: "write \"light\", \"dark\" or \"light,dark\" (both, named name and name-dark)")
                    }
                    continue
                }
                guard member.key == "output" else {
                    entry.values[member.key] = text
                    continue
                }
                if let problem = outputNameProblem(text) {
                    context.report(
                        problem, path: memberPath, at: member.value.position,
                        hint: "an output name is a file name without a folder, e.g. \"notes-en\"")
                } else if let first = firstUse[text] {
                    context.report(
                        "duplicate output name \(JSONText.quoted(text)); it is already used by \(first)",
                        path: memberPath, at: member.value.position)
                } else {
                    firstUse[text] = path
                    entry.outputName = text
                    entry.outputPosition = member.value.position
                }
            }
            entries.append(entry)
        }
        guard context.diagnostics.isEmpty else { throw DiagnosticList(context.reportedDiagnostics) }
        return entries
    }

    /// An entry's `"layoutDirection"`: one of the `LayoutDirection` names, reported at its position.
    private static func layoutDirection(
        _ value: JSONValue, text: String, path: String, in context: DecodingContext
    ) -> LayoutDirection? {
        guard value.stringValue != nil else {
            context.wrongType(value, path: path, expected: "a layout direction string")
            return nil
        }
        let names = LayoutDirection.allCases.map(\.rawValue)
        return context.named(text, among: names, path: path, at: value.position, noun: "layout direction")
            .flatMap(LayoutDirection.init(rawValue:))
    }

    /// A BCP 47 language tag of a language (2 or 3 lowercase letters), optionally a script (4
    /// letters, the first uppercase) and optionally a region (2 uppercase letters or 3 digits):
    /// `ar`, `de`, `pt-BR`, `es-419`, `zh-Hant`, `zh-Hant-TW`, `sr-Latn-RS`.
    public static func isLocale(_ text: String) -> Bool {
        localeParts(text) != nil
    }

    /// The language, script and region of a locale `isLocale` takes, or nil.
    public static func localeParts(_ text: String) -> (language: String, script: String?, region: String?)? {
        var parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard (1...3).contains(parts.count), (2...3).contains(parts[0].count),
            parts[0].allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return nil }
        let language = parts.removeFirst()
        var script: String?
        if let first = parts.first, first.count == 4, first.allSatisfy({ $0.isASCII && $0.isLetter }),
            first.first!.isUppercase, first.dropFirst().allSatisfy(\.isLowercase)
        {
            script = parts.removeFirst()
        }
        var region: String?
        if let first = parts.first,
            first.count == 2 && first.allSatisfy({ $0.isASCII && $0.isUppercase })
                || first.count == 3 && first.allSatisfy({ $0.isASCII && $0.isNumber })
        {
            region = parts.removeFirst()
        }
        return parts.isEmpty ? (language, script, region) : nil
    }

    /// Why `name` cannot be an output file name, or nil when it can.
    static func outputNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "an output name must not be empty" }
        if name.contains("/") || name.contains("\\") {
            return "output name \(JSONText.quoted(name)) must not contain a path separator"
        }
        if name == "." || name == ".." { return "output name \(JSONText.quoted(name)) is not a file name" }
        // Hidden names are kinetype's own (the `.kinetype` fingerprint folder, temporary files).
        if name.hasPrefix(".") { return "output name \(JSONText.quoted(name)) must not start with \".\"" }
        if name.unicodeScalars.contains(where: isInvisible) {
            return
                "output name \(JSONText.quoted(name)) must not contain control, format or separator characters (such as U+007F, bidi overrides, zero-width spaces)"
        }
        return nil
    }

    /// Control (Cc), format (Cf: bidi controls, zero-width characters) and line/paragraph separator
    /// characters: invisible or reordering in file listings, so refused in output names.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
