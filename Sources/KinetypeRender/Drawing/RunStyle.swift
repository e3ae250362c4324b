import CPangoCairo

/// The paint attributes of one Pango run (every run of kinetype's layouts has a foreground color),
/// read from its attributes as Pango's own renderer takes them; `ExactGlyphs` fills with them and
/// `VectorText` exports them.
struct RunStyle {
    var red = 0.0
    var green = 0.0
    var blue = 0.0
    var alpha = 1.0
    var underline = false
    var strikethrough = false

    init(_ attributes: UnsafeMutablePointer<GSList>?) {
        var node = attributes
        while let current = node {
            defer { node = current.pointee.next }
            guard let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
                let kind = attribute.pointee.klass?.pointee.type
            else { continue }
            switch kind {
            case PANGO_ATTR_FOREGROUND:
                let color = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self)
                    .pointee.color
                red = Double(color.red) / 65535
                green = Double(color.green) / 65535
                blue = Double(color.blue) / 65535
            case PANGO_ATTR_FOREGROUND_ALPHA:
                let value = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self)
                    .pointee.value
                alpha = Double(value) / 65535
            case PANGO_ATTR_UNDERLINE:
                underline =
                    UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value
                    != Int32(PANGO_UNDERLINE_NONE.rawValue)
            case PANGO_ATTR_STRIKETHROUGH:
                strikethrough =
                    UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value
                    != 0
            default: break
            }
        }
    }
}
