import CWebP
import Foundation
import KinetypeCore

/// An animated WebP encoder on libwebp's `WebPAnimEncoder`.
///
/// `WebPEncoder(width:height:options:destination:group:)` starts an `EncoderSession`: call
/// `addFrame(_:startTime:)` for every frame in display order, then `finish(endTime:)`.
///
/// - Lossless by default: every decoded frame equals its input, alpha included (`exact`, so even
///   the colors under fully transparent pixels are kept). With `WebPOptions.quality` each frame is
///   lossy (VP8, lossless alpha) or lossless, whichever libwebp finds smaller (`allow_mixed`), and
///   a lossless encoding of the same frames is kept alongside: `finish` writes the smaller file,
///   so a lossy WebP is never larger than the lossless one (text compresses better losslessly).
/// - libwebp picks each frame's rectangle, blend and dispose method and merges identical
///   consecutive frames (their durations add up). Options are fixed (`minimize_size` off,
///   libwebp's key-frame defaults, one thread), so the same frames always give the same bytes.
/// - Timestamps are whole milliseconds, `round(1000 · t)` of each frame's start time, so
///   durations never drift; a frame that would last under 1 ms is left out.
/// - Memory: libwebp keeps the encoded (compressed) frames until `finish` assembles the file,
///   plus a few canvases, so it grows with the output's size, not with frames × pixels. The
///   file is then written in one piece.
///
/// Created with a `destination`, the encoder makes the temporary file at once (so a missing or
/// read-only folder fails before any frame is rendered) and `finish` renames it into place;
/// `cancel()` or dropping the session unfinished leaves the destination as it was. Not
/// thread-safe.
public typealias WebPEncoder = EncoderSession<WebPEncoderCore>

extension EncoderSession where Encoder == WebPEncoderCore {
    /// An animated WebP built in memory (`finish` returns its bytes), or with `destination`,
    /// written there atomically (the temporary file is made at once, so a missing or read-only
    /// folder fails before any frame is rendered).
    public init(
        width: Int, height: Int, options: WebPOptions = WebPOptions(), destination: URL? = nil,
        group: OutputGroup? = nil
    ) throws {
        self.init(
            try WebPEncoderCore(width: width, height: height, options: options, destination: destination, group: group))
    }
}

/// The state of a `WebPEncoder` session.
public final class WebPEncoderCore: AnimatedImageEncoderCore {
    let width: Int
    let height: Int

    private let encoder: WebPAnimEncoderObject
    private var config = WebPConfig()
    /// With a quality: the lossless encoding of the same frames, which wins when it is smaller.
    private let lossless: WebPAnimEncoderObject?
    private var losslessConfig = WebPConfig()
    private var file: AtomicFile?
    private var lastStart: Int?

    /// The largest canvas side WebP can store.
    public static let maximumSide = 16383

    init(
        width: Int, height: Int, options: WebPOptions = WebPOptions(), destination: URL? = nil,
        group: OutputGroup? = nil
    ) throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw WebPFailure.encode(
                "a WebP must be 1…\(Self.maximumSide) pixels wide and high, not \(width)×\(height)")
        }
        self.width = width
        self.height = height
        var animation = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animation) != 0, WebPConfigInit(&config) != 0 else {
            throw WebPFailure.encode("libwebp's version does not match its headers")
        }
        animation.anim_params.loop_count = Int32(min(max(options.loop, 0), 65535))
        animation.anim_params.bgcolor = 0
        animation.minimize_size = 0
        animation.allow_mixed = 0
        animation.verbose = 0
        guard WebPConfigInit(&losslessConfig) != 0 else {
            throw WebPFailure.encode("libwebp's version does not match its headers")
        }
        losslessConfig.lossless = 1
        losslessConfig.exact = 1
        losslessConfig.thread_level = 0
        guard WebPValidateConfig(&losslessConfig) != 0 else { throw WebPFailure.encode("libwebp refused the settings") }
        if let quality = options.quality {
            config.lossless = 0
            config.quality = Float(
                min(max(quality, WebPOptions.qualities.lowerBound), WebPOptions.qualities.upperBound))
            config.thread_level = 0
            guard WebPValidateConfig(&config) != 0 else { throw WebPFailure.encode("libwebp refused the settings") }
            var losslessAnimation = animation
            lossless = try WebPAnimEncoderObject(width: width, height: height, options: &losslessAnimation)
            animation.allow_mixed = 1
        } else {
            config = losslessConfig
            lossless = nil
        }
        encoder = try WebPAnimEncoderObject(width: width, height: height, options: &animation)
        file = try destination.map { try AtomicFile(destination: $0, group: group) }
    }

    public func addFrame(_ image: Image, startTime: Double) throws {
        guard image.width == width, image.height == height else {
            throw WebPFailure.encode("a frame is \(image.width)×\(image.height), but the WebP is \(width)×\(height)")
        }
        let start = FrameTiming.milliseconds(startTime)
        if let lastStart, start <= lastStart { return }
        let picture = try WebPPictureObject(image)
        guard WebPAnimEncoderAdd(encoder.pointer, picture.pointer, Int32(clamping: start), &config) != 0 else {
            throw WebPFailure.encode(encoder.errorMessage)
        }
        if let lossless {
            let copy = try WebPPictureObject(image)
            guard WebPAnimEncoderAdd(lossless.pointer, copy.pointer, Int32(clamping: start), &losslessConfig) != 0
            else { throw WebPFailure.encode(lossless.errorMessage) }
        }
        lastStart = start
    }

    /// Ends the animation at `endTime` seconds. In memory: returns the file's bytes. With a
    /// destination: writes and renames the file into place and returns its bytes too. On failure
    /// nothing is left behind.
    public func finish(_ endTime: Double) throws -> Data {
        do {
            guard let lastStart else { throw WebPFailure.encode("the animation has no frames") }
            let end = max(FrameTiming.milliseconds(endTime), lastStart + 1)
            var data = Data()
            for candidate in [encoder] + (lossless.map { [$0] } ?? []) {
                guard WebPAnimEncoderAdd(candidate.pointer, nil, Int32(clamping: end), nil) != 0 else {
                    throw WebPFailure.encode(candidate.errorMessage)
                }
                let assembled = try candidate.assemble()
                // The lossy (mixed) file unless the lossless one is strictly smaller.
                if data.isEmpty || assembled.count < data.count { data = assembled }
            }
            if let file = file.take() {
                try file.write(data)
                try file.commit()
            }
            return data
        } catch {
            file.take()?.discard()
            throw error
        }
    }

    public func cancel() {
        file.take()?.discard()
    }
}
