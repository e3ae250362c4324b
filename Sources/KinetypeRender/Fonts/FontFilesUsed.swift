import CPangoCairo
import Foundation
import KinetypeCore

extension FontLibrary {
    /// The files of every face of these families (compared like fontconfig: ignoring case and
    /// blanks), as fontconfig lists them: what golden sets hash, so a font upgrade is reported as
    /// such. The Kinetype loader adds the files a scene names itself.
    public func fontFiles(ofFamilies names: [String]) -> Set<String> {
        let families = Set(names.map(FamilySuggestions.normalized))
        var files = Set<String>()
        for set in [FcSetSystem, FcSetApplication] {
            for pattern in FontconfigPatterns.patterns(of: FcConfigGetFonts(config.pointer, set)) {
                let names = FontconfigPatterns.strings(pattern, FC_FAMILY).map(FamilySuggestions.normalized)
                guard names.contains(where: families.contains) else { continue }
                files.formUnion(FontconfigPatterns.strings(pattern, FC_FILE))
            }
        }
        return files
    }
}
