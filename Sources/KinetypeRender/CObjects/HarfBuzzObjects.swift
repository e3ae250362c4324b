import CPangoCairo

/// A HarfBuzz face of one font file; `deinit` releases it and the file's blob.
///
/// A missing or unreadable file gives HarfBuzz's empty blob and face, which have no tables, so
/// every query on them finds nothing.
final class HarfBuzzFace {
    let pointer: OpaquePointer
    private let blob: OpaquePointer

    /// Face `index` of the font file at `file`, or nil when HarfBuzz is out of memory.
    init?(file: String, index: UInt32) {
        guard let blob = hb_blob_create_from_file(file) else { return nil }
        guard let face = hb_face_create(blob, index) else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        pointer = face
    }

    deinit {
        hb_face_destroy(pointer)
        hb_blob_destroy(blob)
    }
}
