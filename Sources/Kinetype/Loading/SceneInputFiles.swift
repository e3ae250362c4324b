import Foundation

extension PreparedScene {
    /// Every file this scene reads besides the scene file itself, sorted by path: the font files
    /// it loads or whose families it names, its pictures and its sound files. What `preview` watches for changes.
    public var inputFiles: [URL] { inputPaths.map { URL(fileURLWithPath: $0) } }

    /// `inputFiles` as standardized absolute paths, sorted: what a batch entry's fingerprint
    /// hashes, without making a `URL` of each.
    var inputPaths: [String] {
        var paths = SceneFontResolution.standardizedFontFiles(usedBy: scene, in: fonts)
        for layer in scene.layers {
            guard case .image(let content) = layer.content else { continue }
            paths.insert(scene.resolve(path: content.src).standardizedFileURL.path)
        }
        for layer in scene.layers {
            for animation in layer.animations {
                guard case .typewriter(let typewriter) = animation.kind,
                    case .file(let file) = typewriter.sound?.source
                else { continue }
                paths.insert(scene.resolve(path: file).standardizedFileURL.path)
            }
        }
        return paths.sorted()
    }
}
