import Foundation
import KinetypeCore
import KinetypeEncode

/// The HTML a web page shows a batch's animations with (`batch --picture FILE`): one `<picture>`
/// per entry, whose `<img>` carries the entry's alt text (the text it shows at its end), its
/// language and direction, and its size in CSS pixels (the canvas in points, so the page does not
/// move as it loads). The browser takes the first source it can show:
///
/// - with `prefers-reduced-motion: reduce`, the entry's posters (`--poster`), the finished card
///   standing still (WCAG 2.2.2: nothing moves for who asked for no motion);
/// - the batch's own format, then WebP, then the GIF of the `<img>`, which every browser, mail
///   client and chat shows (`batch --picture` renders each output in those fallback formats too);
/// - each with its dark appearance first, under `prefers-color-scheme: dark`, when the batch has one;
/// - several scales as a `srcset` (`notes-en.webp 1x, notes-en@2x.webp 2x`); an SVG is one file
///   for every density.
///
/// Paths are relative to the snippet's folder. Written atomically, and left as it is when its
/// bytes are the same.
public struct PictureSnippet: Sendable {
    /// The HTML file.
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    /// The formats `--picture` takes as a batch's own: the animations every browser shows.
    public static let formats: [OutputFormat] = [.svg, .webp, .apng, .gif]

    /// The fallbacks a batch of `format` renders each output in, so that every `<picture>` ends in
    /// a WebP and a GIF.
    /// - Throws: `.usage` for a format no `<picture>` shows.
    public static func fallbacks(for format: OutputFormat) throws -> [OutputFormat] {
        guard formats.contains(format) else {
            let names = formats.map(\.traits.name)
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(CommandLineOption.picture.flag) writes a web page's <picture> of animations, which "
                    + "\(format.displayName) are not; "
                    + "it takes \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")",
                hint:
                    "give \(CommandLineOption.format.flag) svg (or webp, apng, gif); the batch then also writes "
                    + "each output as WebP and GIF"
            ).fail()
        }
        return [OutputFormat.webp, .gif].filter { $0 != format }
    }

    /// The snippet of `report`'s finished outputs (a batch of `format`).
    public func html(_ report: BatchReport, format: OutputFormat) -> String {
        let folder = file.deletingLastPathComponent()
        var byEntry: [Int: [BatchOutcome]] = [:]
        for outcome in report.outcomes where outcome.status != .failed {
            byEntry[outcome.entry, default: []].append(outcome)
        }
        var out =
            "<!-- Written by kinetype from \(HTMLText.escape(report.template)): one <picture> per entry. "
            + "The alt text is what each animation shows at its end. -->\n"
        for entry in byEntry.keys.sorted() {
            let outcomes = byEntry[entry] ?? []
            guard let first = outcomes.first else { continue }
            out += "<picture>\n"
            let schemes = [ColorScheme.dark, .light].filter { scheme in outcomes.contains { $0.colorScheme == scheme } }
            let several = schemes.count > 1
            /// The `srcset` of `paths` of the outcomes of `scheme` (all when nil).
            func srcset(_ scheme: ColorScheme?, _ path: (BatchOutcome) -> String?, vector: Bool) -> String? {
                let chosen = outcomes.filter { scheme == nil || $0.colorScheme == scheme }.sorted {
                    $0.scale < $1.scale
                }
                let files = chosen.compactMap { outcome in path(outcome).map { (outcome.scale, $0) } }
                guard let lowest = files.first else { return nil }
                if vector || files.count == 1 { return Self.relative(lowest.1, to: folder) }
                return files.map { "\(Self.relative($0.1, to: folder)) \(AssetCatalog.scaleText($0.0))x" }
                    .joined(separator: ", ")
            }
            func sources(
                media: String?, type: String?, _ path: (BatchOutcome) -> String?, vector: Bool = false,
                darkOnly: Bool = false
            ) {
                for scheme in schemes where !darkOnly || scheme == .dark {
                    let query = [media, several && scheme == .dark ? "(prefers-color-scheme: dark)" : nil]
                        .compactMap { $0 }.joined(separator: " and ")
                    guard let set = srcset(several ? scheme : nil, path, vector: vector) else { continue }
                    out += "  <source"
                    if !query.isEmpty { out += " media=\"\(HTMLText.escape(query))\"" }
                    if let type { out += " type=\"\(type)\"" }
                    out += " srcset=\"\(HTMLText.escape(set))\">\n"
                    if !several { break }
                }
            }
            if outcomes.contains(where: { $0.poster != nil }) {
                sources(media: "(prefers-reduced-motion: reduce)", type: nil, { $0.poster })
            }
            let fallbackPath = { (fallback: OutputFormat) -> (BatchOutcome) -> String? in
                { outcome in
                    outcome.fallbacks.first { URL(fileURLWithPath: $0).pathExtension == fallback.traits.fileExtension }
                }
            }
            if format != .gif {
                sources(media: nil, type: format.traits.mediaType, { $0.output }, vector: format.traits.isVector)
            }
            if format != .webp { sources(media: nil, type: OutputFormat.webp.traits.mediaType, fallbackPath(.webp)) }
            let gif = format == .gif ? { (outcome: BatchOutcome) -> String? in outcome.output } : fallbackPath(.gif)
            if several { sources(media: nil, type: OutputFormat.gif.traits.mediaType, gif, darkOnly: true) }
            let light = outcomes.filter { !several || $0.colorScheme != .dark }.sorted { $0.scale < $1.scale }
            let image = light.compactMap(gif).first ?? first.output
            out += "  <img src=\"\(HTMLText.escape(Self.relative(image, to: folder)))\""
            if light.count > 1, let set = srcset(several ? .light : nil, gif, vector: false) {
                out += " srcset=\"\(HTMLText.escape(set))\""
            }
            if let width = first.pointWidth, let height = first.pointHeight {
                out +=
                    " width=\"\(SVGText.number(width, decimals: 2))\" height=\"\(SVGText.number(height, decimals: 2))\""
            }
            // Each text layer is a line of the alt text, kept as a character reference so that each
            // element stays on one line of the snippet.
            let alt = HTMLText.escape(first.altText ?? "").replacingOccurrences(of: "\n", with: "&#10;")
            out += " alt=\"\(alt)\""
            if let locale = first.locale { out += " lang=\"\(HTMLText.escape(locale))\"" }
            if first.layoutDirection == .rightToLeft { out += " dir=\"rtl\"" }
            out += ">\n</picture>\n"
        }
        return out
    }

    /// Writes the snippet; false when the file already held these bytes (left as it is).
    public func write(_ report: BatchReport, format: OutputFormat) throws -> Bool {
        try AtomicFile.writeIfChanged(Data(html(report, format: format).utf8), to: file)
    }

    /// `path` relative to `folder` (`../out/notes-en.gif`), or as it is when they share nothing.
    static func relative(_ path: String, to folder: URL) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        guard common > 1 else { return path }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.joined(separator: "/")
    }
}
