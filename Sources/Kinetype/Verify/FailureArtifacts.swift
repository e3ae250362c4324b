import Foundation
import KinetypeEncode

/// Writes what a person needs to judge a failing image: expected, actual, the diff (changed pixels
/// red, antialiased pixels yellow) and a side-by-side triptych of the three, into a folder, named
/// after the image (`frame_0042.expected.png` … in the scene's folder of `verify`'s artifacts
/// folder; `plain-text@1x.expected.png` … for kinetype's own golden tests).
public struct FailureArtifacts: Sendable {
    let folder: URL

    /// The first part of a frame's image names: `frame_0042`, as the frame's golden is named.
    static func stem(frame index: Int, frameCount: Int) -> String {
        String(GoldenFrameName.name(index: index, frameCount: frameCount).dropLast(".png".count))
    }

    /// The kinds of image written per failing frame, as the part of the name before `.png`.
    static let kinds = ["expected", "actual", "diff", "triptych"]

    /// Whether `name` is an image `write` makes: `frame_<digits>.<kind>.png`.
    static func isArtifact(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), kinds.contains(String(stem[stem.index(after: dot)...])) else {
            return false
        }
        return GoldenFrameName.index(of: String(stem[..<dot]) + ".png") != nil
    }

    /// Removes the images an earlier run wrote for this scene (only names `write` makes), and the
    /// scene's folder when that leaves it empty, so what the folder holds is this run's.
    func removeStale() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where Self.isArtifact(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Removes the images an earlier `write` of the image `stem` left.
    func removeStale(stem: String) {
        for kind in Self.kinds {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(stem).\(kind).png"))
        }
    }

    /// The paths of the images written for one image.
    public struct Files: Sendable {
        public var expected: String
        public var actual: String
        public var diff: String
    }

    /// Writes the four images of the image `stem` and returns the paths of expected, actual and diff.
    func write(stem: String, expected: Image, actual: Image, diff: Image?) throws -> Files {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotWrite(folder, error: error)
        }
        let diffImage = diff ?? actual
        let expectedURL = folder.appendingPathComponent("\(stem).expected.png")
        let actualURL = folder.appendingPathComponent("\(stem).actual.png")
        try PNGCodec.write(expected, to: expectedURL)
        try PNGCodec.write(actual, to: actualURL)
        let diffURL = folder.appendingPathComponent("\(stem).diff.png")
        try PNGCodec.write(diffImage, to: diffURL)
        try PNGCodec.write(
            triptych([expected, diffImage, actual]), to: folder.appendingPathComponent("\(stem).triptych.png"))
        return Files(expected: expectedURL.path, actual: actualURL.path, diff: diffURL.path)
    }

    /// The images side by side on a neutral background, 8 px apart.
    private func triptych(_ images: [Image]) -> Image {
        let gap = 8
        let width = images.reduce(gap) { $0 + $1.width + gap }
        let height = (images.map(\.height).max() ?? 0) + 2 * gap
        var canvas = Image(width: width, height: height, fill: (128, 128, 136, 255))
        var x = gap
        for image in images {
            canvas.draw(image, atX: x, y: gap)
            x += image.width + gap
        }
        return canvas
    }
}
