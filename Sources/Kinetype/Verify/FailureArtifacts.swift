import Foundation
import KinetypeEncode

/// Writes what a person needs to judge a failing frame: expected, actual, the diff (changed pixels
/// red, antialiased pixels yellow) and a side-by-side triptych of the three.
struct FailureArtifacts {
    let folder: URL

    /// Writes the four images and returns the diff image's path.
    func write(frame index: Int, frameCount: Int, expected: Image, actual: Image, diff: Image?) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = PNGSequenceWriter.fileName(index: index, frameCount: frameCount).replacingOccurrences(
            of: ".png", with: "")
        let diffImage = diff ?? actual
        try PNGCodec.write(expected, to: folder.appendingPathComponent("\(stem).expected.png"))
        try PNGCodec.write(actual, to: folder.appendingPathComponent("\(stem).actual.png"))
        let diffURL = folder.appendingPathComponent("\(stem).diff.png")
        try PNGCodec.write(diffImage, to: diffURL)
        try PNGCodec.write(
            triptych([expected, diffImage, actual]), to: folder.appendingPathComponent("\(stem).triptych.png"))
        return diffURL.path
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
