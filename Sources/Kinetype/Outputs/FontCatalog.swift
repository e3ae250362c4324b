import Foundation
import KinetypeRender

/// The font families available to scenes.
public enum FontCatalog {
    /// The families a scene can use (its font files, plus system fonts unless it opts out), or
    /// every installed family when `scene` is nil.
    public static func families(for scene: Scene?) throws -> [FontFamilyInfo] {
        let library = try scene.map(SceneFontResolution.library(for:)) ?? FontLibrary(fontFiles: [], systemFonts: true)
        return library.families()
    }
}
