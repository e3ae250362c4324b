import Foundation
import KinetypeEncode

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loader's sound stage: reads every distinct `file` of the typewriters' `sound`s (confined to
/// the scene's root, a regular file of at most `RegularFile.soundLimit` bytes), decodes it by its
/// content as WAV (`WAVFile`: 16/24-bit integer or float PCM) or FLAC (`FLACFile`: 4 to 32 bits),
/// mono or stereo, up to `WAVFile.longestSound` (`SoundFile`), and resamples it to the track's 48 kHz.
/// Every problem is a diagnostic at its `layers[i].animations[j].sound.file`.
///
/// A file is read, decoded and resampled once, however many names lead to it (`x.wav`, `./x.wav`,
/// `a/../x.wav`, a symbolic link): names are told apart by the file they open (device and inode),
/// as fonts are by their resolved path, so memory follows the files, not the names.
enum SceneSoundResolution {
    /// The mixer with every sound file decoded. Throws a `DiagnosticList` with every problem.
    static func decode(_ scene: Scene) throws -> KeystrokeMix {
        var mix = KeystrokeMix()
        var soundOfIdentity: [FileIdentity: Int] = [:]
        var problemOfIdentity: [FileIdentity: WAVFile.Problem] = [:]
        var problems: [Diagnostic] = []
        for (layerIndex, layer) in scene.layers.enumerated() {
            for (animationIndex, animation) in layer.animations.enumerated() {
                guard case .typewriter(let typewriter) = animation.kind,
                    case .file(let file) = typewriter.sound?.source, mix.soundOfFile[file] == nil
                else { continue }
                let path = "layers[\(layerIndex)].animations[\(animationIndex)].sound.file"
                func refuse(_ problem: WAVFile.Problem) {
                    problems.append(
                        scene.source.diagnostic(
                            at: path, "sound file \(JSONText.quotedPath(file)) \(problem.reason)",
                            hint: "save it as a WAV (16-bit, 24-bit or float PCM) or FLAC file, mono or stereo",
                            kind: .invalidScene))
                }
                let data: Data
                let identity: FileIdentity?
                do {
                    let resolved = try scene.inputPath(file)
                    identity = FileIdentity(path: resolved)
                    if let identity, let known = soundOfIdentity[identity] {
                        mix.alias(file, to: known)
                        continue
                    }
                    if let identity, let problem = problemOfIdentity[identity] {
                        refuse(problem)
                        continue
                    }
                    data = try RegularFile.read(resolved, limit: RegularFile.soundLimit)
                } catch {
                    problems.append(scene.diagnostic(error, what: "sound file", file: file, at: path))
                    continue
                }
                do throws(WAVFile.Problem) {
                    let index = mix.add(try SoundFile.decode(data).resampled(to: PCMSound.trackRate), named: file)
                    if let identity { soundOfIdentity[identity] = index }
                } catch {
                    if let identity { problemOfIdentity[identity] = error }
                    refuse(error)
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return mix
    }

    /// Which file a path opens, whatever the path's spelling: its device and inode.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        /// Nil when the path cannot be looked at (reading it then reports why).
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }
}
