import KinetypeCore

/// One frame as the bytes ffmpeg reads: RGB or RGBA rows at the video's padded size.
public struct VideoFrame: Sendable {
    /// Row after row, `paddedWidth × 3` (RGB) or `× 4` (RGBA) bytes each.
    let bytes: [UInt8]
}

/// Turns rendered images into the bytes a `VideoWriter` sends ffmpeg: straight RGBA when the video
/// keeps alpha, else RGB composited onto the matte; padded to the encoded size by repeating the
/// last column and row. A value with no state, so render workers convert their own frames in
/// parallel (`VideoWriter.converter`) and the thread that writes to ffmpeg only writes.
public struct VideoFrameConverter: Sendable {
    let width: Int
    let height: Int
    let paddedWidth: Int
    let paddedHeight: Int
    let hasAlpha: Bool
    /// The matte's red, green and blue, 0…255.
    let matte: [Int]

    init(width: Int, height: Int, paddedWidth: Int, paddedHeight: Int, hasAlpha: Bool, matte: Color) {
        self.width = width
        self.height = height
        self.paddedWidth = paddedWidth
        self.paddedHeight = paddedHeight
        self.hasAlpha = hasAlpha
        self.matte = [matte.red, matte.green, matte.blue].map { Int((min(max($0, 0), 1) * 255).rounded()) }
    }

    /// The frame's bytes. `image` must be `width`×`height` (the writer checks).
    public func frame(_ image: Image) -> VideoFrame {
        VideoFrame(bytes: hasAlpha ? rgbaBytes(image) : rgbBytes(image))
    }

    /// Straight RGBA: the image's own pixels when no padding is needed.
    private func rgbaBytes(_ image: Image) -> [UInt8] {
        guard paddedWidth != width || paddedHeight != height else { return image.pixels }
        return padded(channels: 4, image) { source, target in
            target.baseAddress!.initialize(from: source.baseAddress!, count: width * 4)
        }
    }

    /// RGB composited onto the matte: each channel is `(c·a + matte·(255 − a) + 127) / 255`, which is
    /// `c` itself for an opaque pixel and the matte for a transparent one.
    private func rgbBytes(_ image: Image) -> [UInt8] {
        let (red, green, blue) = (matte[0], matte[1], matte[2])
        let clear = (UInt8((red * 255 + 127) / 255), UInt8((green * 255 + 127) / 255), UInt8((blue * 255 + 127) / 255))
        return padded(channels: 3, image) { source, target in
            var input = source.baseAddress!
            var output = target.baseAddress!
            for _ in 0..<width {
                let alpha = Int(input[3])
                if alpha == 255 {
                    output[0] = input[0]
                    output[1] = input[1]
                    output[2] = input[2]
                } else if alpha == 0 {
                    (output[0], output[1], output[2]) = clear
                } else {
                    let under = 255 - alpha
                    output[0] = UInt8((Int(input[0]) * alpha + red * under + 127) / 255)
                    output[1] = UInt8((Int(input[1]) * alpha + green * under + 127) / 255)
                    output[2] = UInt8((Int(input[2]) * alpha + blue * under + 127) / 255)
                }
                input += 4
                output += 3
            }
        }
    }

    /// A padded frame of `channels` bytes a pixel: `convertRow` turns each source row (RGBA) into
    /// the first `width` pixels of its output row; the padding repeats the last column and row.
    private func padded(
        channels: Int, _ image: Image,
        convertRow: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) -> [UInt8] {
        let rowBytes = paddedWidth * channels
        let count = rowBytes * paddedHeight
        return [UInt8](largeUninitializedCapacity: count) { output, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<height {
                    let row = UnsafeMutableBufferPointer(rebasing: output[(y * rowBytes)..<((y + 1) * rowBytes)])
                    convertRow(UnsafeBufferPointer(rebasing: pixels[(y * width * 4)..<((y + 1) * width * 4)]), row)
                    let last = row.baseAddress! + (width - 1) * channels
                    for x in width..<paddedWidth {
                        (row.baseAddress! + x * channels).initialize(from: last, count: channels)
                    }
                }
                let lastRow = output.baseAddress! + (height - 1) * rowBytes
                for y in height..<paddedHeight {
                    (output.baseAddress! + y * rowBytes).initialize(from: lastRow, count: rowBytes)
                }
            }
            initialized = count
        }
    }
}
