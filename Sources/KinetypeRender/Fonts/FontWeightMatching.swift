import CPangoCairo
import KinetypeCore

/// The face a static (non-variable) family gives for a requested weight, so a weight the family
/// does not have is reported rather than silently replaced.
public struct WeightSubstitution: Sendable, Equatable {
    /// The family as installed.
    public var family: String
    /// The weight asked for (1…1000).
    public var requested: Double
    /// The weight of the face fontconfig chooses instead (OpenType scale).
    public var used: Double
    /// That face's style name ("Book", "Bold", "ExtraLight").
    public var style: String
}

extension FontLibrary {
    /// The face fontconfig matches for `weight` in `family` (upright or italic, normal width), when
    /// its weight differs from the request; nil when the family has that weight, is variable (the
    /// `wght` axis takes any weight), or is not installed.
    public func weightSubstitution(family: String, weight: Double, italic: Bool = false) -> WeightSubstitution? {
        let question = WeightRequest(family: family, weight: weight, italic: italic)
        if let known = weightMatches.withLock({ $0[question] }) { return known }
        let answer = matchedWeight(family: family, weight: weight, italic: italic)
        weightMatches.withLock { $0[question] = answer }
        return answer
    }

    private func matchedWeight(family: String, weight: Double, italic: Bool) -> WeightSubstitution? {
        guard hasFamily(family), !isVariable(family: family), let request = FontconfigPattern() else { return nil }
        let requested = min(max(weight, 1), 1000)
        FcPatternAddString(request.pointer, FC_FAMILY, family)
        FcPatternAddDouble(request.pointer, FC_WEIGHT, FcWeightFromOpenTypeDouble(requested))
        FcPatternAddInteger(request.pointer, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddInteger(request.pointer, FC_WIDTH, FC_WIDTH_NORMAL)
        FcConfigSubstitute(config.pointer, request.pointer, FcMatchPattern)
        FcDefaultSubstitute(request.pointer)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config.pointer, request.pointer, &result) else { return nil }
        let face = FontconfigPattern(owning: matched)
        let families = FontconfigPatterns.strings(face.pointer, FC_FAMILY).map(FamilySuggestions.normalized)
        guard families.contains(FamilySuggestions.normalized(family)),
            let fcWeight = FontconfigPatterns.double(face.pointer, FC_WEIGHT)
        else { return nil }
        let used = FcWeightToOpenTypeDouble(fcWeight)
        // fontconfig's weight scale is coarser than OpenType's: a request it maps to the face's own
        // weight is that weight.
        guard FcWeightFromOpenTypeDouble(requested) != fcWeight, abs(used - requested) >= 1 else { return nil }
        let style = FontconfigPatterns.string(face.pointer, FC_STYLE) ?? "Regular"
        return WeightSubstitution(
            family: installedName(of: family), requested: requested, used: used, style: style)
    }
}
