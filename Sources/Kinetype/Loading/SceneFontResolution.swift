import Foundation
import KinetypeRender

/// The loader's font stage: resolves every font file the scene names (`fonts[i]`,
/// `layers[i].font.file`, `layers[i].spans[j].font.file`) against its folder and root, builds the
/// scene's `FontLibrary` from them, then checks every family, file and design its text asks for.
/// Every problem is a diagnostic at its JSON path; Render receives resolved files only.
enum SceneFontResolution {
    /// The scene's font library: its font files plus, unless `systemFonts` is false, the system's.
    /// - Throws: `DiagnosticList` with every font file that cannot be used, in scene order.
    static func library(for scene: Scene) throws -> FontLibrary {
        var files: [FontLibrary.FontFile] = []
        var named: [(written: String, jsonPath: String)] = []
        func add(_ file: String, at jsonPath: String) {
            files.append(
                FontLibrary.FontFile(
                    key: scene.resolve(path: file).standardizedFileURL.path,
                    path: Result { () throws(InputFileError) in try scene.inputPath(file) }))
            named.append((file, jsonPath))
        }
        for (i, font) in scene.fonts.enumerated() { add(font, at: "fonts[\(i)]") }
        for (i, layer) in scene.layers.enumerated() {
            guard let text = layer.text else { continue }
            if let file = text.font.file { add(file, at: "layers[\(i)].font.file") }
            for (j, span) in (text.spans ?? []).enumerated() {
                if let file = span.font?.file { add(file, at: "layers[\(i)].spans[\(j)].font.file") }
            }
        }
        return try FontLibrary(files: files, systemFonts: scene.systemFonts) { problem, index in
            let (written, jsonPath) = named[index]
            switch problem {
            case .file(let error):
                return scene.diagnostic(error, what: "font file", file: written, at: jsonPath)
            case .notAFont:
                return scene.source.diagnostic(
                    at: jsonPath, FontLibrary.FontFileProblem.notAFontMessage(written),
                    hint: FontLibrary.FontFileProblem.notAFontHint, kind: .missingInput)
            }
        }
    }

    /// Checks every family/file the scene's text layers and spans name; an unknown family is a
    /// Diagnostic (`.invalidScene`) at `layers[i].font.family` (or the span's path) naming the
    /// closest installed families; never a silent fallback.
    /// - Throws: `DiagnosticList` with every problem.
    static func check(_ scene: Scene, with fonts: FontLibrary) throws {
        var problems: [Diagnostic] = []
        func check(_ font: FontSpec?, at path: String, inheritsFamily: Bool) {
            guard let font else { return }
            if let file = font.file {
                if fonts.family(ofFile: scene.resolve(path: file).path) == nil {
                    problems.append(
                        scene.source.diagnostic(
                            at: path + ".file", "font file \(JSONText.quotedPath(file)) is not loaded",
                            hint: "font paths are relative to the scene file's folder",
                            kind: .missingInput))
                }
            } else if let family = font.family {
                if !fonts.hasFamily(family) {
                    problems.append(unknownFamily(family, at: path + ".family", scene: scene, fonts: fonts))
                }
            } else if !inheritsFamily {
                let designFamily = fonts.family(for: font.design ?? .default)
                if !fonts.hasFamily(designFamily) {
                    problems.append(
                        scene.source.diagnostic(
                            at: path, "the default font family \"\(designFamily)\" is not available",
                            hint: scene.systemFonts
                                ? "install it (fonts-dejavu-core) or set font.family or font.file"
                                : "systemFonts is false: set font.file or font.family to one of the scene's fonts"))
                }
            }
        }
        for (i, layer) in scene.layers.enumerated() {
            guard let text = layer.text else { continue }
            check(text.font, at: "layers[\(i)].font", inheritsFamily: false)
            for (j, span) in (text.spans ?? []).enumerated() {
                check(span.font, at: "layers[\(i)].spans[\(j)].font", inheritsFamily: true)
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
    }

    /// The font files behind every family and file a scene's text names (its layers, spans and
    /// designs), sorted by path: what golden sets hash. Fallback faces Pango picks for glyphs a
    /// family lacks are not included.
    static func fontFiles(usedBy scene: Scene, in fonts: FontLibrary) -> [URL] {
        var families: [String] = []
        var files = Set<String>(scene.fonts.map { scene.resolve(path: $0).standardizedFileURL.path })
        func add(_ font: FontSpec?) {
            guard let font else { return }
            if let file = font.file {
                files.insert(scene.resolve(path: file).standardizedFileURL.path)
            } else if let family = font.family {
                families.append(family)
            } else if let design = font.design {
                families.append(fonts.family(for: design))
            }
        }
        for layer in scene.layers {
            guard let text = layer.text else { continue }
            if text.font.file == nil && text.font.family == nil {
                families.append(fonts.family(for: text.font.design ?? .default))
            }
            add(text.font)
            for span in text.spans ?? [] { add(span.font) }
        }
        return files.union(fonts.fontFiles(ofFamilies: families)).sorted().map { URL(fileURLWithPath: $0) }
    }

    private static func unknownFamily(_ family: String, at path: String, scene: Scene, fonts: FontLibrary) -> Diagnostic
    {
        let closest = fonts.closestFamilies(to: family)
        let names = closest.map(JSONText.quoted).joined(separator: ", ")
        let message =
            !fonts.hasFamilies
            ? "unknown font family \(JSONText.quoted(family)); no fonts are installed"
            : closest.isEmpty
                ? "unknown font family \(JSONText.quoted(family))"
                : "unknown font family \(JSONText.quoted(family)); closest installed families: \(names)"
        let hint =
            scene.systemFonts
            ? "run `kinetype fonts` to list the installed families, or add the font file to `fonts`"
            : "systemFonts is false: only the scene's `fonts` files are available"
        return scene.source.diagnostic(at: path, message, hint: hint)
    }
}
