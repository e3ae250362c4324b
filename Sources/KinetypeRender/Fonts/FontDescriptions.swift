import CPangoCairo
import KinetypeCore

/// Pango font descriptions for resolved fonts and span overrides. Sizes are absolute (points are
/// the layout's user units), weights continuous, and variable families get a `wght` variation.
extension FontLibrary {
    /// A full description for a layer's base font.
    func makeDescription(for font: ResolvedFont) throws -> PangoFontDescription {
        let family = try familyName(for: font)
        let owned = try PangoFontDescription()
        let description = owned.pointer
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, max(font.size, 0.01) * Double(PANGO_SCALE))
        setWeight(font.weight, family: family, on: description)
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return owned
    }

    /// A partial description with only what a span overrides, or nil when it overrides nothing.
    /// `resolvedFile` is the span's `file` resolved against the scene.
    func makeOverride(
        _ spec: FontSpec, resolvedFile: String?, base: ResolvedFont,
        baseFamily: String
    ) throws -> PangoFontDescription? {
        let owned = try PangoFontDescription()
        let description = owned.pointer
        var family = baseFamily
        var overrides = false
        if let file = resolvedFile, let fileFamily = self.family(ofFile: file) {
            family = fileFamily
        } else if let named = spec.family {
            family = named
        } else if let design = spec.design {
            family = self.family(for: design)
        }
        if family != baseFamily {
            pango_font_description_set_family(description, family)
            overrides = true
        }
        if spec.size != nil || spec.style != nil {
            pango_font_description_set_absolute_size(description, max(spec.resolvedSize, 0.01) * Double(PANGO_SCALE))
            overrides = true
        }
        let weight = spec.weight?.value ?? spec.style?.weight.value
        if weight != nil || family != baseFamily {
            setWeight(weight ?? base.weight, family: family, on: description)
            overrides = true
        }
        if let italic = spec.italic {
            pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            overrides = true
        }
        return overrides ? owned : nil
    }

    private func setWeight(_ weight: Double, family: String, on description: OpaquePointer) {
        let clamped = min(max(weight, 1), 1000)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamped.rounded())))
        if isVariable(family: family) {
            let axis = Self.variationWeight(clamped, avoiding: weightAxisDefaults(family: family))
            pango_font_description_set_variations(description, "wght=\(Self.axisValue(axis))")
        }
    }

    /// The `wght` coordinate asked for `weight`: the weight itself, except that the axis default is
    /// asked as default + 0.01. FreeType draws a face left at its default instance a few pixels
    /// differently from the same face set to the default coordinates, and Cairo 1.16 shares one
    /// face between all weights of a variable font: a weight between the named ones (550) leaves the
    /// face set, and the default weight drawn after it changed. A weight a hundredth away is never
    /// the default instance, so every weight draws the same whatever was drawn before.
    static func variationWeight(_ weight: Double, avoiding defaults: Set<Double>) -> Double {
        defaults.contains((weight * 100).rounded() / 100) ? weight + 0.01 : weight
    }

    /// A locale-independent decimal for a variation setting.
    public static func axisValue(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
