import CImageQuant
import KinetypeCore

// Owned libimagequant objects; each `deinit` destroys what its initializer created. None is
// thread-safe: each belongs to one encoder. The palette `liq_get_palette` returns is lent by its
// result and is not wrapped. See `CairoSurface` in KinetypeRender on keeping an object alive while
// only its `pointer` is passed on.

private func setupFailure() -> DiagnosticList { GIFPalette.failure("libimagequant could not be set up") }

/// Quantization settings (`liq_attr`).
final class LiqAttributes {
    let pointer: OpaquePointer

    init() throws(DiagnosticList) {
        guard let attributes = liq_attr_create() else { throw setupFailure() }
        pointer = attributes
    }

    /// A copy of `other`'s settings.
    init(copying other: LiqAttributes) throws(DiagnosticList) {
        guard let attributes = withExtendedLifetime(other, { liq_attr_copy(other.pointer) }) else {
            throw setupFailure()
        }
        pointer = attributes
    }

    deinit { liq_attr_destroy(pointer) }
}

/// A histogram of colors to quantize (`liq_histogram`).
final class LiqHistogram {
    let pointer: OpaquePointer

    init(attributes: LiqAttributes) throws(DiagnosticList) {
        guard let histogram = withExtendedLifetime(attributes, { liq_histogram_create(attributes.pointer) }) else {
            throw setupFailure()
        }
        pointer = histogram
    }

    deinit { liq_histogram_destroy(pointer) }
}

/// A quantized palette with its remapping settings (`liq_result`).
final class LiqResult {
    let pointer: OpaquePointer

    /// Quantizes `histogram` with `attributes`.
    init(quantizing histogram: LiqHistogram, attributes: LiqAttributes) throws(DiagnosticList) {
        var result: OpaquePointer?
        let status = withExtendedLifetime((histogram, attributes)) {
            liq_histogram_quantize(histogram.pointer, attributes.pointer, &result)
        }
        guard status == LIQ_OK, let result else {
            throw GIFPalette.failure("libimagequant could not build a palette (\(status))")
        }
        pointer = result
    }

    deinit { liq_result_destroy(pointer) }
}

/// An RGBA image to remap (`liq_image`). libimagequant does not copy the pixels: they must stay
/// valid, unmoved, as long as this object lives.
final class LiqImage {
    let pointer: OpaquePointer

    init(attributes: LiqAttributes, borrowing pixels: UnsafeRawPointer, width: Int, height: Int) throws(DiagnosticList)
    {
        guard
            let image = withExtendedLifetime(
                attributes,
                {
                    liq_image_create_rgba(attributes.pointer, pixels, Int32(width), Int32(height), 0)
                })
        else {
            throw GIFPalette.failure("libimagequant could not remap a frame (\(LIQ_OUT_OF_MEMORY))")
        }
        pointer = image
    }

    deinit { liq_image_destroy(pointer) }
}
