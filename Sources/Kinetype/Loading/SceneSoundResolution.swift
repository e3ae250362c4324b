import Foundation
import KinetypeEncode

/// The loader's sound stage: reads every distinct `file` of the typewriters' `sound`s (confined to
/// the scene's root, a regular file of at most `RegularFile.soundLimit` bytes), decodes it by its
/// content as WAV (`WAVFile`: 16/24-bit integer or float PCM) or FLAC (`FLACFile`: 4 to 32 bits),
/// mono or stereo, up to `WAVFile.longestSound` (`SoundFile`), and resamples it to the track's 48 kHz. Every problem is a diagnostic at its
/// `layers[i].animations[j].sound.file`.
enum SceneSoundResolution {
    /// The mixer with every sound file decoded. Throws a `DiagnosticList` with every problem.
    static func decode(_ scene: Scene) throws -> KeystrokeMix {
        var files: [String: PCMSound] = [:]
        var problems: [Diagnostic] = []
        for (layerIndex, layer) in scene.layers.enumerated() {
            for (animationIndex, animation) in layer.animations.enumerated() {
                guard case .typewriter(let typewriter) = animation.kind,
                    case .file(let file) = typewriter.sound?.source, files[file] == nil
                else { continue }
                let path = "layers[\(layerIndex)].animations[\(animationIndex)].sound.file"
                let data: Data
                do {
                    data = try scene.readInput(file, limit: RegularFile.soundLimit)
                } catch {
                    problems.append(scene.diagnostic(error, what: "sound file", file: file, at: path))
                    continue
                }
                do throws(WAVFile.Problem) {
                    files[file] = try SoundFile.decode(data).resampled(to: PCMSound.trackRate)
                } catch {
                    problems.append(
                        scene.source.diagnostic(
                            at: path, "sound file \(JSONText.quotedPath(file)) \(error.reason)",
                            hint: "save it as a WAV (16-bit, 24-bit or float PCM) or FLAC file, mono or stereo",
                            kind: .invalidScene))
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return KeystrokeMix(files: files)
    }
}
