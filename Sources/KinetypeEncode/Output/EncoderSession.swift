import Foundation

/// The state of an encoder behind its `EncoderSession`: frames go in through the session, which
/// calls `finish(_:)` or `cancel()` exactly once. Only KinetypeEncode makes these (their
/// initializers are internal) and only the session reaches one, so neither is called twice.
public protocol SessionEncoder: AnyObject {
    /// What `finish` needs besides the frames: the animation's end time, or nothing.
    associatedtype Ending
    /// What a finished encoder gives back: its bytes when it encodes in memory.
    associatedtype Finished

    /// Completes the file (renamed into place when it has a destination). On failure it leaves
    /// nothing behind.
    func finish(_ ending: Ending) throws -> Finished
    /// Abandons the file: a temporary is removed and the destination is left as it was.
    func cancel()
}

/// One encoding, from its first frame to its file, shared by every frame encoder (APNG, WebP,
/// GIF and video): noncopyable, and `finish` and `cancel` consume it, so finishing twice, adding
/// a frame after the end, or cancelling a finished file is a compile error, not a run-time check.
/// Dropped unfinished (a throw on the way), it cancels, so no temporary outlives it.
///
/// Each encoder adds its frame methods in an extension (`APNGEncoder.addFrame`,
/// `GIFFrameWriter.write`, `VideoWriter.write`).
public struct EncoderSession<Encoder: SessionEncoder>: ~Copyable {
    /// The encoder's state; frames reach it only through this session's extensions.
    let encoder: Encoder
    /// Whether `finish` or `cancel` ended the session, so that deinit leaves it alone.
    private var isEnded = false

    init(_ encoder: Encoder) {
        self.encoder = encoder
    }

    /// Completes the file: see the encoder's `finish`.
    @discardableResult
    public consuming func finish(_ ending: Encoder.Ending) throws -> Encoder.Finished {
        isEnded = true
        return try encoder.finish(ending)
    }

    /// Abandons the file: a temporary is removed and the destination is left as it was.
    public consuming func cancel() {
        isEnded = true
        encoder.cancel()
    }

    deinit {
        if !isEnded { encoder.cancel() }
    }
}

extension EncoderSession where Encoder.Ending == Void {
    /// Completes the file: see the encoder's `finish`.
    @discardableResult
    public consuming func finish() throws -> Encoder.Finished {
        try finish(())
    }
}

extension EncoderSession where Encoder.Ending == Double {
    /// Ends the animation at `endTime` seconds and completes the file: see the encoder's `finish`.
    @discardableResult
    public consuming func finish(endTime: Double) throws -> Encoder.Finished {
        try finish(endTime)
    }
}
