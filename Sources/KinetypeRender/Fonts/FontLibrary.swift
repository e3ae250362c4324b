import CPangoCairo
import Foundation
import KinetypeCore

/// Fonts available to one scene: a private FcConfig with the font files it is given (paths already
/// resolved and confined by the Kinetype loader; each must be a regular file of at most
/// `RegularFile.fontLimit` bytes), then kinetype's own font set (`KinetypeFontSet`) and, only when
/// `systemFonts`, the system font dirs. Without kinetype's set (a program that links the library
/// from elsewhere and sets no `KINETYPE_HOME`), the system font dirs stand in for it. The caller
/// turns a file that cannot be used into a diagnostic (`diagnose`), so this type knows no scene paths.
///
/// The configuration loads no fonts.conf, so no system rule (hinting, aliases, substitutions) can
/// change a render: the same font files always give the same pixels. Immutable after `init`, so one
/// library can be shared by every worker's `FrameRenderer`. Errors are thrown as `DiagnosticList`.
// Unchecked: the fontconfig handle is not Sendable, but it and every other property are immutable after
// `init`, except the answers remembered under the locks of `weightMatches` and `standardizedFiles`.
public final class FontLibrary: @unchecked Sendable {
    /// The private fontconfig configuration (owned).
    let config: FontconfigConfig
    /// Every face in the configuration.
    private let faces: [FaceDescription]
    /// Normalized family name → the name as installed.
    private let familiesByKey: [String: String]
    /// Normalized names of families with a variable face.
    /// Variable families (normalized names), with the `wght` axis defaults of their variable faces.
    private let variableFamilies: [String: Set<Double>]
    /// Standardized absolute path of each added font file → its family name.
    private let fileFamilies: [String: String]
    /// Normalized family name → the files of every face that has it, repeats included
    /// (`fontFiles(ofFamilies:)`).
    let filesByFamily: [String: [String]]
    /// The weight substitutions fontconfig was asked for (`weightSubstitution`): a library serves
    /// every entry of a batch, each of which asks the same.
    let weightMatches = Locked<[WeightRequest: WeightSubstitution?]>([:])
    /// `standardizedFontFiles(ofFamilies:)`'s answers, by the normalized names asked for.
    let standardizedFiles = Locked<[[String]: [String]]>([:])

    /// A `weightSubstitution` question.
    struct WeightRequest: Hashable {
        var family: String
        var weight: Double
        var italic: Bool
    }

    /// System folders searched when `systemFonts` is true (missing ones are skipped). The home
    /// folder is `$HOME`: asking the system's user database could load the host's NSS modules into
    /// the portable bundle's C library.
    public static var systemFontDirectories: [String] {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent"
        return [
            "/usr/share/fonts", "/usr/local/share/fonts", home + "/.fonts", home + "/.local/share/fonts",
            "/System/Library/Fonts", "/Library/Fonts", home + "/Library/Fonts",
        ]
    }

    /// The whole fontconfig configuration: the caches (kinetype's own font set's in `kinetypeCache`,
    /// which comes first so fontconfig writes them there, then the system's shared ones, so system
    /// folders load fast and nothing complains about unwritable caches), the `emoji` family Pango
    /// asks for when it meets emoji (so they come out in color), and fontconfig's own bitmap scaling
    /// rule (so color emoji strikes are scaled to the text size). No other system rules, so renders
    /// stay deterministic.
    static func configuration(kinetypeCache: String?) -> String {
        let kinetypeCacheElement = kinetypeCache.map { "<cachedir>\(xmlEscaped($0))</cachedir>" } ?? ""
        return """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              \(kinetypeCacheElement)
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
    }

    /// The family that stands for a `font.design` when no family is given: Inter (a variable font,
    /// so all nine SwiftUI weights are distinct, as in SF Pro) for `default`, or DejaVu Sans when
    /// Inter is not installed (the loader warns). `rounded` uses the first installed of a few
    /// rounded families and falls back to the default family.
    public func family(for design: FontDesign) -> String {
        switch design {
        case .default: return hasFamily(FontSpec.defaultFamily) ? FontSpec.defaultFamily : FontSpec.fallbackFamily
        case .serif: return "DejaVu Serif"
        case .monospaced: return "DejaVu Sans Mono"
        case .rounded:
            let rounded = [
                "Nunito", "M PLUS Rounded 1c", "Varela Round", "Quicksand", "SF Pro Rounded",
                "Arial Rounded MT Bold",
            ]
            return rounded.first(where: hasFamily) ?? family(for: .default)
        }
    }

    /// `text` as XML character data.
    private static func xmlEscaped(_ text: String) -> String {
        text.map { character in
            switch character {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            default: return String(character)
            }
        }.joined()
    }

    /// A library of font files given by path (no scene): problems are diagnostics without a JSON path.
    public convenience init(
        fontFiles: [URL], systemFonts: Bool, kinetypeFonts: KinetypeFontSet = .shared
    ) throws {
        let files = fontFiles.map { url in
            let path = url.standardizedFileURL.path
            return FontFile(key: path, path: .success(path))
        }
        try self.init(files: files, systemFonts: systemFonts, kinetypeFonts: kinetypeFonts) { problem, index in
            let written = files[index].key
            switch problem {
            case .file(let error):
                return Diagnostic(
                    kind: error.kind, message: "font file \(JSONText.quotedPath(written)) \(error.reason)")
            case .notAFont:
                return Diagnostic(
                    kind: .missingInput, message: FontFileProblem.notAFontMessage(written),
                    hint: FontFileProblem.notAFontHint)
            }
        }
    }

    /// A font file to add: `key` identifies it (the standardized resolved path, as `ResolvedFont.file`
    /// gives it), `path` is the path to hand to fontconfig or why there is none.
    public struct FontFile: Sendable {
        public var key: String
        public var path: Result<String, InputFileError>

        public init(key: String, path: Result<String, InputFileError>) {
            self.key = key
            self.path = path
        }
    }

    /// Why a font file could not be added.
    public enum FontFileProblem: Error, Equatable {
        /// Its path could not be resolved or it is not a readable regular file within the limit.
        case file(InputFileError)
        /// fontconfig cannot read it as a font.
        case notAFont

        /// The message for `.notAFont` about the file as written.
        public static func notAFontMessage(_ written: String) -> String {
            "font file \(JSONText.quotedPath(written)) is not a font file fontconfig can read"
        }
        public static let notAFontHint = "use a TrueType (.ttf) or OpenType (.otf) font file"
    }

    /// Adds `files` (each distinct key once it loaded), then `kinetypeFonts` and, with `systemFonts`
    /// (or when `kinetypeFonts` is missing), the system font folders. Every file that cannot be used
    /// goes through `diagnose` with its index in `files`.
    /// - Throws: `DiagnosticList` of every `diagnose`d problem, in file order.
    public init(
        files: [FontFile], systemFonts: Bool, kinetypeFonts: KinetypeFontSet = .shared,
        diagnose: (FontFileProblem, Int) -> Diagnostic
    ) throws {
        let config = try FontconfigConfig()
        _ = FcConfigParseAndLoadFromMemory(
            config.pointer, Self.configuration(kinetypeCache: kinetypeFonts.cacheFolder), 0)
        var problems: [Diagnostic] = []
        var fileFamilies: [String: String] = [:]
        for (index, file) in files.enumerated() {
            if fileFamilies[file.key] != nil { continue }
            let filePath: String
            do throws(InputFileError) {
                filePath = try file.path.get()
                // fontconfig takes a path: check it is a regular file right before handing it over.
                try RegularFile.check(filePath, limit: RegularFile.fontLimit)
            } catch {
                problems.append(diagnose(.file(error), index))
                continue
            }
            let fileFaces = FontconfigPatterns.queryFile(filePath)
            guard let family = fileFaces.first?.families.first, FcConfigAppFontAddFile(config.pointer, filePath) != 0
            else {
                problems.append(diagnose(.notAFont, index))
                continue
            }
            fileFamilies[file.key] = family
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        let hasKinetypeFonts = kinetypeFonts.add(to: config.pointer)
        if systemFonts || !hasKinetypeFonts {
            for directory in Self.systemFontDirectories where FileManager.default.fileExists(atPath: directory) {
                _ = FcConfigAppFontAddDir(config.pointer, directory)
            }
        }
        _ = FcConfigBuildFonts(config.pointer)
        self.config = config
        self.fileFamilies = fileFamilies

        var faces: [FaceDescription] = []
        var familiesByKey: [String: String] = [:]
        var variableFamilies: [String: Set<Double>] = [:]
        var filesByFamily: [String: [String]] = [:]
        for set in [FcSetSystem, FcSetApplication] {
            for pattern in FontconfigPatterns.patterns(of: FcConfigGetFonts(config.pointer, set)) {
                let face = FaceDescription(pattern: pattern)
                faces.append(face)
                let files = FontconfigPatterns.strings(pattern, FC_FILE)
                for family in face.families {
                    let key = FamilySuggestions.normalized(family)
                    if familiesByKey[key] == nil { familiesByKey[key] = family }
                    if face.isVariable {
                        variableFamilies[key, default: []].formUnion(face.defaultWeightAxis.map { [$0] } ?? [])
                    }
                    filesByFamily[key, default: []].append(contentsOf: files)
                }
            }
        }
        self.faces = faces
        self.familiesByKey = familiesByKey
        self.variableFamilies = variableFamilies
        self.filesByFamily = filesByFamily
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

    /// The family's name as installed (`"dejavu sans"` → `"DejaVu Sans"`); the name itself when unknown.
    public func installedName(of name: String) -> String {
        familiesByKey[FamilySuggestions.normalized(name)] ?? name
    }

    /// Whether the family has a variable face, so weights go to its `wght` axis.
    public func isVariableFamily(_ family: String) -> Bool { isVariable(family: family) }

    /// Whether the family has a variable face, so weights go to its `wght` axis.
    func isVariable(family: String) -> Bool {
        variableFamilies[FamilySuggestions.normalized(family)] != nil
    }

    /// The `wght` axis defaults of the family's variable faces (400 for Inter).
    func weightAxisDefaults(family: String) -> Set<Double> {
        variableFamilies[FamilySuggestions.normalized(family)] ?? []
    }

    /// The family name of a font file added to this library, by its resolved path.
    public func family(ofFile path: String) -> String? {
        fileFamilies[URL(fileURLWithPath: path).standardizedFileURL.path]
    }

    /// The family a resolved font lays out with: its file's family, its family, or its design's.
    func familyName(for font: ResolvedFont) throws -> String {
        if let file = font.file {
            guard let family = family(ofFile: file) else {
                throw DiagnosticList([
                    Diagnostic(
                        kind: .missingInput,
                        message: "font file \(JSONText.quotedPath(file)) is not one of the scene's fonts",
                        hint: "create the FontLibrary from the scene that uses it")
                ])
            }
            return family
        }
        return font.family ?? family(for: font.design)
    }

    /// Up to three installed families closest to `family` (for "did you mean"); empty when none is close.
    /// Near spellings come first (a typo), then installed families of the same kind, as
    /// fontconfig's rules would substitute them (`FamilyKinds`), then the nearest other names.
    public func closestFamilies(to family: String) -> [String] {
        let installed = Array(Set(familiesByKey.values))
        let nearest = FamilySuggestions.closest(to: family, in: installed)
        // A near spelling of another kind ("Noto Sans Georgian" for the serif Georgia) is not a typo.
        let kind = FamilyKinds.namedKind(of: family)
        let typos = nearest.filter { candidate in
            guard FamilySuggestions.isNearSpelling(candidate, of: family) else { return false }
            guard let kind, let other = FamilyKinds.namedKind(of: candidate) else { return true }
            return kind == other
        }
        let kin = FamilyKinds.sameKind(as: family) { familiesByKey[FamilySuggestions.normalized($0)] }
        var seen = Set<String>()
        return (typos + kin + nearest).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }

    /// Whether any family is installed at all.
    public var hasFamilies: Bool { !familiesByKey.isEmpty }
}
