import CPangoCairo
import Foundation
import KinetypeCore

/// Fonts available to one scene: a private FcConfig with the scene's `fonts` files (resolved with
/// `scene.inputPath(_:)`, so confined to the scene's root; each must be a regular file of at most
/// `RegularFile.fontLimit` bytes) and, when `scene.systemFonts`, the system font dirs. A missing,
/// unreadable or refused font file is a Diagnostic at its path (`fonts[i]`, `layers[i].font.file`).
///
/// The configuration loads no fonts.conf, so no system rule (hinting, aliases, substitutions) can
/// change a render: the same font files always give the same pixels. Immutable after `init`, so one
/// library can be shared by every worker's `FrameRenderer`. Errors are thrown as `DiagnosticList`.
public final class FontLibrary: @unchecked Sendable {
    /// The private fontconfig configuration (owned).
    let config: FontconfigConfig
    /// Every face in the configuration.
    private let faces: [FaceDescription]
    /// Normalized family name → the name as installed.
    private let familiesByKey: [String: String]
    /// Normalized names of families with a variable face.
    private let variableFamilies: Set<String>
    /// Standardized absolute path of each added font file → its family name.
    private let fileFamilies: [String: String]

    /// System folders searched when `systemFonts` is true (missing ones are skipped).
    public static var systemFontDirectories: [String] {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return ["/usr/share/fonts", "/usr/local/share/fonts", home + "/.fonts", home + "/.local/share/fonts",
                "/System/Library/Fonts", "/Library/Fonts", home + "/Library/Fonts"]
    }

    /// The whole fontconfig configuration: the shared caches (so system folders load fast and
    /// nothing complains about unwritable caches), the `emoji` family Pango asks for when it meets
    /// emoji (so they come out in color), and fontconfig's own bitmap scaling rule (so color emoji
    /// strikes are scaled to the text size). No other system rules, so renders stay deterministic.
    static let configuration = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <cachedir>/var/cache/fontconfig</cachedir>
          <cachedir prefix="xdg">fontconfig</cachedir>
          <alias binding="same">
            <family>emoji</family>
            <prefer><family>Noto Color Emoji</family><family>Apple Color Emoji</family><family>Twemoji</family></prefer>
          </alias>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double>
                        <double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

    /// The family that stands for a `font.design` when no family is given. `rounded` uses the first
    /// installed of a few rounded families and falls back to the default family.
    public func family(for design: FontDesign) -> String {
        switch design {
        case .default: return FontSpec.defaultFamily
        case .serif: return "DejaVu Serif"
        case .monospaced: return "DejaVu Sans Mono"
        case .rounded:
            let rounded = ["Nunito", "M PLUS Rounded 1c", "Varela Round", "Quicksand", "SF Pro Rounded",
                           "Arial Rounded MT Bold"]
            return rounded.first(where: hasFamily) ?? FontSpec.defaultFamily
        }
    }

    public convenience init(scene: Scene) throws {
        var files: [FontFileEntry] = []
        func add(_ file: String, at jsonPath: String) {
            files.append(FontFileEntry(key: scene.resolve(path: file).standardizedFileURL.path,
                                       open: Result { () throws(InputFileError) in try scene.inputPath(file) },
                                       jsonPath: jsonPath, written: file))
        }
        for (i, font) in scene.fonts.enumerated() { add(font, at: "fonts[\(i)]") }
        for (i, layer) in scene.layers.enumerated() {
            guard let text = layer.text else { continue }
            if let file = text.font.file { add(file, at: "layers[\(i)].font.file") }
            for (j, span) in (text.spans ?? []).enumerated() {
                if let file = span.font?.file { add(file, at: "layers[\(i)].spans[\(j)].font.file") }
            }
        }
        try self.init(files: files, systemFonts: scene.systemFonts) { error, file in
            scene.diagnostic(error, what: "font file", file: file.written, at: file.jsonPath)
        }
    }

    public convenience init(fontFiles: [URL], systemFonts: Bool) throws {
        let files = fontFiles.enumerated().map { index, url in
            let path = url.standardizedFileURL.path
            return FontFileEntry(key: path, open: .success(path), jsonPath: "fonts[\(index)]", written: path)
        }
        try self.init(files: files, systemFonts: systemFonts) { error, file in
            Diagnostic(kind: error.kind, message: "font file \(JSONText.quotedPath(file.written)) \(error.reason)")
        }
    }

    /// A font file a scene names: `key` identifies it (the standardized path), `open` is the path
    /// to hand to fontconfig (confined to the scene's root) or why there is none.
    private struct FontFileEntry {
        var key: String
        var open: Result<String, InputFileError>
        var jsonPath: String
        var written: String
    }

    private init(files: [FontFileEntry], systemFonts: Bool,
                 diagnose: (InputFileError, FontFileEntry) -> Diagnostic) throws {
        let config = try FontconfigConfig()
        _ = FcConfigParseAndLoadFromMemory(config.pointer, Self.configuration, 0)
        var problems: [Diagnostic] = []
        var fileFamilies: [String: String] = [:]
        for file in files {
            if fileFamilies[file.key] != nil { continue }
            let filePath: String
            do throws(InputFileError) {
                filePath = try file.open.get()
                // fontconfig takes a path: check it is a regular file right before handing it over.
                try RegularFile.check(filePath, limit: RegularFile.fontLimit)
            } catch {
                problems.append(diagnose(error, file))
                continue
            }
            let fileFaces = FontconfigPatterns.queryFile(filePath)
            guard let family = fileFaces.first?.families.first, FcConfigAppFontAddFile(config.pointer, filePath) != 0 else {
                var problem = diagnose(.missing, file)
                problem.message = "font file \(JSONText.quotedPath(file.written)) is not a font file fontconfig can read"
                problem.hint = "use a TrueType (.ttf) or OpenType (.otf) font file"
                problems.append(problem)
                continue
            }
            fileFamilies[file.key] = family
        }
        if systemFonts {
            for directory in Self.systemFontDirectories where FileManager.default.fileExists(atPath: directory) {
                _ = FcConfigAppFontAddDir(config.pointer, directory)
            }
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        _ = FcConfigBuildFonts(config.pointer)
        self.config = config
        self.fileFamilies = fileFamilies

        var faces: [FaceDescription] = []
        for set in [FcSetSystem, FcSetApplication] {
            faces += FontconfigPatterns.patterns(of: FcConfigGetFonts(config.pointer, set)).map(FaceDescription.init(pattern:))
        }
        self.faces = faces
        var familiesByKey: [String: String] = [:]
        var variableFamilies = Set<String>()
        for face in faces {
            for family in face.families {
                let key = FamilySuggestions.normalized(family)
                if familiesByKey[key] == nil { familiesByKey[key] = family }
                if face.isVariable { variableFamilies.insert(key) }
            }
        }
        self.familiesByKey = familiesByKey
        self.variableFamilies = variableFamilies
    }

    /// Families with their styles/weights, sorted, for `kinetype fonts`.
    public func families() -> [FontFamilyInfo] {
        var styles: [String: [(width: Double, slant: Int32, weight: Double, name: String)]] = [:]
        var variable: [String: Bool] = [:]
        for face in faces {
            for (index, family) in face.families.enumerated() {
                let style = index < face.styles.count ? face.styles[index] : (face.styles.first ?? "Regular")
                styles[family, default: []].append((abs(face.width - 100), face.slant, face.weight, style))
                variable[family] = (variable[family] ?? false) || face.isVariable
            }
        }
        return styles.keys.sorted { $0.lowercased() < $1.lowercased() }.map { family in
            var seen = Set<String>()
            let ordered = styles[family]!.sorted {
                ($0.width, $0.slant, $0.weight, $0.name) < ($1.width, $1.slant, $1.weight, $1.name)
            }
                .map(\.name).filter { seen.insert($0).inserted }
            return FontFamilyInfo(name: family, styles: ordered, isVariable: variable[family] ?? false)
        }
    }

    /// Whether a family (compared like fontconfig: ignoring case and blanks) is installed.
    public func hasFamily(_ name: String) -> Bool {
        familiesByKey[FamilySuggestions.normalized(name)] != nil
    }

    /// Whether the family has a variable face, so weights go to its `wght` axis.
    func isVariable(family: String) -> Bool {
        variableFamilies.contains(FamilySuggestions.normalized(family))
    }

    /// The family name of a font file added to this library.
    func family(ofFile path: String) -> String? {
        fileFamilies[URL(fileURLWithPath: path).standardizedFileURL.path]
    }

    /// The family a resolved font lays out with: its file's family, its family, or its design's.
    func familyName(for font: ResolvedFont) throws -> String {
        if let file = font.file {
            guard let family = family(ofFile: file) else {
                throw DiagnosticList([Diagnostic(kind: .missingInput, message: "font file \(JSONText.quotedPath(file)) is not one of the scene's fonts",
                                                 hint: "create the FontLibrary from the scene that uses it")])
            }
            return family
        }
        return font.family ?? family(for: font.design)
    }

    /// Checks every family/file the scene's text layers and spans name; an unknown family is a
    /// Diagnostic (`.invalidScene`) at `layers[i].font.family` (or the span's path) naming the closest
    /// installed families; never a silent fallback. Throws `DiagnosticList`.
    public func validate(scene: Scene) throws {
        var problems: [Diagnostic] = []
        func check(_ font: FontSpec?, at path: String, inheritsFamily: Bool) {
            guard let font else { return }
            if let file = font.file {
                if family(ofFile: scene.resolve(path: file).path) == nil {
                    problems.append(scene.source.diagnostic(at: path + ".file", "font file \(JSONText.quotedPath(file)) is not loaded",
                                                            hint: "font paths are relative to the scene file's folder",
                                                            kind: .missingInput))
                }
            } else if let family = font.family {
                if !hasFamily(family) { problems.append(unknownFamily(family, at: path + ".family", scene: scene)) }
            } else if !inheritsFamily {
                let designFamily = self.family(for: font.design ?? .default)
                if !hasFamily(designFamily) {
                    problems.append(scene.source.diagnostic(
                        at: path, "the default font family \"\(designFamily)\" is not available",
                        hint: scene.systemFonts ? "install it (fonts-dejavu-core) or set font.family or font.file"
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

    private func unknownFamily(_ family: String, at path: String, scene: Scene) -> Diagnostic {
        let installed = Array(Set(familiesByKey.values))
        let closest = FamilySuggestions.closest(to: family, in: installed)
        let names = closest.map(JSONText.quoted).joined(separator: ", ")
        let message = installed.isEmpty ? "unknown font family \(JSONText.quoted(family)); no fonts are installed"
            : closest.isEmpty ? "unknown font family \(JSONText.quoted(family))"
            : "unknown font family \(JSONText.quoted(family)); closest installed families: \(names)"
        let hint = scene.systemFonts ? "run `kinetype fonts` to list the installed families, or add the font file to `fonts`"
            : "systemFonts is false: only the scene's `fonts` files are available"
        return scene.source.diagnostic(at: path, message, hint: hint)
    }
}
