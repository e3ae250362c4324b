/// Every long option of the `kinetype` command, the one place its spelling is written (issue #44).
///
/// The command line declares each of its options from a case (`Option(.report, .path(), help: …)`),
/// and every message that names an option, in the library or the command, writes its `flag`, so a
/// renamed option cannot leave a message naming the old one. `scripts/lint-flags` refuses a
/// spelled-out `--name` in a string anywhere else in the library's sources.
public enum CommandLineOption: String, CaseIterable, Sendable {
    case allowPartial = "allow-partial"
    case androidRes = "android-res"
    case artifacts
    case audio
    case codec
    case color
    case colorScheme = "color-scheme"
    case contactSheet = "contact-sheet"
    case crf
    case data
    case defaultLocale = "default-locale"
    case dither
    case force
    case format
    case fps
    case frames
    case golden
    case haptics
    case help
    case host
    case html
    case jobs
    case json
    case layoutDirection = "layout-direction"
    case matte
    case maxBytes = "max-bytes"
    case maxDiffPixels = "max-diff-pixels"
    case maxDiffRatio = "max-diff-ratio"
    case maxFrames = "max-frames"
    case maxLayerFrames = "max-layer-frames"
    case maxTextLayout = "max-text-layout"
    case maxTotalPixels = "max-total-pixels"
    case noSound = "no-sound"
    case output
    case picture
    case pngCompression = "png-compression"
    case port
    case poster
    case progress
    case prune
    case quality
    case quiet
    case record
    case report
    case root
    case scale
    case scene
    case set
    case shard
    case still
    case strict
    case systemFonts = "system-fonts"
    case threshold
    case verbose
    case version
    case xcassets

    /// The option as it is typed: `--max-frames`.
    public var flag: String { "--" + rawValue }
}
