import CPangoCairo
import Foundation
import KinetypeCore

/// What kind of family a name is (serif, sans-serif, monospace, rounded), and which installed
/// families fontconfig would put in its place, so an unknown family is answered with families of
/// the same kind: Helvetica with a sans-serif (Nimbus Sans or Liberation Sans where installed),
/// Times with a serif, Baskerville with a serif.
///
/// Only suggestions use this: it reads the system's fontconfig rules (aliases, metric-compatible
/// families, generic families), which renders never do.
enum FamilyKinds {
    /// Words of well-known family names, for kinds fontconfig's rules do not know (they call every
    /// unknown family sans-serif, Baskerville included). Checked in this order.
    private static let keywords: [(GenericFamily, [String])] = [
        (.monospace, ["mono", "courier", "consolas", "menlo", "monaco", "code", "terminal", "typewriter"]),
        (.rounded, ["rounded", "nunito", "quicksand", "varela"]),
        (.sansSerif, ["sans", "grotesk", "grotesque", "gothic"]),
        (
            .serif,
            [
                "serif", "baskerville", "garamond", "caslon", "didot", "bodoni", "palatino", "georgia", "times",
                "cambria", "charter", "newyork", "iowan", "hoefler", "minion", "merriweather", "lora", "playfair",
                "bookman", "century", "constantia", "sabon", "plantin", "perpetua", "goudy", "cochin", "roman",
                "antiqua", "book",
            ]
        ),
        (
            .sansSerif,
            [
                "helvetica", "arial", "futura", "avenir", "verdana", "tahoma", "frutiger", "myriad", "segoe",
                "sfpro", "roboto", "inter", "lato", "opensans", "gillsans", "franklin", "univers", "calibri",
            ]
        ),
    ]

    /// Answers of `substitutes(of:)` so far; at most `cachedAnswers` names are kept.
    private static let answers = Locked<[String: [String]]>([:])
    private static let cachedAnswers = 256

    /// The families fontconfig's rules put in the place of `family`, in its order: aliases and
    /// metric-compatible families first, then its generic family and that one's preferred families.
    static func substitutes(of family: String) -> [String] {
        answers.withLock { answers in
            if let known = answers[family] { return known }
            let found = systemSubstitutes(of: family)
            if answers.count < cachedAnswers { answers[family] = found }
            return found
        }
    }

    /// Reads the system's fontconfig rules (without its fonts: loading none is quick) and applies them.
    private static func systemSubstitutes(of family: String) -> [String] {
        guard let rules = try? FontconfigConfig.systemRules(), let pattern = FontconfigPattern() else { return [] }
        FcPatternAddString(pattern.pointer, FC_FAMILY, family)
        FcConfigSubstitute(rules.pointer, pattern.pointer, FcMatchPattern)
        return FontconfigPatterns.strings(pattern.pointer, FC_FAMILY)
    }

    /// The kind a family's name tells by its words ("Noto Serif", "Courier"), or nil.
    static func namedKind(of family: String) -> GenericFamily? {
        let key = FamilySuggestions.normalized(family)
        return keywords.first { _, words in words.contains(where: key.contains) }?.0
    }

    /// The kind of a family name: from its words when they are telling, else fontconfig's generic
    /// family for it.
    static func kind(of family: String, substitutes: [String]) -> GenericFamily? {
        if let kind = namedKind(of: family) { return kind }
        return substitutes.lazy.compactMap { name -> GenericFamily? in
            let generic = GenericFamily(named: name)
            return generic == .rounded ? nil : generic
        }.first
    }

    /// Installed families (`installedName` gives an installed name, or nil) of the same kind as `family`, the most alike first.
    static func sameKind(as family: String, installedName: (String) -> String?) -> [String] {
        let substitutes = substitutes(of: family)
        guard let kind = kind(of: family, substitutes: substitutes) else { return [] }
        let fontconfigKind = substitutes.lazy.compactMap { GenericFamily(named: $0) }.first
        // fontconfig's own list when it agrees on the kind; else the list of the kind's generic family.
        var candidates = fontconfigKind == kind ? substitutes : []
        if kind == .rounded {
            candidates += ["Nunito", "M PLUS Rounded 1c", "Varela Round", "Quicksand", "SF Pro Rounded"]
        }
        candidates += Self.substitutes(of: kind == .rounded ? "sans-serif" : kind.rawValue)
        if kind == .sansSerif || kind == .rounded { candidates.append(FontSpec.defaultFamily) }
        var seen = Set<String>()
        return candidates.compactMap { name -> String? in
            guard GenericFamily(named: name) == nil, let installed = installedName(name) else { return nil }
            guard FamilySuggestions.normalized(installed) != FamilySuggestions.normalized(family) else { return nil }
            return seen.insert(installed).inserted ? installed : nil
        }
    }
}
