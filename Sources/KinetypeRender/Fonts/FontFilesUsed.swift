import CPangoCairo
import Foundation
import KinetypeCore

extension FontLibrary {
    /// The font files behind every family and file a scene's text names (its layers, spans and
    /// designs), sorted by path: what golden sets hash, so a font upgrade is reported as such.
    /// Fallback faces Pango picks for glyphs a family lacks are not included.
    public func fontFiles(usedBy scene: Scene) -> [URL] {
        var families = Set<String>()
        var files = Set<String>(scene.fonts.map { scene.resolve(path: $0).standardizedFileURL.path })
        func add(_ font: FontSpec?) {
            guard let font else { return }
            if let file = font.file {
                files.insert(scene.resolve(path: file).standardizedFileURL.path)
            } else if let family = font.family {
                families.insert(FamilySuggestions.normalized(family))
            } else if let design = font.design {
                families.insert(FamilySuggestions.normalized(family(for: design)))
            }
        }
        for layer in scene.layers {
            guard let text = layer.text else { continue }
            if text.font.file == nil && text.font.family == nil {
                families.insert(FamilySuggestions.normalized(family(for: text.font.design ?? .default)))
            }
            add(text.font)
            text.spans?.forEach { add($0.font) }
        }
        for set in [FcSetSystem, FcSetApplication] {
            for pattern in FontconfigPatterns.patterns(of: FcConfigGetFonts(config.pointer, set)) {
                let names = FontconfigPatterns.strings(pattern, FC_FAMILY).map(FamilySuggestions.normalized)
                guard names.contains(where: families.contains) else { continue }
                files.formUnion(FontconfigPatterns.strings(pattern, FC_FILE))
            }
        }
        return files.sorted().map { URL(fileURLWithPath: $0) }
    }
}
