/// One drawable layer with its box, decoration, transforms and animations.
public struct Layer: Equatable, Sendable {
    public var id: String?
    public var content: LayerContent
    public var frame: LayerFrame = LayerFrame()
    public var alignment: Alignment = .topLeading
    public var padding: EdgeInsets = .zero
    public var background: Fill?
    public var cornerRadius: Double = 0
    public var border: Border?
    public var opacity: Double = 1
    public var offset: Point = .zero
    public var scale: Double = 1
    /// Degrees, clockwise.
    public var rotation: Double = 0
    public var animations: [Animation] = []

    public init(id: String? = nil, content: LayerContent) {
        self.id = id
        self.content = content
    }

    /// The layer's text content, when it is a text layer.
    public var text: TextContent? {
        if case .text(let text) = content { return text }
        return nil
    }
}

/// What a layer draws.
public enum LayerContent: Equatable, Sendable {
    case text(TextContent)
    case rect
    case image(ImageContent)

    /// Its type in the scene format.
    public var type: LayerType {
        switch self {
        case .text: .text
        case .rect: .rect
        case .image: .image
        }
    }

    /// The `type` string of the scene format.
    public var typeName: String { type.rawValue }
}

/// The box a layer occupies, in points. A nil width or height fits the content.
public struct LayerFrame: Equatable, Sendable {
    public var x: Double = 0
    public var y: Double = 0
    public var width: Double?
    public var height: Double?
    public init(x: Double = 0, y: Double = 0, width: Double? = nil, height: Double? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A stroke around a layer's frame.
public struct Border: Equatable, Sendable {
    public var color: Color
    public var width: Double
    public init(color: Color, width: Double) {
        self.color = color
        self.width = width
    }
}

/// An `image` layer's source and fit.
public struct ImageContent: Equatable, Sendable {
    /// PNG path as written, relative to the scene.
    public var src: String
    public var fit: ImageFit = .contain
    /// Whether the picture's pixels are flipped horizontally in a right-to-left layout (for
    /// directional pictures such as arrows), as SwiftUI's `flipsForRightToLeftLayoutDirection(true)`.
    /// Off by default: the frame mirrors, the picture does not.
    public var flipsForRightToLeftLayoutDirection = false
    public init(src: String, fit: ImageFit = .contain, flipsForRightToLeftLayoutDirection: Bool = false) {
        self.src = src
        self.fit = fit
        self.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
    }
}

public enum ImageFit: String, CaseIterable, Equatable, Sendable {
    case contain, cover, fill
}
