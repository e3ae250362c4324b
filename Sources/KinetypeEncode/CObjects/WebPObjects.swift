import CWebP
import Foundation
import KinetypeCore

/// libwebp's animation encoder (`WebPAnimEncoder`); `deinit` deletes it.
final class WebPAnimEncoderObject {
    let pointer: OpaquePointer

    /// Throws `.renderFailure` when libwebp refuses the canvas size or options.
    init(width: Int, height: Int, options: inout WebPAnimEncoderOptions) throws {
        guard let pointer = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw WebPFailure.encode("libwebp cannot create an animation of \(width)×\(height) pixels")
        }
        self.pointer = pointer
    }

    deinit { WebPAnimEncoderDelete(pointer) }

    /// The assembled animation, copied out of libwebp's buffer, which is freed here.
    func assemble() throws -> Data {
        var assembled = WebPData()
        guard WebPAnimEncoderAssemble(pointer, &assembled) != 0 else { throw WebPFailure.encode(errorMessage) }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
        return Data(bytes: assembled.bytes, count: assembled.size)
    }

    /// libwebp's message about the last failure.
    var errorMessage: String {
        guard let message = WebPAnimEncoderGetError(pointer) else { return "unknown error" }
        let text = String(cString: message)
        return text.isEmpty ? "unknown error" : text
    }
}

/// A `WebPPicture` holding one frame in ARGB (the form lossless and the animation encoder use);
/// `deinit` frees its pixels.
final class WebPPictureObject {
    let pointer: UnsafeMutablePointer<WebPPicture>

    /// Imports `image` (straight RGBA). Throws `.renderFailure` when libwebp runs out of memory.
    init(_ image: Image) throws {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: WebPPicture())
        guard WebPPictureInit(pointer) != 0 else {
            pointer.deallocate()
            throw WebPFailure.encode("libwebp's picture version does not match its headers")
        }
        pointer.pointee.use_argb = 1
        pointer.pointee.width = Int32(image.width)
        pointer.pointee.height = Int32(image.height)
        let imported = image.pixels.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(pointer, pixels.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else {
            WebPPictureFree(pointer)
            pointer.deallocate()
            throw WebPFailure.encode("libwebp could not take a \(image.width)×\(image.height) frame (out of memory)")
        }
    }

    deinit {
        WebPPictureFree(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// libwebp's animation decoder (`WebPAnimDecoder`) over bytes it borrows; `deinit` deletes it.
/// The bytes must outlive it, so it keeps them.
final class WebPAnimDecoderObject {
    let pointer: OpaquePointer
    private let bytes: UnsafeMutableRawBufferPointer

    /// Throws `.renderFailure` naming `name` when the data is not an animated or still WebP.
    init(_ data: [UInt8], name: String) throws {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { source in bytes.copyMemory(from: source) }
        self.bytes = bytes
        var webpData = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: data.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw WebPFailure.decode(name, "libwebp's decoder version does not match its headers")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let pointer = WebPAnimDecoderNew(&webpData, &options) else {
            bytes.deallocate()
            throw WebPFailure.decode(name, "it is not a WebP image")
        }
        self.pointer = pointer
    }

    deinit {
        WebPAnimDecoderDelete(pointer)
        bytes.deallocate()
    }
}

/// The diagnostics of the WebP encoder and decoder.
enum WebPFailure {
    static func encode(_ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot encode WebP: \(message)"))
    }

    static func decode(_ name: String, _ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot read \(name) as WebP: \(message)"))
    }
}
