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

    /// `fontFiles(ofFamilies:)` as standardized absolute paths (`URL.standardizedFileURL`),
    /// sorted: what a batch entry's fingerprint hashes, worked out once per library for each set of
    /// families (standardizing a path through `URL` costs more than the rest of a re-run's entry).
    public func standardizedFontFiles(ofFamilies names: [String]) -> [String] {
        let key = Set(names.map(FamilySuggestions.normalized)).sorted()
        if let known = standardizedFiles.withLock({ $0[key] }) { return known }
        let files = Set(fontFiles(ofFamilies: names).map { URL(fileURLWithPath: $0).standardizedFileURL.path }).sorted()
        standardizedFiles.withLock { $0[key] = files }
        return files
    }
}
