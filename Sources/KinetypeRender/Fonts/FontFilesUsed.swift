import CPangoCairo
import Foundation
import KinetypeCore

extension FontLibrary {
    /// The files of every face of these families (compared like fontconfig: ignoring case and
    /// blanks), as fontconfig lists them: what golden sets hash, so a font upgrade is reported as
    /// such. The Kinetype loader adds the files a scene names itself.
    /// Listed once, when the library was made (`filesByFamily`): a batch asks for every entry.
    public func fontFiles(ofFamilies names: [String]) -> Set<String> {
        var files = Set<String>()
        for name in Set(names.map(FamilySuggestions.normalized)) {
            for file in filesByFamily[name] ?? [] { files.insert(file) }
        }
        return files
    }
}
