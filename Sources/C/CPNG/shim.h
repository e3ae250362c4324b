#ifndef KINETYPE_CPNG_SHIM_H
#define KINETYPE_CPNG_SHIM_H

#include <png.h>
#include <zlib.h>

/// Parenthesised macro expressions Swift cannot import, re-exported as constants.
static const png_uint_32 kinetype_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 kinetype_png_image_version = PNG_IMAGE_VERSION;

/// The byte size of a simplified-API image buffer (PNG_IMAGE_SIZE is a macro).
static inline size_t kinetype_png_image_size(const png_image *image) {
    return PNG_IMAGE_SIZE(*image);
}

/// Whether a simplified-API call failed (PNG_IMAGE_FAILED is a macro).
static inline int kinetype_png_image_failed(const png_image *image) {
    return PNG_IMAGE_FAILED(*image);
}

#endif
