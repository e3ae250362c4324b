import Foundation
import KinetypeCore

/// Writes frames as `frame_0001.png`, `frame_0002.png`, … into a folder, atomically: frames go
/// into a temporary sibling folder, and `finish()` replaces the destination folder with it in one
/// step (`AtomicFolder`). The folder also gets a `FramesManifest` listing the frames; an existing
/// destination is replaced only when it is empty or such a kinetype frames folder.
/// Numbers have at least 4 digits, more when the frame count needs them. Frames may be written
/// in any order and from several threads at once (each call writes its own file), through the
/// session's `frames`; `cancel()`, a failing `finish()`, or dropping the session unfinished
/// removes the temporary folder and leaves the destination as it was.
public typealias PNGSequenceWriter = EncoderSession<PNGSequenceWriterCore>

extension EncoderSession where Encoder == PNGSequenceWriterCore {
    /// Creates the temporary folder (`.cannotWrite` when the parent folder is missing or not
    /// writable, a file is in the way, or the destination is a folder kinetype may not replace).
    /// With a `group`, `finish()` hands the finished folder to it instead of putting it in place.
    public init(
        destination: URL, frameCount: Int, compression: PNGCompression = .default, group: OutputGroup? = nil
    ) throws {
        self.init(
            try PNGSequenceWriterCore(
                destination: destination, frameCount: frameCount, compression: compression, group: group))
    }

    /// Where the frames are written, from any thread, until the session ends.
    public var frames: PNGSequenceFrames { PNGSequenceFrames(core: encoder) }

    /// The file name of the frame at zero-based `index`: `frame_0001.png` for index 0.
    public static func fileName(index: Int, frameCount: Int) -> String {
        let digits = max(4, String(max(frameCount, 1)).count)
        let number = String(index + 1)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }
}

/// The frames of a `PNGSequenceWriter` session: writes them from any thread. Finishing and
/// cancelling are the session's.
public struct PNGSequenceFrames: Sendable {
    let core: PNGSequenceWriterCore

    /// Encodes and writes the frame at zero-based `index`.
    public func write(_ image: Image, index: Int) throws {
        try write(encoded: encode(image), index: index)
    }

    /// The PNG file of a frame, as `write(_:index:)` writes it.
    public func encode(_ image: Image) throws -> Data {
        try PNGCodec.encode(image, compression: core.compression)
    }

    /// Writes frame `index` from a PNG file `encode(_:)` made (a frame equal to an earlier one is
    /// written again from that frame's bytes, without encoding it again).
    public func write(encoded data: Data, index: Int) throws {
        try core.write(encoded: data, index: index)
    }
}

/// The state of a `PNGSequenceWriter` session.
public final class PNGSequenceWriterCore: SessionEncoder, Sendable {
    let destination: URL
    let frameCount: Int
    let compression: PNGCompression
    /// The frames folder until `finish` commits it or `cancel` removes it.
    private let folder: Locked<AtomicFolder?>
    /// Its temporary folder, which the frames are written into.
    private let temporaryFolder: URL
    /// The frames written so far.
    private let written = Locked(Set<Int>())

    /// Creates the temporary folder (`.cannotWrite` when the parent folder is missing or not
    /// writable, a file is in the way, or the destination is a folder kinetype may not replace).
    /// With a `group`, `finish()` hands the finished folder to it instead of putting it in place.
    init(
        destination: URL, frameCount: Int, compression: PNGCompression = .default, group: OutputGroup? = nil
    ) throws {
        self.destination = destination
        self.frameCount = frameCount
        self.compression = compression
        try FramesManifest.checkReplaceable(destination)
        let folder = try AtomicFolder(destination: destination, group: group)
        self.temporaryFolder = folder.temporaryURL
        self.folder = Locked(folder)
    }

    func write(encoded data: Data, index: Int) throws {
        precondition(index >= 0 && index < frameCount, "frame index \(index) outside 0..<\(frameCount)")
        let url = temporaryFolder.appendingPathComponent(
            PNGSequenceWriter.fileName(index: index, frameCount: frameCount))
        do {
            try data.write(to: url)
        } catch {
            throw OutputError.cannotWrite(destination.appendingPathComponent(url.lastPathComponent), error: error)
        }
        written.withLock { _ = $0.insert(index) }
    }

    /// Writes the manifest and replaces the destination folder with the written frames (checked
    /// again, in case files appeared in it meanwhile). Every frame must have been written.
    public func finish(_: Void) throws {
        let missing = frameCount - written.withLock { $0.count }
        guard missing == 0 else {
            cancel()
            throw Diagnostic(
                kind: .renderFailure,
                message:
                    "the PNG sequence \(OutputError.displayPath(destination)) is missing \(missing) of \(frameCount) frames"
            ).fail()
        }
        do {
            let names = (0..<frameCount).map { PNGSequenceWriter.fileName(index: $0, frameCount: frameCount) }
            let manifestURL = temporaryFolder.appendingPathComponent(FramesManifest.fileName)
            do {
                try FramesManifest(files: names).encoded().write(to: manifestURL)
            } catch {
                throw OutputError.cannotWrite(destination.appendingPathComponent(FramesManifest.fileName), error: error)
            }
            try FramesManifest.checkReplaceable(destination)
        } catch {
            cancel()
            throw error
        }
        let destination = destination
        try folder.withLock { $0.take() }?.commit(recheck: { try FramesManifest.checkReplaceable(destination) })
    }

    /// Removes the temporary folder; the destination is left as it was.
    public func cancel() {
        folder.withLock { $0.take() }?.discard()
    }
}
