import Foundation

/// Reads scene files (format version 1, see SCENE-FORMAT.md) into validated `Scene` values.
public enum SceneDecoder {
    /// Decodes and validates a scene; throws DiagnosticList with every problem found.
    ///
    /// `{{name}}` placeholders in string values are expanded first, from the scene's `vars`
    /// overridden by `overrides` (batch data, then `--set`). `vars` values are strings, or numbers
    /// kept as written (`2.40` inserts "2.40"); anything else is an error. Values are inserted as
    /// plain text and never expanded again. The returned scene's `vars` are the scene's own, and its
    /// `source` maps every decoded JSON path to its position in the file.
    ///
    /// `colorScheme` (from `--color-scheme` or batch data) wins over `canvas.colorScheme`; every
    /// light/dark color and system color is resolved for the resulting appearance while decoding.
    ///
    /// `parsed`: where a batch keeps its template parsed between entries (nil parses anew).
    public static func decode(
        _ data: Data, fileName: String, baseDirectory: URL,
        overrides: [String: String] = [:], colorScheme: ColorScheme? = nil, parsed: ParsedDocuments? = nil
    ) throws -> Scene {
        var valueCount = 0
        let root =
            try parsed?.parse(data, fileName: fileName, valueLimit: ContentLimits.jsonValues, valueCount: &valueCount)
            ?? JSONParser.parse(data, fileName: fileName, valueLimit: ContentLimits.jsonValues, valueCount: &valueCount)
        let context = DecodingContext(fileName: fileName, colorScheme: colorScheme)
        // Most values get a position recorded: room for all of them at once, not grown step by step.
        context.reservePositions(valueCount)
        let scene = context.decodeScene(root, baseDirectory: baseDirectory, overrides: overrides)
        guard let scene, context.diagnostics.isEmpty else {
            var diagnostics = context.reportedDiagnostics
            if diagnostics.isEmpty {
                diagnostics.append(
                    Diagnostic(file: fileName, position: root.position, message: "the scene could not be decoded"))
            }
            throw DiagnosticList(inReadingOrder(diagnostics))
        }
        return scene
    }

    /// Reads the file first; a missing or unreadable file is a `.missingInput` Diagnostic.
    ///
    /// `displayName` is the name shown in messages (default: the path as given); relative paths
    /// in the scene resolve against the file's folder.
    public static func decode(
        contentsOf url: URL, displayName: String? = nil,
        overrides: [String: String] = [:], colorScheme: ColorScheme? = nil
    ) throws -> Scene {
        let name = displayName ?? url.relativePath
        let data: Data
        do throws(InputFileError) {
            data = try RegularFile.read(url.path, limit: RegularFile.documentLimit)
        } catch .missing {
            throw DiagnosticList([
                Diagnostic(
                    kind: .missingInput, file: name, message: "no such scene file",
                    hint: "check the path; it is relative to the current folder")
            ])
        } catch .notRegular("a folder") {
            throw DiagnosticList([Diagnostic(kind: .missingInput, file: name, message: "is a folder, not a scene file")]
            )
        } catch .unreadable(let reason) {
            throw DiagnosticList([
                Diagnostic(
                    kind: .missingInput, file: name, message: "the scene file cannot be read (\(reason))",
                    hint: "check the file's permissions")
            ])
        } catch {
            throw DiagnosticList([Diagnostic(kind: error.kind, file: name, message: "the scene file \(error.reason)")])
        }
        return try decode(
            data, fileName: name, baseDirectory: url.deletingLastPathComponent(), overrides: overrides,
            colorScheme: colorScheme)
    }

    /// Diagnostics ordered by their place in the file (stable for equal places).
    private static func inReadingOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let left = a.element.position.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let right = b.element.position.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}

extension DecodingContext {
    func decodeScene(_ root: JSONValue, baseDirectory: URL, overrides: [String: String]) -> Scene? {
        guard let object = object(root, path: "", allowed: FormatKeys.scene) else { return nil }
        // Placeholders may appear in any string, so the variables come first.
        let vars = object["vars"].map { decodeVars($0, path: "vars") } ?? [:]
        templates = TemplateExpander(vars: vars, overrides: overrides)

        _ = object.string("$schema")
        if let version = object.integer("version", nil), version != 1 {
            report(
                "unsupported version \(version)", path: "version", at: object["version"]?.position,
                hint: "this kinetype reads scene format version 1")
        }
        let canvas = object.required("canvas").flatMap { decodeCanvas($0, path: "canvas") }
        let output = object["output"].flatMap { decodeOutput($0, path: "output") }
        let fonts = object.array("fonts").map { items in
            items.enumerated().compactMap { index, item in
                string(item, path: DecodingPath.index("fonts", index), nonEmpty: true)
            }
        }
        let systemFonts = object.bool("systemFonts")
        let layers = object.required("layers").flatMap { decodeLayers($0, path: "layers") }
        guard let canvas, let layers else { return nil }

        record("", root)
        var scene = Scene(
            canvas: canvas, layers: layers, baseDirectory: baseDirectory,
            source: SourceMap(fileName: fileName, positions: positions))
        if let output { scene.output = output }
        if let fonts { scene.fonts = fonts }
        if let systemFonts { scene.systemFonts = systemFonts }
        scene.vars = vars
        scene.placeholdersUsed = usedPlaceholders
        return scene
    }

    /// `vars`: strings, or numbers kept as written (`2.40` stays "2.40"). Values are inserted
    /// as they are: placeholders inside a var are not expanded.
    func decodeVars(_ value: JSONValue, path: String) -> [String: String] {
        guard let object = object(value, path: path, allowed: value.objectMembers?.map(\.key) ?? []) else { return [:] }
        var vars: [String: String] = [:]
        for member in object.members {
            let memberPath = object.path(member.key)
            record(memberPath, member.value)
            switch member.value.kind {
            case .string(let text): vars[member.key] = text
            case .number(let number): vars[member.key] = number.literal
            default: wrongType(member.value, path: memberPath, expected: "a string or a number")
            }
        }
        return vars
    }

    func decodeOutput(_ value: JSONValue, path: String) -> OutputSettings? {
        guard let object = object(value, path: path, allowed: FormatKeys.output) else { return nil }
        var output = OutputSettings()
        if let loop = object.integer("loop", FormatRanges.loop) { output.loop = loop }
        return output
    }
}
