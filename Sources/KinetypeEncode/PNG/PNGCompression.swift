/// How hard PNG outputs are compressed (`--png-compression 0...9`).
///
/// APNG frames are filtered and deflated by kinetype itself (`APNGFrameCompressor`): 0 stores,
/// 1...5 are libdeflate's levels, 6 tries two filterings, each deflated by libdeflate's strongest
/// level (12) and by `OptimalDeflate`, 7...9 add Zopfli (`APNGCompressionEffort`). PNG frames and stills go through libpng's simplified write API, which offers
/// two settings, not ten levels: its "fast" flag (zlib level 3, no row filters) and its default
/// (zlib's default level with adaptive row filters); levels 0...3 choose the fast setting, 4...9
/// the default. Any other level there would need the full libpng API, whose errors longjmp and
/// cannot be caught from Swift.
public struct PNGCompression: Equatable, Hashable, Sendable {
    /// The level asked for, 0...9.
    public let level: Int

    /// The levels there are: zlib's 0...9.
    public static let levels = 0...9

    /// `level` must be in `levels`; other values are clamped.
    public init(level: Int) {
        self.level = min(max(level, Self.levels.lowerBound), Self.levels.upperBound)
    }

    /// The default: smaller files (level 6).
    public static let `default` = PNGCompression(level: 6)
    /// The fastest setting (level 1).
    public static let fast = PNGCompression(level: 1)

    /// Whether this level uses libpng's fast setting.
    public var usesFastSetting: Bool { level <= 3 }
}
