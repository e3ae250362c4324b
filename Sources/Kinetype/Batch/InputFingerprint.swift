import Foundation

/// A SHA-256 over everything an output depends on: kinetype's version, the template's bytes, the
/// placeholder values, the scale and format options, and the bytes of every font file and image the
/// scene uses. Equal fingerprints mean the output would come out the same.
struct InputFingerprint {
    private var hasher = SHA256()

    init(templateBytes: Data, overrides: [String: String], settings: [String]) {
        add("kinetype \(KinetypeVersion.current)")
        add("template")
        hasher.update(templateBytes)
        for key in overrides.keys.sorted() { add("var \(key)=\(overrides[key]!)") }
        for setting in settings { add("setting \(setting)") }
    }

    /// Adds the bytes of the files a decoded scene reads.
    mutating func addFiles(of scene: Scene) {
        var paths = scene.fonts
        paths += scene.layers.compactMap { layer in
            if case .image(let image) = layer.content { return image.src }
            return layer.text?.font.file
        }
        for path in paths {
            add("file \(path)")
            let limit = max(RegularFile.fontLimit, RegularFile.imageLimit)
            hasher.update((try? scene.readInput(path, limit: limit)) ?? Data("missing".utf8))
        }
    }

    var hex: String { hasher.hexDigest() }

    private mutating func add(_ line: String) {
        hasher.update(line)
        hasher.update([0])
    }
}
