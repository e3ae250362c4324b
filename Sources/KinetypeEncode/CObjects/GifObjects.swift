import CGIF
import KinetypeCore

// Owned giflib objects. See `CairoSurface` in KinetypeRender on keeping an object alive while only
// its `pointer` is passed on.

/// A giflib color map (`ColorMapObject`); giflib copies it where it keeps one.
final class GifColorMap {
    let pointer: UnsafeMutablePointer<ColorMapObject>

    /// A map of `colors` (a power-of-two count, as giflib requires).
    init(_ colors: [GifColorType]) throws(DiagnosticList) {
        guard let map = GifMakeMapObject(Int32(colors.count), colors) else {
            throw GIFPalette.failure("giflib could not allocate the color table")
        }
        pointer = map
    }

    deinit { GifFreeMapObject(pointer) }
}

/// A giflib decoder handle (`DGifOpen`): `deinit` closes it, freeing everything it decoded.
final class GifDecoderHandle {
    let pointer: UnsafeMutablePointer<GifFileType>

    /// Takes over an opened handle.
    init(taking gif: UnsafeMutablePointer<GifFileType>) { pointer = gif }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(pointer, &error)
    }
}

/// A giflib encoder handle (`EGifOpen`). Closing writes the trailer and frees the handle:
/// `close()` does it and reports giflib's status; `deinit` closes a handle nobody closed (a failed
/// encode), ignoring the status.
final class GifEncoderHandle {
    /// Nil once closed.
    private(set) var pointer: UnsafeMutablePointer<GifFileType>?

    /// Takes over an opened handle.
    init(taking gif: UnsafeMutablePointer<GifFileType>) { pointer = gif }

    /// Writes the trailer and frees the handle (giflib frees it even when writing fails).
    /// Returns giflib's status and error code, or nil when the handle was already closed.
    func close() -> (status: Int32, error: Int32)? {
        guard let gif = pointer else { return nil }
        pointer = nil
        var error: Int32 = 0
        let status = EGifCloseFile(gif, &error)
        return (status, error)
    }

    deinit { _ = close() }
}
