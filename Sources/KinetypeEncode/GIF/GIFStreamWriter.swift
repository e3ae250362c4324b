import CGIF
import Foundation
import KinetypeCore

/// A rectangle of a GIF frame, in canvas pixels.
struct GIFRect: Equatable, Sendable {
    var x: Int, y: Int, width: Int, height: Int
}

/// A thin wrapper of giflib's encoder: screen descriptor with the global palette, loop block,
/// then frames (graphic control extension + image), written through giflib's output function
/// into a `OutputByteSink`.
final class GIFStreamWriter {
    private let handle: GifEncoderHandle
    private var gif: UnsafeMutablePointer<GifFileType>? { handle.pointer }
    private let sink: OutputByteSink

    /// - Parameters:
    ///   - colors: the global palette as 0xRRGGBB, padded to `tableSize` (a power of two).
    ///   - loopCount: the NETSCAPE2.0 count, or nil for no loop block.
    init(
        sink: OutputByteSink, width: Int, height: Int, colors: [UInt32], tableSize: Int, backgroundIndex: Int,
        loopCount: Int?
    ) throws {
        self.sink = sink
        var error: Int32 = 0
        let userData = Unmanaged.passUnretained(sink).toOpaque()
        guard
            let gif = EGifOpen(
                userData,
                { file, bytes, length in
                    guard let file, let bytes, let user = file.pointee.UserData else { return 0 }
                    let sink = Unmanaged<OutputByteSink>.fromOpaque(user).takeUnretainedValue()
                    return sink.appendRemembering(UnsafeRawBufferPointer(start: bytes, count: Int(length))) ? length : 0
                }, &error)
        else {
            throw Self.failure(code: error)
        }
        handle = GifEncoderHandle(taking: gif)
        EGifSetGifVersion(gif, true)

        var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: tableSize)
        for (index, color) in colors.prefix(tableSize).enumerated() {
            table[index] = GifColorType(
                Red: UInt8(color >> 16 & 0xFF), Green: UInt8(color >> 8 & 0xFF), Blue: UInt8(color & 0xFF))
        }
        // giflib copies the map into the handle.
        let colorMap = try GifColorMap(table)
        try withExtendedLifetime(colorMap) {
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(backgroundIndex), colorMap.pointer))
        }

        if let loopCount {
            let count = UInt16(clamping: loopCount)
            var identifier = Array("NETSCAPE2.0".utf8)
            var block: [UInt8] = [1, UInt8(count & 0xFF), UInt8(count >> 8)]
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
            try check(EGifPutExtensionBlock(gif, Int32(identifier.count), &identifier))
            try check(EGifPutExtensionBlock(gif, Int32(block.count), &block))
            try check(EGifPutExtensionTrailer(gif))
        }
    }

    /// Writes one frame: its graphic control extension through giflib, then the image descriptor
    /// and the LZW data written here, at the smallest code size that holds the frame's largest
    /// index (giflib would always use the color table's, up to a bit more a pixel).
    func writeFrame(rect: GIFRect, pixels: [UInt8], delay: Int, disposal: Int32, transparentIndex: UInt8) throws {
        let codeSize = GIFLZWEncoder.minimumCodeSize(forLargestIndex: max(pixels.max() ?? 0, transparentIndex))
        try writeFrame(
            rect: rect, codeSize: codeSize, compressed: GIFLZWEncoder.encode(pixels, minimumCodeSize: codeSize),
            delay: delay, disposal: disposal, transparentIndex: transparentIndex)
    }

    /// Writes one frame whose pixels are already compressed at `codeSize`.
    func writeFrame(
        rect: GIFRect, codeSize: Int, compressed: [UInt8], delay: Int, disposal: Int32, transparentIndex: UInt8
    ) throws {
        guard let gif else { throw GIFPalette.failure("the GIF was already finished") }
        var control = GraphicsControlBlock(
            DisposalMode: disposal, UserInputFlag: false,
            DelayTime: Int32(delay), TransparentColor: Int32(transparentIndex))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))

        var bytes: [UInt8] = [0x2C]
        for value in [rect.x, rect.y, rect.width, rect.height] {
            bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
        }
        bytes += [0x00, UInt8(codeSize)]
        bytes.reserveCapacity(bytes.count + compressed.count + compressed.count / 255 + 2)
        for start in stride(from: 0, to: compressed.count, by: 255) {
            let end = min(start + 255, compressed.count)
            bytes.append(UInt8(end - start))
            bytes += compressed[start..<end]
        }
        bytes.append(0)
        try sink.append(bytes)
    }

    /// Writes the trailer and releases giflib's handle (the sink then holds the whole file).
    func close() throws {
        guard let (status, error) = handle.close() else { throw GIFPalette.failure("the GIF was already finished") }
        if let writeError = sink.writeError { throw writeError }
        guard status == GIF_OK else { throw Self.failure(code: error) }
    }

    private func check(_ status: Int32) throws {
        if let writeError = sink.writeError { throw writeError }
        guard status == GIF_OK else { throw Self.failure(code: gif?.pointee.Error ?? 0) }
    }

    private static func failure(code: Int32) -> DiagnosticList {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return GIFPalette.failure(reason)
    }
}
