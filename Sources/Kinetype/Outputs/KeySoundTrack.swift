import Foundation
import KinetypeEncode

/// The sound track of a scene's keystrokes: every press of a typewriter with a `sound`, mixed at
/// 48 kHz into exactly the length of the video (`frameCount / fps`).
extension PreparedScene {
    /// Whether any typewriter of the scene has a `sound`.
    public var hasSound: Bool { timeline.keystrokes.hasSound }

    /// The mixed track: 16-bit mono at `PCMSound.trackRate`, as long as the video.
    public var soundTrack: SoundTrack { soundTrack(isCancelled: { false }) }

    /// The mixed track, whose mixing stops with `CancellationError` once `isCancelled` says so.
    public func soundTrack(isCancelled: @escaping @Sendable () -> Bool) -> SoundTrack {
        SoundTrack(
            keystrokes: timeline.keystrokes.keystrokes, mix: sounds,
            sampleCount: KeystrokeMix.sampleCount(frameCount: timeline.frameCount, fps: timeline.fps),
            isCancelled: isCancelled)
    }

    /// The note a render to `format` gives when the scene has sound the format cannot carry.
    func soundNote(for format: OutputFormat) -> Diagnostic? {
        guard hasSound, format.traits.video == nil, !format.traits.isStill else { return nil }
        return Diagnostic(
            .note, kind: .renderFailure,
            message: "\(format.traits.name) has no sound, so the typewriters' \"sound\" is left out; "
                + "write .mp4, .webm or .mov to hear it")
    }
}
