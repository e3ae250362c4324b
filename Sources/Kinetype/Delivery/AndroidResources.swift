import Foundation
import KinetypeEncode

/// The outputs of a batch as Android resources (`batch --android-res DIR`), in the qualifier
/// folders Android resolves at run time: `raw[-<locale>][-ldrtl][-night][-<density>]/<name>.<ext>`.
///
/// - The locale is the entry's `"locale"` (`ar` → `-ar`, `pt-BR` → `-pt-rBR`, `es-419` →
///   `-b+es+419`); right-to-left outputs go in `-ldrtl`, dark ones in `-night`.
/// - Several scales go in density folders: 1× `mdpi`, 1.5× `hdpi`, 2× `xhdpi`, 3× `xxhdpi`, 4×
///   `xxxhdpi` (another scale is refused); one scale needs none.
/// - The resource name is the entry's output name without a trailing `-<locale>`, lowercased, with
///   every character outside `[a-z0-9_]` made `_` (and `r_` before anything but a letter), so `notes-en`
///   and `notes-ar` are both `R.raw.notes`, told apart by their folders. Two outputs that would be
///   the same resource are refused before any file is written.
///
/// The outputs of `defaultLocale` (`--default-locale en`) also go in the folders without a locale,
/// which Android falls back to on a device in any other locale.
///
/// Each file is written atomically; files kinetype does not write are left alone.
public struct AndroidResources: Sendable {
    /// The `res` folder.
    public let folder: URL
    /// The locale whose outputs are also the default resources.
    public let defaultLocale: String?

    public init(folder: URL, defaultLocale: String? = nil) {
        self.folder = folder
        self.defaultLocale = defaultLocale
    }

    /// Android's density qualifier of a scale, or nil when Android has none for it.
    static func density(of scale: Double) -> String? {
        [1: "mdpi", 1.5: "hdpi", 2: "xhdpi", 3: "xxhdpi", 4: "xxxhdpi"][scale]
    }

    /// `ar` → `ar`, `pt-BR` → `pt-rBR`, `es-419` → `b+es+419` (a numeric region needs BCP 47 form).
    static func localeQualifier(_ locale: String) -> String {
        let parts = locale.split(separator: "-").map(String.init)
        guard parts.count == 2 else { return locale }
        return parts[1].allSatisfy(\.isNumber) ? "b+\(parts[0])+\(parts[1])" : "\(parts[0])-r\(parts[1])"
    }

    /// A valid resource name for an entry's output name.
    static func resourceName(entry: String, locale: String?) -> String {
        var name = entry
        if let locale {
            // `notes-pt-BR`, `notes_pt_BR` or `notes-pt`.
            let language = String(locale.prefix { $0 != "-" })
            let suffixes = ["-", "_"].flatMap { separator in
                [separator + locale.replacingOccurrences(of: "-", with: separator), separator + language]
            }
            if let suffix = suffixes.first(where: {
                name.lowercased().hasSuffix($0.lowercased()) && name.count > $0.count
            }) {
                name = String(name.dropLast(suffix.count))
            }
        }
        var cleaned = String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        // A Java identifier that starts with a letter (`_` alone is no identifier).
        if !(cleaned.first?.isLetter ?? false) { cleaned = "r_" + cleaned }
        return cleaned
    }

    /// Checks, before a batch renders, that its format and scales can become resources.
    public static func check(format: OutputFormat, scales: [Double]?) throws {
        guard format.traits.fileExtension != nil, format != .stillPNG else {
            throw Diagnostic(
                kind: .usage,
                message: "--android-res takes outputs that are one file; \(format.displayName) have no place in res/",
                hint: "choose --format gif, webp, apng, mp4, webm or mov"
            ).fail()
        }
        if let scales, scales.count > 1, let odd = scales.first(where: { density(of: $0) == nil }) {
            throw Diagnostic(
                kind: .usage,
                message: "--android-res has no density for scale \(odd); Android's are 1 (mdpi), 1.5 (hdpi), "
                    + "2 (xhdpi), 3 (xxhdpi) and 4 (xxxhdpi)"
            ).fail()
        }
    }

    /// One resource file: its folder under `res/`, its file name, and the output it copies.
    struct Placement: Equatable {
        var folder: String
        var file: String
        var source: String
    }

    /// Where every finished output goes.
    /// - Throws: `.usage` naming two outputs that would be the same resource.
    func placements(of report: BatchReport, format: OutputFormat) throws -> [Placement] {
        let scales = Set(report.outcomes.map(\.scale))
        var placements: [Placement] = []
        var taken: [String: String] = [:]
        let finished = report.outcomes.filter { $0.status != .failed }
        // The default locale's outputs once more, without their locale.
        let defaults = finished.filter { $0.locale != nil && $0.locale == defaultLocale }
        for (index, outcome) in (finished + defaults).enumerated() {
            var qualifiers: [String] = []
            if let locale = outcome.locale, index < finished.count { qualifiers.append(Self.localeQualifier(locale)) }
            if outcome.layoutDirection == .rightToLeft { qualifiers.append("ldrtl") }
            if outcome.colorScheme == .dark { qualifiers.append("night") }
            if scales.count > 1, let density = Self.density(of: outcome.scale) { qualifiers.append(density) }
            let folder = (["raw"] + qualifiers).joined(separator: "-")
            let file =
                Self.resourceName(entry: outcome.name, locale: outcome.locale) + "."
                + (format.traits.fileExtension ?? "")
            let key = folder + "/" + file
            if let other = taken[key] {
                throw Diagnostic(
                    kind: .usage,
                    message: "\(Self.fileName(other)) and \(Self.fileName(outcome.output)) would both be res/\(key); "
                        + "no resource was written",
                    hint: "give the entries output names that differ by more than case and punctuation, "
                        + "or a \"locale\" each"
                ).fail()
            }
            taken[key] = outcome.output
            placements.append(Placement(folder: folder, file: file, source: outcome.output))
        }
        return placements.sorted { ($0.folder, $0.file) < ($1.folder, $1.file) }
    }

    private static func fileName(_ path: String) -> String {
        JSONText.unquotedPath(URL(fileURLWithPath: path).lastPathComponent)
    }

    /// A warning for every resource that only has localized variants: a device in another locale
    /// would find none of them (Android then throws `Resources.NotFoundException`).
    func missingDefaults(_ report: BatchReport, format: OutputFormat) -> [Diagnostic] {
        var locales: [String: [String?]] = [:]
        for outcome in report.outcomes where outcome.status != .failed {
            let locale = outcome.locale == defaultLocale ? nil : outcome.locale
            locales[Self.resourceName(entry: outcome.name, locale: outcome.locale), default: []].append(locale)
        }
        return locales.filter { !$0.value.contains(nil) }.keys.sorted().map { name in
            .warning(
                "R.raw.\(name) is only in localized folders (\(Set(locales[name]!.compactMap { $0 }).sorted().joined(separator: ", "))), "
                    + "so a device in another locale finds none; name the default language with --default-locale")
        }
    }

    /// Copies every finished output into its resource folder; returns how many files were written.
    public func write(_ report: BatchReport, format: OutputFormat) throws -> (files: Int, warnings: [Diagnostic]) {
        let placements = try placements(of: report, format: format)
        for placement in placements {
            let destination = folder.appendingPathComponent(placement.folder).appendingPathComponent(placement.file)
            do {
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(contentsOf: URL(fileURLWithPath: placement.source)), to: destination)
            } catch {
                throw Diagnostic(
                    kind: .cannotWrite,
                    message: "cannot write res/\(placement.folder)/\(placement.file) in \(folder.path): "
                        + DiagnosticList(describing: error).diagnostics.map(\.message).joined(separator: "; ")
                ).fail()
            }
        }
        return (placements.count, missingDefaults(report, format: format))
    }
}
