import Foundation
import KinetypeRender

/// The loader's font stage: resolves every font file the scene names (`fonts[i]`,
/// `layers[i].font.file`, `layers[i].spans[j].font.file`) against its folder and root, builds the
/// scene's `FontLibrary` from them, then checks every family, file and design its text asks for.
/// Every problem is a diagnostic at its JSON path; Render receives resolved files only.
enum SceneFontResolution {
    /// The scene's font library: its font files, kinetype's own font set and, when `systemFonts`, the
    /// machine's.
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
        let key = LibraryKey(files: files, systemFonts: scene.systemFonts)
        if let key, let made = madeLibraries.withLock({ $0[key] }) { return made }
        guard let key else { return try makeLibrary(files: files, named: named, scene: scene) }
        // One library made at a time: a batch's workers all start by asking for the same one.
        return try makingLibrary.withLock { _ in
            if let made = madeLibraries.withLock({ $0[key] }) { return made }
            let library = try makeLibrary(files: files, named: named, scene: scene)
            madeLibraries.withLock { made in
                if made.count >= maximumMadeLibraries { made.removeAll() }
                made[key] = library
            }
            return library
        }
    }

    private static func makeLibrary(
        files: [FontLibrary.FontFile], named: [(written: String, jsonPath: String)], scene: Scene
    ) throws -> FontLibrary {
        try FontLibrary(files: files, systemFonts: scene.systemFonts) { problem, index in
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

    /// The font libraries this process made, by what they were made from: a batch's entries (and a
    /// verify's scenes) mostly share their fonts, and making a library reads kinetype's font set and
    /// lists every face. A library is immutable once made, so entries on any thread share it.
    private static let madeLibraries = Locked<[LibraryKey: FontLibrary]>([:])
    private static let maximumMadeLibraries = 16
    /// Held while a library to be kept is made, so that threads asking for the same one wait for it.
    private static let makingLibrary = Locked(())

    /// What a scene's font library is made from: its font files, each by its resolved path and the
    /// file's identity, size and modification time (a file changed since is read again), and whether
    /// the machine's fonts are in it. Nil when a file cannot be used (its problem is reported anew).
    private struct LibraryKey: Hashable {
        var files: [String]
        var systemFonts: Bool

        init?(files: [FontLibrary.FontFile], systemFonts: Bool) {
            var described: [String] = []
            for file in files {
                guard case .success(let path) = file.path else { return nil }
                var status = stat()
                guard stat(path, &status) == 0 else { return nil }
                described.append(
                    "\(file.key)\u{0}\(path)\u{0}\(status.st_dev) \(status.st_ino) \(status.st_size) "
                        + "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
            }
            self.files = described
            self.systemFonts = systemFonts
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
            } else if let list = font.familyList {
                if chosenFamily(from: list, in: fonts) == nil {
                    problems.append(noFamilyInstalled(list, at: path + ".family", scene: scene, fonts: fonts))
                }
            } else if !inheritsFamily {
                let designFamily = fonts.family(for: font.design ?? .default)
                if !fonts.hasFamily(designFamily) {
                    problems.append(
                        scene.source.diagnostic(
                            at: path, "the default font family \"\(designFamily)\" is not available",
                            hint: "set font.family or font.file; kinetype's own fonts, which have it, are missing "
                                + "(\(KinetypeFontSet.shared.folder.path))"))
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

    /// The family a `font.family` list stands for: its first installed family, or the family of its
    /// generic family (which is always there); nil when none is installed.
    static func chosenFamily(from list: [String], in fonts: FontLibrary) -> String? {
        for name in list {
            if let generic = GenericFamily(named: name) { return fonts.family(for: generic.design) }
            if fonts.hasFamily(name) { return fonts.installedName(of: name) }
        }
        return nil
    }

    /// The scene with every `font.family` list replaced by the family it stands for, so the
    /// timeline and the renderer see one family. Lists with no installed family are left as they
    /// are (`check` reports them).
    static func resolvingFamilyLists(_ scene: Scene, with fonts: FontLibrary) -> Scene {
        func resolve(_ font: inout FontSpec) {
            guard let list = font.familyList, let family = chosenFamily(from: list, in: fonts) else { return }
            font.family = family
        }
        var resolved = scene
        for i in resolved.layers.indices {
            guard case .text(var text) = resolved.layers[i].content else { continue }
            resolve(&text.font)
            for j in (text.spans ?? []).indices {
                if text.spans![j].font != nil { resolve(&text.spans![j].font!) }
            }
            resolved.layers[i].content = .text(text)
        }
        return resolved
    }

    private static func noFamilyInstalled(
        _ list: [String], at path: String, scene: Scene, fonts: FontLibrary
    ) -> Diagnostic {
        let written = list.map(JSONText.quoted).joined(separator: ", ")
        var seen = Set<String>()
        let closest = list.flatMap { fonts.closestFamilies(to: $0) }.filter { seen.insert($0).inserted }.prefix(3)
        var message =
            list.count == 1
            ? "font family \(written) is not installed" : "none of the font families \(written) is installed"
        if !closest.isEmpty {
            message += "; closest installed families: " + closest.map(JSONText.quoted).joined(separator: ", ")
        }
        let hint =
            "end the list with a generic family (serif, sans-serif, monospace or rounded), which is always "
            + "available; \(familySources(of: scene))"
        return scene.source.diagnostic(at: path, message, hint: hint)
    }

    /// What the scene will get that it did not ask for, as positioned warnings: the default family
    /// standing in for a missing Inter, a weight a static family lacks (with the face used instead),
    /// and a `font.weight` animation on a static family (it steps between the family's faces).
    static func warnings(_ scene: Scene, with fonts: FontLibrary) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        func family(of font: FontSpec?, base: String) -> String {
            if let file = font?.file, let family = fonts.family(ofFile: scene.resolve(path: file).path) {
                return family
            }
            if let family = font?.family { return family }
            if let design = font?.design { return fonts.family(for: design) }
            return base
        }
        // One fontconfig match per distinct face asked for, however many spans ask for it.
        var substitutions: [String: WeightSubstitution?] = [:]
        func warn(_ family: String, weight: FontWeight, italic: Bool, at path: String) {
            let key = "\(family)\u{0}\(weight.value)\u{0}\(italic)"
            let substitution =
                substitutions[key]
                ?? fonts.weightSubstitution(family: family, weight: weight.value, italic: italic)
            substitutions[key] = substitution
            guard let substitution else { return }
            warnings.append(
                scene.source.warning(
                    at: path,
                    "\(JSONText.quoted(substitution.family)) has no \(describe(weight.value)) face, so its "
                        + "\(substitution.style) face (weight \(FontLibrary.axisValue(substitution.used))) is used instead",
                    hint: "a variable family such as \"\(FontSpec.defaultFamily)\" has every weight; "
                        + "`kinetype fonts` lists the styles of each family"))
        }
        var usesDefault = false
        for (i, layer) in scene.layers.enumerated() {
            guard let text = layer.text else { continue }
            if text.font.file == nil && text.font.family == nil && (text.font.design ?? .default) == .default {
                usesDefault = true
            }
            let base = family(of: text.font, base: fonts.family(for: .default))
            let italic = text.font.italic ?? false
            let weightPath = text.font.weight != nil ? "layers[\(i)].font.weight" : "layers[\(i)].font"
            warn(base, weight: text.font.resolvedWeight, italic: italic, at: weightPath)
            for (j, span) in (text.spans ?? []).enumerated() {
                let spanFamily = family(of: span.font, base: base)
                let weight = span.weight ?? span.font?.weight ?? span.font?.style?.weight
                guard weight != nil || spanFamily != base else { continue }
                let path =
                    span.weight != nil
                    ? "layers[\(i)].spans[\(j)].weight"
                    : span.font?.weight != nil ? "layers[\(i)].spans[\(j)].font.weight" : "layers[\(i)].spans[\(j)]"
                warn(
                    spanFamily, weight: weight ?? text.font.resolvedWeight,
                    italic: span.italic ?? span.font?.italic ?? italic, at: path)
            }
            for (k, animation) in layer.animations.enumerated() {
                let property: AnimatableProperty
                switch animation.kind {
                case .animate(let animate): property = animate.property
                case .keyframes(let keyframes): property = keyframes.property
                case .typewriter: continue
                }
                guard property == .fontWeight, fonts.hasFamily(base), !fonts.isVariableFamily(base) else { continue }
                warnings.append(
                    scene.source.warning(
                        at: "layers[\(i)].animations[\(k)]",
                        "\(JSONText.quoted(fonts.installedName(of: base))) is not a variable font, so its weight "
                            + "jumps from face to face instead of animating smoothly",
                        hint: "animate the weight of a variable family such as \"\(FontSpec.defaultFamily)\""))
            }
        }
        if usesDefault && !fonts.hasFamily(FontSpec.defaultFamily) && fonts.hasFamily(FontSpec.fallbackFamily) {
            warnings.insert(
                Diagnostic(
                    .warning, kind: .missingInput, file: scene.source.fileName,
                    message: "the default font family \"\(FontSpec.defaultFamily)\" is not installed, so text "
                        + "without a family uses \"\(FontSpec.fallbackFamily)\"",
                    hint: "install Inter (Debian: fonts-inter-variable) or set font.family"),
                at: 0)
        }
        return warnings
    }

    /// `ultraLight (100)`, `weight 550`.
    private static func describe(_ weight: Double) -> String {
        let rounded = FontLibrary.axisValue(weight)
        if let name = FontWeight.named.first(where: { abs($0.weight.value - weight) < 0.5 })?.name {
            return "\(name) (\(rounded))"
        }
        return "weight \(rounded)"
    }

    /// The font files behind every family and file a scene's text names (its layers, spans and
    /// designs), sorted by path: what golden sets hash. Fallback faces Pango picks for glyphs a
    /// family lacks are not included.
    static func fontFiles(usedBy scene: Scene, in fonts: FontLibrary) -> [URL] {
        let (files, families) = fontsUsed(by: scene, in: fonts)
        return files.union(fonts.fontFiles(ofFamilies: families)).sorted().map { URL(fileURLWithPath: $0) }
    }

    /// `fontFiles(usedBy:in:)` as standardized paths (`URL.standardizedFileURL`), the families'
    /// files standardized once per library.
    static func standardizedFontFiles(usedBy scene: Scene, in fonts: FontLibrary) -> Set<String> {
        let (files, families) = fontsUsed(by: scene, in: fonts)
        return files.union(fonts.standardizedFontFiles(ofFamilies: families))
    }

    /// The font files a scene names (standardized paths) and the families it uses.
    private static func fontsUsed(by scene: Scene, in fonts: FontLibrary) -> (files: Set<String>, families: [String]) {
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
        return (files, families)
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
        return scene.source.diagnostic(at: path, message, hint: familySources(of: scene))
    }

    /// Where a scene's families come from and how to see them, for a hint about a missing family.
    private static func familySources(of scene: Scene) -> String {
        scene.systemFonts
            ? "run `kinetype fonts \(CommandLineOption.systemFonts.flag)` to list the families, or add the font "
                + "file to `fonts`"
            : "run `kinetype fonts` to list the families, add the font file to `fonts`, or allow this "
                + "machine's fonts with \"systemFonts\": true (renders then differ between machines)"
    }
}
