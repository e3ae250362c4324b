import Foundation

extension PreparedScene {
    /// Every file this scene reads besides the scene file itself, sorted by path: the font files
    /// it loads or whose families it names, and its pictures. What `preview` watches for changes.
    public var inputFiles: [URL] {
        var paths = Set(SceneFontResolution.fontFiles(usedBy: scene, in: fonts).map(\.standardizedFileURL.path))
        for layer in scene.layers {
            guard case .image(let content) = layer.content else { continue }
            paths.insert(scene.resolve(path: content.src).standardizedFileURL.path)
        }
        return paths.sorted().map { URL(fileURLWithPath: $0) }
    }
}
