import Foundation

/// A decoded, validated scene: the whole of SCENE-FORMAT.md version 1 as plain values.
/// Defaults from the format are already applied; nothing here is optional unless the format
/// gives it no default.
public struct Scene: Equatable, Sendable {
    public var version: Int = 1
    public var canvas: Canvas
    public var output: OutputSettings = OutputSettings()
    /// Font files, as written (relative to `baseDirectory`).
    public var fonts: [String] = []
    /// Whether the machine's installed fonts may be used besides kinetype's own font set and the
    /// scene's `fonts` (renders are then no longer the same on every machine).
    public var systemFonts: Bool = false
    public var vars: [String: String] = [:]
    /// The `{{name}}` placeholders the scene's strings use (filled from `vars`, batch data or `--set`).
    public var placeholdersUsed: Set<String> = []
    public var layers: [Layer]
    /// The folder that relative paths (fonts, images) resolve against: the scene file's folder.
    public var baseDirectory: URL
    /// Where each JSON path of the scene stands in its source file, for diagnostics after decoding.
    public var source: SourceMap
    /// The folder (`--root`) every file the scene names must lie in; nil lets it name any file.
    public var inputRoot: InputRoot?

    public init(
        canvas: Canvas, layers: [Layer], baseDirectory: URL = URL(fileURLWithPath: "."),
        source: SourceMap = SourceMap()
    ) {
        self.canvas = canvas
        self.layers = layers
        self.baseDirectory = baseDirectory
        self.source = source
    }

    /// Resolves a path written in the scene (font file, image) against the scene's folder.
    public func resolve(path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return baseDirectory.appendingPathComponent(path)
    }

    /// The path to open for a file the scene names (font file, image): `resolve(path:)`, and with
    /// an `inputRoot` its real path, which must lie inside the root. Every file a scene makes
    /// kinetype read is resolved here.
    public func inputPath(_ path: String) throws(InputFileError) -> String {
        let resolved = resolve(path: path).standardizedFileURL.path
        guard let inputRoot else { return resolved }
        return try inputRoot.confine(resolved)
    }

    /// The bytes of a file the scene names: confined to the root, a regular file of at most `limit` bytes.
    public func readInput(_ path: String, limit: Int64) throws(InputFileError) -> Data {
        try RegularFile.read(inputPath(path), limit: limit)
    }

    /// The diagnostic at `jsonPath` for a file the scene names (`what`: "image", "font file") that
    /// cannot be used. Outside the root, nothing about the file (not even whether it exists) is said,
    /// and with a root no absolute path is shown.
    public func diagnostic(_ error: InputFileError, what: String, file: String, at jsonPath: String) -> Diagnostic {
        var hint = "paths are relative to the scene file's folder"
        switch error {
        case .missing where inputRoot == nil: hint += " (looked for \(JSONText.unquotedPath(resolve(path: file).path)))"
        case .outsideRoot:
            hint = "with \(CommandLineOption.root.flag), every file a scene names must be inside the root folder"
        case .notRegular: hint = "point it at a regular file"
        case .missing, .unreadable, .tooLarge: break
        }
        return source.diagnostic(
            at: jsonPath, "\(what) \(JSONText.quotedPath(file)) \(error.reason)", hint: hint, kind: error.kind)
    }
}

/// The drawing surface and the clock.
public struct Canvas: Equatable, Sendable {
    /// Size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point: 1, 2, 3 … 4.
    public var scale: Double = 1
    public var background: Fill = .color(.white)
    public var fps: Double = 30
    public var duration: SceneDuration = .auto
    /// Seconds the last frame stays when `duration` is `.auto`.
    public var hold: Double = 1.0
    /// Which way the layout reads; `.auto` is resolved from the text by the loader.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// The appearance the scene's colors were resolved for (`canvas.colorScheme`, or the override).
    public var colorScheme: ColorScheme = .light

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Size in whole pixels after scaling.
    public var pixelWidth: Int { Int(clamping: (width * scale).rounded()) }
    public var pixelHeight: Int { Int(clamping: (height * scale).rounded()) }
}

/// `canvas.duration`: a fixed length or the end of the last animation plus `hold`.
public enum SceneDuration: Equatable, Hashable, Sendable {
    case auto
    case seconds(Double)
}

/// The `output` object: settings of the encoded file.
public struct OutputSettings: Equatable, Sendable {
    /// GIF loop count: 0 = forever, n = play n times.
    public var loop: Int = 0
    public init(loop: Int = 0) { self.loop = loop }
}
