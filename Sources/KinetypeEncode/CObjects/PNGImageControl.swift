import CPNG

/// libpng's simplified-API control structure (`png_image`) at a fixed address; `deinit` frees
/// what libpng allocated for it (`png_image_free`, safe on a structure libpng already released).
final class PNGImageControl {
    let pointer: UnsafeMutablePointer<png_image>

    /// A zeroed structure of the library's version.
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: png_image())
        pointer.pointee.version = kinetype_png_image_version
    }

    deinit {
        png_image_free(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// libpng's message about the last failure.
    var message: String {
        withUnsafeBytes(of: &pointer.pointee.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
