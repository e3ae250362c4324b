/// A point or a displacement, in points.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}

/// A rectangle in points.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Insets in points; `leading`/`trailing` follow the text direction.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }
    public static let zero = EdgeInsets()
}

/// Where content sits inside a layer's frame.
public enum Alignment: String, CaseIterable, Equatable, Hashable, Sendable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing

    /// The same alignment with leading and trailing swapped (`topLeading` ↔ `topTrailing`).
    public var mirrored: Alignment {
        switch self {
        case .topLeading: return .topTrailing
        case .topTrailing: return .topLeading
        case .leading: return .trailing
        case .trailing: return .leading
        case .bottomLeading: return .bottomTrailing
        case .bottomTrailing: return .bottomLeading
        case .top, .center, .bottom: return self
        }
    }

    /// Horizontal position in 0 (leading) ... 1 (trailing).
    public var horizontalFraction: Double {
        switch self {
        case .topLeading, .leading, .bottomLeading: return 0
        case .top, .center, .bottom: return 0.5
        case .topTrailing, .trailing, .bottomTrailing: return 1
        }
    }

    /// Vertical position in 0 (top) ... 1 (bottom).
    public var verticalFraction: Double {
        switch self {
        case .topLeading, .top, .topTrailing: return 0
        case .leading, .center, .trailing: return 0.5
        case .bottomLeading, .bottom, .bottomTrailing: return 1
        }
    }
}
