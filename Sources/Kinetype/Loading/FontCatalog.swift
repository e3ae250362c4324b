import Foundation
import KinetypeRender

/// The font families available to scenes.
public enum FontCatalog {
    /// The families a scene can use (its font files, kinetype's own and, when it allows them, the
    /// machine's), or, when `scene` is nil, kinetype's own families, with the machine's when
    /// `systemFonts`.
    public static func families(for scene: Scene?, systemFonts: Bool = false) throws -> [FontFamilyInfo] {
        let library =
            try scene.map(SceneFontResolution.library(for:))
            ?? FontLibrary(fontFiles: [], systemFonts: systemFonts)
        return library.families()
    }
}
