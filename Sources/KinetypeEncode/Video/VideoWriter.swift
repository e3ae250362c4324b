import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a video by piping frames to an `ffmpeg` process found on PATH.
///
/// When `options.keepsAlpha` and the format carries alpha (WebM, MOV), frames are sent as straight
/// RGBA and encoded with an alpha plane; otherwise they are composited onto `options.matte` and sent
/// as RGB. Odd sizes are padded to even ones for the 4:2:0 formats (MP4, WebM) by repeating the last
/// column or row. Colors are converted and tagged as BT.709 (`VideoFormat`).
/// ffmpeg writes a temporary file next to the destination, renamed over it by `finish()` only
/// after ffmpeg printed no error and the file proved to be the video that was sent
/// (`VideoVerification`); `cancel()`, a failure, or dropping the session unfinished removes it and
/// leaves the destination as it was. Disk errors (no space, quota, read-only) are `.cannotWrite`.
/// Frames go through `DescriptorWrite`, so a crashed ffmpeg is reported as an error, not a SIGPIPE.
///
/// Frames are written into ffmpeg's pipe on a thread of their own (`OrderedWork` with one worker,
/// a few frames queued), so the caller goes on rendering while ffmpeg reads; a failed write is
/// thrown by a later `write` or by `finish`. `converter` turns images into frames on any thread,
/// so render workers can do it in parallel and hand `write(_: VideoFrame)` ready bytes.
public typealias VideoWriter = EncoderSession<VideoWriterCore>

extension EncoderSession where Encoder == VideoWriterCore {
    /// Starts ffmpeg. `searchPath` replaces the PATH used to find it (a colon-separated list).
    /// With a `group`, the checked video is handed to it by `finish()` instead of put in place.
    /// `audio` becomes the video's sound track, encoded by `format.audioArguments`;
    /// it must last as long as the frames.
    /// - Throws: a `.usage` Diagnostic for a CRF outside the format's range (or any CRF for ProRes).
    public init(
        url: URL, width: Int, height: Int, fps: Double, format: VideoFormat, options: VideoOptions = VideoOptions(),
        searchPath: String? = nil, group: OutputGroup? = nil, audio track: SoundTrack? = nil
    ) throws {
        self.init(
            try VideoWriterCore(
                url: url, width: width, height: height, fps: fps, format: format, options: options,
                searchPath: searchPath, group: group, audio: track))
    }

    /// Whether the video has an alpha channel: alpha was asked for and the format carries it.
    public var hasAlpha: Bool { encoder.hasAlpha }
    /// Frames written so far.
    public var frameCount: Int { encoder.frameCount }
    /// Turns images into this video's frames; `write(_: Image)` uses it on the calling thread.
    public var converter: VideoFrameConverter { encoder.converter }

    /// Sends one frame to ffmpeg.
    public func write(_ image: Image) throws {
        try encoder.write(image)
    }

    /// Queues one frame made by `converter` for ffmpeg, after waiting while `queuedFrames` wait.
    public func write(_ frame: VideoFrame) throws {
        try encoder.write(frame)
    }
}

/// The state of a `VideoWriter` session.
public final class VideoWriterCore: SessionEncoder {
    let url: URL
    let width: Int
    let height: Int
    let fps: Double
    let format: VideoFormat
    let hasAlpha: Bool
    private(set) var frameCount = 0
    let converter: VideoFrameConverter

    /// The video's file until `finish` commits it or the video is abandoned.
    private var output: AtomicFile?
    /// Where ffmpeg writes the video: `output`'s temporary.
    private let outputTemporary: URL
    /// The sound track as a WAV beside the video's temporary, ffmpeg's second input; removed when
    /// the video is finished or cancelled, and by deinit.
    private var audio: AtomicFile?
    private let ffprobe: URL?
    private let process = Process()
    private let input = Pipe()
    private let errorOutput = PipeDrain()
    private let paddedWidth: Int
    private let paddedHeight: Int
    /// Whether ffmpeg was waited for: by `finish`, or by `cancel` (which a refused frame calls too).
    private var isStopped = false
    /// Writes frames into ffmpeg's pipe, in order, on its one thread; nil once stopped.
    private var pipeWriter: OrderedWork<VideoFrame, Void>?

    /// Frames queued for the pipe beyond the one being written: enough that a frame is always
    /// ready when ffmpeg reads, few enough that memory stays a few frames.
    static let queuedFrames = 2
    /// The pipe's buffer (Linux's default is 64 KiB; 1 MiB is the most an unprivileged process
    /// may ask by default): fewer, larger handovers between kinetype and ffmpeg.
    static let pipeBufferBytes = 1 << 20

    init(
        url: URL, width: Int, height: Int, fps: Double, format: VideoFormat, options: VideoOptions = VideoOptions(),
        searchPath: String? = nil, group: OutputGroup? = nil, audio track: SoundTrack? = nil
    ) throws {
        guard width > 0, height > 0 else {
            throw Diagnostic(kind: .renderFailure, message: "cannot write a \(width)×\(height) video").fail()
        }
        guard fps.isFinite, fps > 0 else {
            throw Diagnostic(kind: .renderFailure, message: "cannot write a video at \(fps) frames per second").fail()
        }
        try VideoWriter.check(options.crf, for: format)
        guard let ffmpeg = VideoWriter.findFFmpeg(searchPath: searchPath) else {
            throw Diagnostic(
                kind: .renderFailure,
                message: "ffmpeg was not found on PATH; install it (apt-get install ffmpeg) to write .mp4/.webm/.mov",
                hint: "on macOS: brew install ffmpeg; or write a .gif or a PNG sequence instead"
            ).fail()
        }
        self.url = url
        self.width = width
        self.height = height
        self.fps = fps
        self.format = format
        self.hasAlpha = options.keepsAlpha && format.carriesAlpha
        let evenWidth = format.needsEvenSize ? width + width % 2 : width
        let evenHeight = format.needsEvenSize ? height + height % 2 : height
        self.paddedWidth = max(evenWidth, format.minimumEncodedSide)
        self.paddedHeight = max(evenHeight, format.minimumEncodedSide)
        self.converter = VideoFrameConverter(
            width: width, height: height, paddedWidth: paddedWidth, paddedHeight: paddedHeight, hasAlpha: hasAlpha,
            matte: options.matte)
        let output = try AtomicFile(destination: url, group: group)
        self.outputTemporary = output.temporaryURL
        // A temporary of the video's own kind (hidden, beside it, removed by a later run if this
        // one is killed) that is only ever discarded, never put in place. A failure drops both
        // files, which removes their temporaries.
        let audioTemporary: URL?
        if let track {
            let audio = try AtomicFile(destination: url)
            try track.writeWAV(intoTemporaryOf: audio)
            audioTemporary = audio.temporaryURL
            self.audio = consume audio
        } else {
            audioTemporary = nil
            self.audio = nil
        }
        self.output = consume output
        self.ffprobe = VideoVerification.findFFprobe(besides: ffmpeg, searchPath: searchPath)

        process.executableURL = ffmpeg
        // Built in steps: as one expression of `+` and `??` it took the type checker over a second.
        var arguments: [String] = [
            "-hide_banner", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", hasAlpha ? "rgba" : "rgb24", "-s", "\(paddedWidth)x\(paddedHeight)",
            "-framerate", Self.rateArgument(fps), "-i", "-",
        ]
        if let audioTemporary {
            arguments += ["-f", "wav", "-i", audioTemporary.path, "-map", "0:v", "-map", "1:a"]
        } else {
            arguments += ["-an"]
        }
        arguments += ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact"]
        if audioTemporary != nil { arguments += format.audioArguments }
        arguments += format.ffmpegOutputArguments(crf: options.crf, alpha: hasAlpha)
        arguments += format.croppingArguments(
            width: evenWidth, height: evenHeight, paddedWidth: paddedWidth, paddedHeight: paddedHeight)
        arguments += ["-y", outputTemporary.path]
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorOutput.pipe
        do {
            try process.run()
        } catch {
            self.output.take()?.discard()
            self.audio.take()?.discard()
            throw Diagnostic(
                kind: .renderFailure, message: "cannot start \(ffmpeg.path): \(SystemError.reason(of: error))"
            ).fail()
        }
        errorOutput.start()
        let descriptor = input.fileHandleForWriting.fileDescriptor
        Self.enlargePipe(descriptor)
        pipeWriter = OrderedWork(workers: 1, maxPending: Self.queuedFrames + 1) { frame in
            if let code = frame.bytes.withUnsafeBytes({ DescriptorWrite.all($0, to: descriptor) }) {
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        }
    }

    func write(_ image: Image) throws {
        guard image.width == width, image.height == height else {
            throw failure("a frame is \(image.width)×\(image.height), but the video is \(width)×\(height)")
        }
        try write(converter.frame(image))
    }

    func write(_ frame: VideoFrame) throws {
        guard let pipeWriter else { throw failure("ffmpeg stopped accepting frames" + errorOutput.suffix) }
        guard frame.bytes.count == paddedWidth * paddedHeight * (hasAlpha ? 4 : 3) else {
            throw failure("a frame of \(frame.bytes.count) bytes was not made by this video's converter")
        }
        do {
            try pipeWriter.submit(frame, deliver: {})
            frameCount += 1
        } catch {
            throw stoppedAcceptingFrames()
        }
    }

    /// Cancels, and the error of a write ffmpeg refused: its own message when it names a disk
    /// error, else that it stopped accepting frames.
    private func stoppedAcceptingFrames() -> DiagnosticList {
        cancel()
        if let diagnostic = VideoVerification.failure(fromFFmpegOutput: errorOutput.text, destination: url),
            diagnostic.first?.kind == .cannotWrite
        {
            return diagnostic
        }
        return failure("ffmpeg stopped accepting frames" + errorOutput.suffix)
    }

    /// Asks for a pipe buffer of `pipeBufferBytes`; where that is refused the default stays.
    private static func enlargePipe(_ descriptor: Int32) {
        #if os(Linux)
            // F_SETPIPE_SZ, which Glibc's module does not export.
            let setPipeSize: Int32 = 1031
            _ = fcntl(descriptor, setPipeSize, Int32(pipeBufferBytes))
        #endif
    }

    /// Waits for ffmpeg to finish, checks what it printed and wrote, and only then renames the
    /// video over the destination.
    public func finish(_: Void) throws {
        guard frameCount > 0 else {
            cancel()
            throw failure("the video has no frames")
        }
        do {
            try pipeWriter?.finish(deliver: {})
            pipeWriter = nil
        } catch {
            throw stoppedAcceptingFrames()
        }
        isStopped = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errorOutput.wait()
        audio.take()?.discard()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            output.take()?.discard()
            if let diagnostic = VideoVerification.failure(fromFFmpegOutput: errorOutput.text, destination: url),
                diagnostic.first?.kind == .cannotWrite
            {
                throw diagnostic
            }
            throw failure("ffmpeg failed (exit status \(process.terminationStatus))" + errorOutput.suffix)
        }
        if let diagnostic = VideoVerification.failure(fromFFmpegOutput: errorOutput.text, destination: url) {
            output.take()?.discard()
            throw diagnostic
        }
        if let problem = VideoVerification.problem(
            with: outputTemporary, format: format, frames: frameCount,
            fps: fps, alpha: hasAlpha, ffprobe: ffprobe)
        {
            output.take()?.discard()
            throw failure(problem)
        }
        try output.take()?.commit()
    }

    /// Stops ffmpeg and removes the temporary file; the destination is left as it was. Called again
    /// (a refused frame stopped the video before the session ended), it does nothing.
    public func cancel() {
        guard !isStopped else { return }
        isStopped = true
        // ffmpeg is told to stop first. The writer thread is joined before the descriptor it
        // writes to is closed: it takes no further frame, and one it is writing ends once ffmpeg
        // (now stopping) reads it or exits (EPIPE). Only then is the pipe closed, which ends an
        // ffmpeg waiting to read.
        if process.isRunning { process.terminate() }
        pipeWriter = nil
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errorOutput.wait()
        output.take()?.discard()
        audio.take()?.discard()
    }

}

extension EncoderSession where Encoder == VideoWriterCore {
    /// The `ffmpeg` executable in `searchPath` (default: the PATH environment variable).
    public static func findFFmpeg(searchPath: String? = nil) -> URL? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Checks that the format takes `crf` (nil, the default, always passes).
    static func check(_ crf: Int?, for format: VideoFormat) throws {
        guard let crf else { return }
        guard let range = format.crfRange else {
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(format.codecName) (.\(format.fileExtension)) has no CRF; it encodes at a fixed high quality",
                hint: "leave out the CRF, or write .mp4 or .webm to choose a quality"
            ).fail()
        }
        guard range.contains(crf) else {
            throw Diagnostic(
                kind: .usage,
                message:
                    "the CRF of \(format.codecName) (.\(format.fileExtension)) is \(range.lowerBound)…\(range.upperBound), not \(crf)",
                hint: "lower is better and larger; the default is \(format.defaultCRF ?? range.lowerBound)"
            ).fail()
        }
    }

}

extension VideoWriterCore {
    private func failure(_ message: String) -> DiagnosticList {
        DiagnosticList(
            Diagnostic(kind: .renderFailure, message: "cannot write \(OutputError.displayPath(url)): \(message)"))
    }

    /// ffmpeg's frame-rate argument: an integer when possible, else a fraction over 1000.
    private static func rateArgument(_ fps: Double) -> String {
        if fps == fps.rounded() { return String(Int(fps)) }
        return "\(Int((fps * 1000).rounded()))/1000"
    }
}
