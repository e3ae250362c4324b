// The public library includes the scene model, diagnostics and timeline of KinetypeCore.
@_exported import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// GIF dithering for scenes with more than 255 colors.
public typealias GIFDither = KinetypeEncode.GIFDither
/// GIF encoder settings.
public typealias GIFOptions = KinetypeEncode.GIFOptions
/// A font family with its styles, as `kinetype fonts` lists it.
public typealias FontFamilyInfo = KinetypeRender.FontFamilyInfo
/// Perceptual comparison limits for `verify`.
public typealias ComparisonOptions = KinetypeEncode.ComparisonOptions
/// How hard PNG outputs are compressed; its `levels` are the range of `--png-compression`.
public typealias PNGCompression = KinetypeEncode.PNGCompression
/// A video container and codec (`.mp4`, `.webm`, `.mov`); its `crfRange` bounds `--crf`.
public typealias VideoFormat = KinetypeEncode.VideoFormat
/// The outputs of one command, put in place together (`RenderOptions.group`).
public typealias OutputGroup = KinetypeEncode.OutputGroup
/// The owner of an `OutputGroup`, which commits or discards it: see `KinetypeEncode.OutputTransaction`.
public typealias OutputTransaction = KinetypeEncode.OutputTransaction
/// Unicode's word boundaries, which the loader gives the timeline for word-at-a-time typewriters.
public typealias UnicodeWords = KinetypeRender.UnicodeWords
/// Missing folders made above a command's outputs, removed again when it fails.
public typealias ParentFolders = KinetypeEncode.ParentFolders
