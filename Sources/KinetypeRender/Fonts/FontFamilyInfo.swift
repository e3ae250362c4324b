/// One installed font family as `kinetype fonts` lists it.
public struct FontFamilyInfo: Sendable, Equatable {
    public var name: String
    /// Style names (e.g. "Regular", "Bold Italic"): normal width before condensed or expanded,
    /// upright before italic, lightest to heaviest.
    public var styles: [String]
    /// Whether the family has a variable face (continuous `font.weight`).
    public var isVariable: Bool

    public init(name: String, styles: [String], isVariable: Bool) {
        self.name = name
        self.styles = styles
        self.isVariable = isVariable
    }
}
