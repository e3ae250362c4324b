/// A `text` layer's content and typography.
public struct TextContent: Equatable, Sendable {
    /// The plain string; when `spans` are given this is their concatenation.
    public var text: String
    /// Styled runs, concatenated; nil when the layer uses `text`.
    public var spans: [TextSpan]?
    public var font: FontSpec = FontSpec()
    public var color: Color = .black
    public var textAlignment: TextAlignment = .leading
    /// Maximum lines; nil = unlimited.
    public var lineLimit: Int?
    public var truncation: Truncation = .tail
    public var lineSpacing: Double = 0
    public var letterSpacing: Double = 0
    public var wrap: WrapMode = .wordChar
    public var shadow: Shadow?

    public init(text: String, spans: [TextSpan]? = nil) {
        self.text = text
        self.spans = spans
    }
}

/// A styled run of a text layer. Nil properties inherit from the layer.
public struct TextSpan: Equatable, Sendable {
    public var text: String
    public var color: Color?
    public var weight: FontWeight?
    public var italic: Bool?
    public var underline: Bool = false
    public var strikethrough: Bool = false
    public var font: FontSpec?
    public init(text: String) { self.text = text }
}

/// A font request as written in the scene. `resolvedSize` and `resolvedWeight` apply the
/// text-style defaults.
public struct FontSpec: Equatable, Sendable {
    /// The family to lay out with. A family list is resolved by the loader into the first installed
    /// family of `familyList`; until then this is nil.
    public var family: String?
    /// `"family": [...]` (or a generic family name) as written: the first installed family wins,
    /// and a generic family (at the end) always is; nil for a plain family name.
    public var familyList: [String]?
    /// A font file relative to the scene; takes precedence over `family`.
    public var file: String?
    public var size: Double?
    public var style: TextStyle?
    public var weight: FontWeight?
    public var italic: Bool?
    public var design: FontDesign?

    public init(
        family: String? = nil, file: String? = nil, size: Double? = nil, style: TextStyle? = nil,
        weight: FontWeight? = nil, italic: Bool? = nil, design: FontDesign? = nil
    ) {
        self.family = family
        self.file = file
        self.size = size
        self.style = style
        self.weight = weight
        self.italic = italic
        self.design = design
    }

    /// The family of `design: default` (SwiftUI's system font is SF Pro; Inter is its closest
    /// open relative, and variable, so every weight is distinct).
    public static let defaultFamily = "Inter"
    /// The default family when Inter is not installed.
    public static let fallbackFamily = "DejaVu Sans"
    public static let defaultSize = 17.0

    /// Points: `size`, else the text style's size, else 17.
    public var resolvedSize: Double { size ?? style?.pointSize ?? FontSpec.defaultSize }
    /// `weight`, else the text style's weight, else regular.
    public var resolvedWeight: FontWeight { weight ?? style?.weight ?? .regular }
}

/// SwiftUI text styles with their default sizes.
public enum TextStyle: String, CaseIterable, Equatable, Sendable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    public var pointSize: Double {
        switch self {
        case .largeTitle: return 34
        case .title: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline, .body: return 17
        case .callout: return 16
        case .subheadline: return 15
        case .footnote: return 13
        case .caption: return 12
        case .caption2: return 11
        }
    }

    public var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// A font weight on the 1…1000 scale (400 regular, 700 bold).
public struct FontWeight: Equatable, Hashable, Sendable {
    public var value: Double
    public init(_ value: Double) { self.value = value }

    public static let ultraLight = FontWeight(100)
    public static let thin = FontWeight(200)
    public static let light = FontWeight(300)
    public static let regular = FontWeight(400)
    public static let medium = FontWeight(500)
    public static let semibold = FontWeight(600)
    public static let bold = FontWeight(700)
    public static let heavy = FontWeight(800)
    public static let black = FontWeight(900)

    /// The named weights of the scene format, in order.
    public static let named: [(name: String, weight: FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]
}

/// The generic families a `font.family` list may end with (CSS's names, plus SwiftUI's rounded).
public enum GenericFamily: String, CaseIterable, Equatable, Sendable {
    case serif
    case sansSerif = "sans-serif"
    case monospace, rounded

    /// The design whose family stands for it.
    public var design: FontDesign {
        switch self {
        case .serif: return .serif
        case .sansSerif: return .default
        case .monospace: return .monospaced
        case .rounded: return .rounded
        }
    }

    /// The generic family a name denotes (ignoring case and blanks, as family names are), or nil.
    public init?(named name: String) {
        let key = String(name.lowercased().filter { !$0.isWhitespace })
        guard let generic = GenericFamily.allCases.first(where: { $0.rawValue == key }) else { return nil }
        self = generic
    }
}

/// `font.design`: a generic family.
public enum FontDesign: String, CaseIterable, Equatable, Sendable {
    case `default`, serif, rounded, monospaced
}

public enum TextAlignment: String, CaseIterable, Equatable, Sendable {
    case leading, center, trailing, justified
}

public enum Truncation: String, CaseIterable, Equatable, Sendable {
    case head, middle, tail, none
}

public enum WrapMode: String, CaseIterable, Equatable, Sendable {
    case word, char, wordChar
}

/// A drop shadow under text.
public struct Shadow: Equatable, Sendable {
    public var color: Color
    public var radius: Double
    public var x: Double
    public var y: Double
    public init(color: Color, radius: Double = 0, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}
