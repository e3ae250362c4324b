import Foundation
import KinetypeEncode

/// The outputs of a batch as Android resources (`batch --android-res DIR`), in the qualifier
/// folders Android resolves at run time: animations in
/// `raw[-<locale>][-ldrtl][-night][-<density>]/<name>.<ext>`, stills (`batch --still`) and posters
/// (`batch --poster`) in `drawable[-<locale>][-ldrtl][-night]-<density>/<name>.png`.
///
/// - The locale is the entry's `"locale"`, a BCP 47 tag (`ar` → `-ar`, `pt-BR` → `-pt-rBR`; a tag
///   with a script or a numeric region in Android's BCP 47 form: `es-419` → `-b+es+419`,
///   `zh-Hant-TW` → `-b+zh+Hant+TW`); right-to-left outputs go in `-ldrtl`, dark ones in `-night`.
/// - Densities: 1× `mdpi`, 1.5× `hdpi`, 2× `xhdpi`, 3× `xxhdpi`, 4× `xxxhdpi` (another scale is
///   refused). Several scales of an animation go in density folders, one needs none; a drawable
///   always has its density, since Android scales a bitmap without one as if it were mdpi.
/// - The resource name is the entry's output name without a trailing `-<locale>`, lowercased, with
///   every character outside `[a-z0-9_]` made `_`, and `r_` before a name that would not be a Java
///   identifier: one that starts with anything but a letter, or a Java keyword or literal (`class`
///   → `R.raw.r_class`, `new`, `void`, `import`, `true`, `null` …: `javaReservedWords`, the words
///   `aapt` refuses as "invalid symbol"). So `notes-en` and `notes-ar` are both `R.raw.notes`, told
///   apart by their folders; a poster's is that name with `_poster` (`R.drawable.notes_poster`).
///   Two outputs that would be the same resource are refused before any file is written.
///
/// The outputs of `defaultLocale` (`--default-locale en`) are also the default resources: they go
/// once more in the folders without a locale and without `-ldrtl` (only `-night` and the density
/// stay), which Android falls back to on a device in any other locale and either direction. Where
/// an entry without a `"locale"` already is that default, a right-to-left default locale's copies
/// go in `-ldrtl` instead (for right-to-left devices in other locales).
///
/// Each file is written into a temporary and all of them are put in place together
/// (`OutputGroup`), so a failure leaves `res/` as it was; files kinetype does not write are left
/// alone, and a file in the way is replaced only when kinetype wrote it and it is unchanged since
/// (`DeliveryFolder`, `DeliveryManifest`).
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

    /// `ar` → `ar`, `pt-BR` → `pt-rBR`; a script or a numeric region needs Android's BCP 47 form:
    /// `es-419` → `b+es+419`, `zh-Hant` → `b+zh+Hant`, `zh-Hant-TW` → `b+zh+Hant+TW`.
    static func localeQualifier(_ locale: String) -> String {
        guard let parts = BatchData.localeParts(locale) else { return locale }
        if parts.script == nil, let region = parts.region, region.allSatisfy(\.isLetter) {
            return "\(parts.language)-r\(region)"
        }
        if parts.script == nil, parts.region == nil { return parts.language }
        return (["b", parts.language] + [parts.script, parts.region].compactMap { $0 }).joined(separator: "+")
    }

    /// Java's keywords and literals (JLS 3.9, 3.10.3, 3.10.7), which `aapt` refuses as resource names
    /// (`invalid symbol: 'class'`), since `R.raw.class` would not compile.
    static let javaReservedWords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null",
    ]

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
        // A Java identifier that starts with a letter (`_` alone is no identifier) and is no keyword.
        if !(cleaned.first?.isLetter ?? false) || javaReservedWords.contains(cleaned) { cleaned = "r_" + cleaned }
        return cleaned
    }

    /// The resource type a format's files are: `raw` for animations, `drawable` for PNG stills.
    static func resourceType(of format: OutputFormat) -> String {
        format.traits.isStill ? "drawable" : "raw"
    }

    /// Checks, before a batch renders, that its format and scales can become resources: every scale
    /// of several, and every scale of a still or poster (a drawable), needs a density.
    public static func check(format: OutputFormat, scales: [Double]?, posters: Bool = false) throws {
        guard format.traits.fileExtension != nil else {
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(CommandLineOption.androidRes.flag) takes outputs that are one file; \(format.displayName) "
                    + "have no place in res/",
                hint:
                    "choose \(CommandLineOption.format.flag) "
                    + "\(OutputFormat.formatList { $0.traits.fileExtension != nil }), "
                    + "or \(CommandLineOption.still.flag) SECONDS for drawables"
            ).fail()
        }
        let drawables = format.traits.isStill || posters
        if let scales, scales.count > 1 || drawables { try checkDensities(scales, drawables: drawables) }
    }

    /// - Throws: `.usage` naming the first scale Android has no density for.
    static func checkDensities(_ scales: [Double], drawables: Bool) throws {
        guard let odd = scales.first(where: { density(of: $0) == nil }) else { return }
        let text = odd == odd.rounded() ? String(Int(odd)) : String(odd)
        throw Diagnostic(
            kind: .usage,
            message:
                "\(CommandLineOption.androidRes.flag) has no density for scale "
                + "\(text)\(drawables ? " (drawables need one)" : ""); "
                + "Android's are 1 (mdpi), 1.5 (hdpi), 2 (xhdpi), 3 (xxhdpi) and 4 (xxxhdpi); nothing was written",
            hint: "give \(CommandLineOption.scale.flag) a list of those (a template's own canvas.scale counts too)"
        ).fail()
    }

    /// One resource file: its folder under `res/`, its file name, and the output it copies.
    struct Placement: Equatable {
        var folder: String
        var file: String
        /// The output it copies, or what it is (`the content descriptions`) when it has `contents`.
        var source: String
        /// The bytes of a file kinetype makes here rather than copies (the content descriptions).
        var contents: Data? = nil
    }

    /// One resource a batch's outcome gives: the output itself, or its poster.
    private struct Resource {
        var outcome: BatchOutcome
        /// `raw` or `drawable`.
        var type: String
        var name: String
        var fileExtension: String
        var source: String
    }

    /// The resources of the finished outcomes: each output, and each poster when `posters`.
    private func resources(of report: BatchReport, format: OutputFormat, posters: Bool) -> [Resource] {
        report.outcomes.filter { $0.status != .failed }.flatMap { outcome -> [Resource] in
            let name = Self.resourceName(entry: outcome.name, locale: outcome.locale)
            var resources = [
                Resource(
                    outcome: outcome, type: Self.resourceType(of: format), name: name,
                    fileExtension: format.traits.fileExtension ?? "", source: outcome.output)
            ]
            if posters, let poster = outcome.poster {
                resources.append(
                    Resource(
                        outcome: outcome, type: Self.resourceType(of: .stillPNG), name: name + Self.posterSuffix,
                        fileExtension: OutputFormat.stillPNG.traits.fileExtension ?? "png", source: poster))
            }
            return resources
        }
    }

    /// What a poster's resource name gets: `R.drawable.notes_poster`.
    static let posterSuffix = OutputNaming.posterSuffix.replacingOccurrences(of: "-", with: "_")

    /// Where every finished output (and poster) goes.
    /// - Throws: `.usage` naming two outputs that would be the same resource, or a drawable whose
    ///   scale has no density.
    func placements(of report: BatchReport, format: OutputFormat, posters: Bool = false) throws -> [Placement] {
        let scales = Set(report.outcomes.map(\.scale))
        let resources = resources(of: report, format: format, posters: posters)
        try Self.checkDensities(
            resources.filter { $0.type == "drawable" }.map(\.outcome.scale), drawables: true)
        var placements: [Placement] = []
        var taken: [String: String] = [:]
        func place(_ resource: Resource, qualifiers: [String]) throws {
            let folder = ([resource.type] + qualifiers).joined(separator: "-")
            let file = resource.name + "." + resource.fileExtension
            let key = folder + "/" + file
            if let other = taken[key] {
                throw Diagnostic(
                    kind: .usage,
                    message: "\(Self.fileName(other)) and \(Self.fileName(resource.source)) would both be res/\(key); "
                        + "no resource was written",
                    hint: "give the entries output names that differ by more than case and punctuation, "
                        + "or a \"locale\" each"
                ).fail()
            }
            taken[key] = resource.source
            placements.append(Placement(folder: folder, file: file, source: resource.source))
        }
        /// `-night` and the density: a bitmap without a density would be scaled as mdpi, so a
        /// drawable always has its own.
        func appearance(_ resource: Resource) -> [String] {
            var qualifiers: [String] = []
            if resource.outcome.colorScheme == .dark { qualifiers.append("night") }
            if scales.count > 1 || resource.type == "drawable", let density = Self.density(of: resource.outcome.scale) {
                qualifiers.append(density)
            }
            return qualifiers
        }
        let direction = { (resource: Resource) in resource.outcome.layoutDirection == .rightToLeft ? ["ldrtl"] : [] }
        for resource in resources {
            let locale = resource.outcome.locale.map { [Self.localeQualifier($0)] } ?? []
            try place(resource, qualifiers: locale + direction(resource) + appearance(resource))
        }
        // The default locale's outputs once more, as the default resources: without a locale or a
        // direction, unless an entry without a locale already is the default; then a right-to-left
        // one goes in -ldrtl (for right-to-left devices in other locales).
        for resource in resources where resource.outcome.locale != nil && resource.outcome.locale == defaultLocale {
            let unqualified = ([resource.type] + appearance(resource)).joined(separator: "-")
            let key = unqualified + "/" + resource.name + "." + resource.fileExtension
            let takenByDefault = taken[key] != nil
            try place(
                resource, qualifiers: (takenByDefault ? direction(resource) : []) + appearance(resource))
        }
        for strings in AndroidContentDescriptions.files(of: report.outcomes, defaultLocale: defaultLocale) {
            placements.append(
                Placement(
                    folder: strings.folder, file: AndroidContentDescriptions.fileName,
                    source: "the content descriptions", contents: strings.data))
        }
        return placements.sorted { ($0.folder, $0.file) < ($1.folder, $1.file) }
    }

    /// Every file `write` would write for `report`'s outcomes, and its manifest.
    /// - Throws: `.usage` as `placements` does.
    func plannedFiles(_ report: BatchReport, format: OutputFormat, posters: Bool) throws -> [URL] {
        try placements(of: report, format: format, posters: posters).map {
            folder.appendingPathComponent($0.folder).appendingPathComponent($0.file)
        } + [folder.appendingPathComponent(DeliveryManifest.fileName)]
    }

    private static func fileName(_ path: String) -> String {
        JSONText.unquotedPath(URL(fileURLWithPath: path).lastPathComponent)
    }

    /// A warning for every resource that has no default: only localized variants (Android then
    /// throws `Resources.NotFoundException` on a device in another locale), or, without a locale,
    /// only right-to-left ones in `-ldrtl` (none for a left-to-right device).
    func missingDefaults(_ report: BatchReport, format: OutputFormat, posters: Bool = false) -> [Diagnostic] {
        var variants: [String: [Resource]] = [:]
        for resource in resources(of: report, format: format, posters: posters) {
            variants["R.\(resource.type).\(resource.name)", default: []].append(resource)
        }
        // A content description is in `values/` when its entry has no locale or the default one.
        var strings: [String: (locales: Set<String>, hasDefault: Bool)] = [:]
        for outcome in report.outcomes where outcome.status != .failed && !(outcome.altText ?? "").isEmpty {
            let name =
                "R.string." + Self.resourceName(entry: outcome.name, locale: outcome.locale)
                + AndroidContentDescriptions.suffix
            var known = strings[name] ?? ([], false)
            if let locale = outcome.locale, locale != defaultLocale {
                known.locales.insert(locale)
            } else {
                known.hasDefault = true
            }
            strings[name] = known
        }
        let stringWarnings = strings.keys.sorted().compactMap { name -> Diagnostic? in
            guard let known = strings[name], !known.hasDefault else { return nil }
            return .warning(
                "\(name) is only in localized folders (\(known.locales.sorted().joined(separator: ", "))), so a device "
                    + "in another locale finds none; name the default language with "
                    + "\(CommandLineOption.defaultLocale.flag)"
            )
        }
        return variants.keys.sorted().compactMap { name -> Diagnostic? in
            let found = variants[name]!
            let isDefault = { (resource: Resource) in
                let locale = resource.outcome.locale
                return locale == nil ? resource.outcome.layoutDirection != .rightToLeft : locale == defaultLocale
            }
            guard !found.contains(where: isDefault) else { return nil }
            let locales = Set(found.compactMap(\.outcome.locale)).sorted()
            if found.allSatisfy({ $0.outcome.locale != nil }) {
                return .warning(
                    "\(name) is only in localized folders (\(locales.joined(separator: ", "))), so a device in another "
                        + "locale finds none; name the default language with \(CommandLineOption.defaultLocale.flag)")
            }
            return .warning(
                "\(name) is only in -ldrtl folders (right-to-left entries without a \"locale\"), so a device in a "
                    + "left-to-right locale finds none; add a left-to-right entry, or give the entry a \"locale\" and "
                    + "name it with \(CommandLineOption.defaultLocale.flag)")
        } + stringWarnings
    }

    /// A resource's name is its file name without the extension, so `raw/notes.webp` next to the
    /// `raw/notes.gif` of an earlier batch would be two `R.raw.notes`, which the Android build
    /// refuses (duplicate resources).
    /// - Throws: `.cannotWrite` naming the file in the way, before any file is written.
    private func checkOtherExtensions(of placements: [Placement]) throws {
        for placement in placements {
            let resourceFolder = folder.appendingPathComponent(placement.folder)
            let name = (placement.file as NSString).deletingPathExtension
            let existing = (try? FileManager.default.contentsOfDirectory(atPath: resourceFolder.path)) ?? []
            guard
                let other = existing.first(where: {
                    !$0.hasPrefix(".") && $0 != placement.file && ($0 as NSString).deletingPathExtension == name
                })
            else { continue }
            throw Diagnostic(
                kind: .cannotWrite,
                message: "res/\(placement.folder) already has \(JSONText.unquotedPath(other)), the same resource as "
                    + "\(JSONText.unquotedPath(placement.file)); no resource was written",
                hint: "remove res/\(placement.folder)/\(JSONText.unquotedPath(other)) if an earlier batch wrote it "
                    + "(in another format), or give the entry another \"output\" name"
            ).fail()
        }
    }

    /// Copies every finished output (and poster, with `posters`) into its resource folder, all put
    /// in place together; returns how many files it wrote and how many it left as they were (they
    /// held the bytes already: same inode and modification time).
    ///
    /// The `res` folder is locked against other kinetype runs while it is written (`waiting` is
    /// called if another run holds it; `isCancelled` ends the wait). A file already at a
    /// resource's path is replaced only when kinetype wrote it and it is unchanged since
    /// (`DeliveryManifest`); a file that already holds the bytes this run would write is left as it is.
    /// - Throws: `.usage` as `placements` does, before any file is written; `.cannotWrite` when
    ///   a file in the way is not kinetype's (or changed since it wrote it) or a file cannot be
    ///   written, and then no resource file was changed; `CancellationError`.
    public func write(
        _ report: BatchReport, format: OutputFormat, posters: Bool = false, waiting: () -> Void = {},
        isCancelled: () -> Bool = { false }
    ) throws -> (written: Int, unchanged: Int, warnings: [Diagnostic]) {
        let placements = try placements(of: report, format: format, posters: posters)
        let delivery = try DeliveryFolder(folder, waiting: waiting, isCancelled: isCancelled)
        var succeeded = false
        defer { if !succeeded { delivery.removeFoldersItMade() } }
        try checkOtherExtensions(of: placements)
        let transaction = OutputTransaction()
        var accepted: [String: [String]?] = [:]
        var settled: [String: [String]?] = [:]
        var unchanged = 0
        do {
            for placement in placements {
                let path = placement.folder + "/" + placement.file
                let destination = delivery.url(path)
                let data: Data
                do throws(InputFileError) {
                    if let contents = placement.contents {
                        data = contents
                    } else {
                        data = try RegularFile.read(placement.source, limit: .max)
                    }
                } catch {
                    throw Diagnostic(
                        kind: .cannotWrite,
                        message: "cannot read the output \(JSONText.unquotedPath(placement.source)) to put it in "
                            + "\(delivery.display(path)): the file \(error.reason)"
                    ).fail()
                }
                let hash = SHA256.hex(of: data)
                settled[path] = [hash]
                let standing = delivery.standing(of: path)
                switch standing {
                case .absent:
                    accepted[path] = [hash]
                case .file(let found) where found == hash:
                    unchanged += 1
                    continue
                case .file(let found) where delivery.wrote(path, hash: found):
                    accepted[path] = [found, hash].sorted()
                case .file, .other:
                    throw Diagnostic(
                        kind: .cannotWrite,
                        message: "\(delivery.display(path)) was not written by kinetype, or was changed since "
                            + "kinetype wrote it",
                        hint: "move it away (or remove it) if kinetype may write its own there, or give the entry "
                            + "another \"output\" name"
                    ).fail()
                }
                try delivery.makeFolders(for: [destination])
                // Checked again just before it is put in place: someone may have changed it since.
                try AtomicFile.write(data, to: destination, group: transaction.group) {
                    let now = DeliveryFolder.hash(of: destination)
                    if case .file(let found) = standing, now == found { return }
                    if standing == .absent, !FileManager.default.fileExists(atPath: destination.path) { return }
                    throw OutputError.cannotWrite(
                        destination, reason: "it changed while kinetype was writing the Android resources")
                }
            }
            // Until every file is in place, the manifest accepts the old bytes and the new.
            try delivery.record(accepted)
            try transaction.commit()
        } catch {
            throw Self.unchanged(error)
        }
        succeeded = true
        // The manifest already accepts the new bytes; this only forgets the old ones.
        try? delivery.record(settled)
        return (placements.count - unchanged, unchanged, missingDefaults(report, format: format, posters: posters))
    }

    /// `error`'s problems, each saying that no resource file was changed.
    private static func unchanged(_ error: any Error) -> DiagnosticList {
        DiagnosticList(
            DiagnosticList(describing: error).diagnostics.map { problem in
                var problem = problem
                problem.message += "; no resource file was changed"
                return problem
            })
    }
}
