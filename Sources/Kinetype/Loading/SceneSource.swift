import Foundation

/// Where a scene's JSON comes from: a file, or bytes already read (a batch template) with the
/// name diagnostics show and the folder its relative paths resolve against.
public enum SceneSource: Sendable {
    /// The scene file at `path`, shown in diagnostics as written.
    case file(path: String)
    /// Scene bytes shown as `displayName`, whose relative font and image paths resolve against
    /// `baseDirectory`.
    case bytes(Data, displayName: String, baseDirectory: URL)
}

/// What a caller changes in a scene after decoding it: `{{placeholder}}` values (`--set`, batch
/// data), the frame rate (`--fps`), the pixel density (`--scale`), the layout direction
/// (`--layout-direction`, a batch entry's `layoutDirection`) and the appearance (`--color-scheme`,
/// a batch entry's `colorScheme`).
public struct SceneOverrides: Sendable, Equatable {
    /// Placeholder values; they win over the scene's own `vars`.
    public var values: [String: String]
    /// Replaces `canvas.fps` when set.
    public var fps: Double?
    /// Replaces `canvas.scale` when set.
    public var scale: Double?
    /// Replaces `canvas.layoutDirection` when set (`--layout-direction`, a batch entry's `layoutDirection`).
    public var layoutDirection: LayoutDirection?
    /// Replaces `canvas.colorScheme` when set; colors are resolved for it while decoding.
    public var colorScheme: ColorScheme?
    /// `--system-fonts`: lets the scene use the machine's installed fonts besides kinetype's own,
    /// whatever its `systemFonts` says.
    public var systemFonts: Bool

    public init(
        values: [String: String] = [:], fps: Double? = nil, scale: Double? = nil,
        layoutDirection: LayoutDirection? = nil, colorScheme: ColorScheme? = nil, systemFonts: Bool = false
    ) {
        self.values = values
        self.fps = fps
        self.scale = scale
        self.layoutDirection = layoutDirection
        self.colorScheme = colorScheme
        self.systemFonts = systemFonts
    }

    /// No overrides: the scene as written.
    public static let none = SceneOverrides()
}
