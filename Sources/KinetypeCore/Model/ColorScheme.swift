import Foundation

/// The appearance a scene renders in, as SwiftUI's `ColorScheme`: `canvas.colorScheme`, or
/// `--color-scheme` / a batch entry's `colorScheme`, which win over it. Colors written
/// `{"light": …, "dark": …}` and the `system.*` colors take the value of this appearance; they are
/// resolved while decoding, so a decoded `Scene` holds plain colors only.
public enum ColorScheme: String, CaseIterable, Sendable, Codable {
    case light
    case dark

    /// Parses a comma-separated list such as `light,dark` (any case, duplicates dropped, order kept);
    /// nil when a part is not a scheme.
    public static func list(parsing text: String) -> [ColorScheme]? {
        var schemes: [ColorScheme] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let scheme = ColorScheme(rawValue: name) else { return nil }
            if !schemes.contains(scheme) { schemes.append(scheme) }
        }
        return schemes.isEmpty ? nil : schemes
    }
}
