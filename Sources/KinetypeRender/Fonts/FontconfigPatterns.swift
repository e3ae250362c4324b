import CPangoCairo

/// Reading values out of fontconfig patterns and font sets.
enum FontconfigPatterns {
    /// The `index`th string value of `object` in `pattern`.
    static func string(_ pattern: OpaquePointer, _ object: String, index: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// Every string value of `object` in `pattern`, in order.
    static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var result: [String] = []
        var index: Int32 = 0
        while let value = string(pattern, object, index: index) {
            result.append(value)
            index += 1
        }
        return result
    }

    static func integer(_ pattern: OpaquePointer, _ object: String) -> Int32? {
        var value: Int32 = 0
        guard FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return value
    }

    static func double(_ pattern: OpaquePointer, _ object: String) -> Double? {
        var value: Double = 0
        if FcPatternGetDouble(pattern, object, 0, &value) == FcResultMatch { return value }
        return integer(pattern, object).map(Double.init)
    }

    static func bool(_ pattern: OpaquePointer, _ object: String) -> Bool {
        var value: FcBool = 0
        guard FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch else { return false }
        return value != 0
    }

    /// The patterns of a font set, lent by the set (valid while it lives; never freed here).
    static func patterns(of set: UnsafeMutablePointer<FcFontSet>?) -> [OpaquePointer] {
        guard let set, let fonts = set.pointee.fonts else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { fonts[$0] }
    }

    /// The faces of a font file as fontconfig reads them; empty when it is not a font.
    static func queryFile(_ path: String) -> [FaceDescription] {
        guard let set = FontconfigFontSet() else { return [] }
        var count: Int32 = 0
        _ = FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set.pointer)
        return withExtendedLifetime(set) { patterns(of: set.pointer).map(FaceDescription.init(pattern:)) }
    }
}

/// What `kinetype fonts` and validation need to know about one face.
struct FaceDescription {
    var families: [String]
    var styles: [String]
    var weight: Double
    var slant: Int32
    /// fontconfig width: 100 is normal, 75 condensed.
    var width: Double
    var isVariable: Bool
    /// The default of the `wght` axis of a variable face (its default instance), when it has one.
    var defaultWeightAxis: Double?

    init(pattern: OpaquePointer) {
        families = FontconfigPatterns.strings(pattern, FC_FAMILY)
        styles = FontconfigPatterns.strings(pattern, FC_STYLE)
        weight = FontconfigPatterns.double(pattern, FC_WEIGHT) ?? Double(FC_WEIGHT_REGULAR)
        slant = FontconfigPatterns.integer(pattern, FC_SLANT) ?? 0
        width = FontconfigPatterns.double(pattern, FC_WIDTH) ?? 100
        isVariable = FontconfigPatterns.bool(pattern, FC_VARIABLE)
        if isVariable, let file = FontconfigPatterns.string(pattern, FC_FILE) {
            let index = FontconfigPatterns.integer(pattern, FC_INDEX) ?? 0
            defaultWeightAxis = Self.weightAxisDefault(file: file, index: UInt32(index & 0xFFFF))
        }
    }

    /// The default value of the `wght` axis of face `index` of a font file, read with HarfBuzz.
    static func weightAxisDefault(file: String, index: UInt32) -> Double? {
        guard let face = HarfBuzzFace(file: file, index: index) else { return nil }
        var axis = hb_ot_var_axis_info_t()
        let weightTag: hb_tag_t = 0x7767_6874 // "wght"
        guard hb_ot_var_find_axis_info(face.pointer, weightTag, &axis) != 0 else { return nil }
        return Double(axis.default_value)
    }
}
