import Foundation
import KinetypeCore

/// The one rule for naming outputs that differ by appearance and pixel density, used by `render`,
/// `batch` and `verify` (golden sets) alike:
///
/// - an output rendered in the dark appearance because `--color-scheme` (or a batch entry's
///   `colorScheme`) asked for it gets `-dark` after its name: `card-dark.gif`;
/// - the light appearance, and a scene rendered in its own `canvas.colorScheme`, get no suffix;
/// - a batch's `--scale` suffix comes after the appearance: `card-dark@2x.gif`;
/// - a batch's `--poster` still of an output is named as an output of its own called
///   `name-poster`: `card-poster.png`, `card-poster-dark@2x.png`.
public enum OutputNaming {
    /// What a dark output's name gets.
    public static let darkSuffix = "-dark"
    /// What the name of an output's poster (`batch --poster`) gets, before the appearance and scale.
    public static let posterSuffix = "-poster"

    /// `name`, `name-dark`, `name@2x` or `name-dark@2x`. `colorScheme` nil means none was asked
    /// for; `scale` 0 (the scene's own) and 1 add no scale suffix.
    public static func stem(_ name: String, colorScheme: ColorScheme?, scale: Double = 0) -> String {
        var stem = name + suffix(for: colorScheme)
        if scale > 0, scale != 1 {
            stem += "@\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x"
        }
        return stem
    }

    /// `name-poster`, `name-poster-dark@2x`: the stem of the poster of the output `stem(name, …)` names.
    public static func posterStem(_ name: String, colorScheme: ColorScheme?, scale: Double = 0) -> String {
        stem(name + posterSuffix, colorScheme: colorScheme, scale: scale)
    }

    /// The path of the `colorScheme` output when `path` is the path the user gave: `out.gif` →
    /// `out-dark.gif`, `still.png` → `still-dark.png`, the frames folder `frames/` → `frames-dark/`.
    /// The folder part of the path is kept; the light appearance keeps the path as it is.
    public static func path(_ path: String, colorScheme: ColorScheme?, format: OutputFormat) -> String {
        let suffix = suffix(for: colorScheme)
        guard !suffix.isEmpty else { return path }
        if format.traits.isFolder {
            var trimmed = Substring(path)
            var slashes = ""
            while trimmed.count > 1, trimmed.hasSuffix("/") {
                trimmed = trimmed.dropLast()
                slashes += "/"
            }
            return trimmed + suffix + slashes
        }
        let folderEnd = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let fileName = path[folderEnd...]
        // The extension starts at the last dot that is not the name's first character (".gif" stays whole).
        guard let dot = fileName.dropFirst().lastIndex(of: ".") else { return path + suffix }
        return String(path[..<dot]) + suffix + String(path[dot...])
    }

    private static func suffix(for colorScheme: ColorScheme?) -> String {
        colorScheme == .dark ? darkSuffix : ""
    }
}
