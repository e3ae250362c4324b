import Foundation
import KinetypeRender

/// The loader's picture stage: reads every distinct `src` of the scene's `image` layers (confined
/// to the scene's root, a regular file of at most `RegularFile.imageLimit` bytes), checks its PNG
/// header against `ImageLimits.imageLayer` and all pictures together against
/// `ImageLimits.sceneImagePixels`, and has Render decode it. Every problem is a diagnostic at its
/// `layers[i].src`; Render only ever sees bytes that passed these checks.
enum SceneImageResolution {
    /// The decoded pictures, keyed by resolved path. Throws a `DiagnosticList` with every problem.
    static func decode(_ scene: Scene) throws -> SceneImages {
        var images: [String: DecodedImage] = [:]
        var problems: [Diagnostic] = []
        var totalPixels = 0
        for (index, layer) in scene.layers.enumerated() {
            guard case .image(let content) = layer.content else { continue }
            let key = SceneImages.key(forResolvedPath: scene.resolve(path: content.src).path)
            guard images[key] == nil else { continue }
            let path = "layers[\(index)].src"
            do throws(ImageProblem) {
                let image = try decode(content.src, scene: scene)
                totalPixels += image.width * image.height
                guard totalPixels <= ImageLimits.sceneImagePixels else {
                    throw .invalid(
                        "takes the scene's pictures to \(totalPixels) pixels; the limit for all pictures together is \(ImageLimits.sceneImagePixels)",
                        hint: "use smaller pictures (an image layer shows at most canvas size anyway)")
                }
                images[key] = image
            } catch {
                switch error {
                case .file(let fileError):
                    problems.append(scene.diagnostic(fileError, what: "image", file: content.src, at: path))
                case .invalid(let message, let hint):
                    problems.append(
                        scene.source.diagnostic(
                            at: path, "image \(JSONText.quotedPath(content.src)) \(message)", hint: hint,
                            kind: .invalidScene))
                case .unreadable(let message):
                    problems.append(
                        scene.source.diagnostic(
                            at: path, "image \(JSONText.quotedPath(content.src)) \(message)",
                            hint: "save it as a PNG file", kind: .missingInput))
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return SceneImages(images)
    }

    private enum ImageProblem: Error {
        case file(InputFileError)
        case invalid(String, hint: String)
        case unreadable(String)
    }

    private static func decode(_ src: String, scene: Scene) throws(ImageProblem) -> DecodedImage {
        let data: Data
        do { data = try scene.readInput(src, limit: RegularFile.imageLimit) } catch { throw .file(error) }
        guard let size = ImageHeader.pngSize(data) else { throw .unreadable("is not a PNG image") }
        if let problem = ImageLimits.imageLayer.problem(width: size.width, height: size.height) {
            throw .invalid(problem, hint: "scale the picture down before using it")
        }
        let checked: Data
        do throws(PNGChunkProblem) {
            checked = try PNGChunkFilter.filtered(data)
        } catch {
            throw .unreadable("is a damaged PNG image: \(error.reason)")
        }
        // Cairo reports every libpng error as "out of memory", so there is no finer reason to give.
        guard let image = DecodedImage.decodePNG(checked) else {
            throw .unreadable("is a damaged or unsupported PNG image")
        }
        return image
    }
}
