import Foundation
import KinetypeEncode

/// The outputs of a batch as an Xcode asset catalog (`batch --xcassets DIR`), following Apple's
/// Asset Catalog Format Reference: the catalog's and every set's `Contents.json` has `info` (author
/// `kinetype`, version 1); a dark output carries `appearances: [{appearance: luminosity, value:
/// dark}]`.
///
/// - Animations go in data sets, which an app loads with `NSDataAsset(name:)` (and lottie-ios or
///   an image view from its data): one per entry and scale, holding the entry's light and dark
///   outputs. Data sets choose by appearance, not by screen scale, so each scale is a set of its
///   own: `notes-en` for @1x (or the template's own scale), `notes-en-2x`, `notes-en-3x`.
/// - Stills (`batch --still`) go in image sets, which an app loads with `UIImage(named:)`: one per
///   entry (`notes-en.imageset`) holding every scale (`1x`, `2x`, `3x`; image sets take no other)
///   in both appearances, so the system picks both.
/// - Posters (`batch --poster`) go in an image set of their own per entry, named like the poster
///   files: `notes-en-poster.imageset` (`OutputNaming.posterSuffix`).
///
/// A right-to-left entry is an entry of its own name (`notes-ar`): catalogs have no layout-direction
/// variants. Two sets whose names differ only by case or type (`card.dataset`, `Card.imageset`)
/// would be one asset name, and are refused before any set is written.
///
/// Each set is written into a hidden temporary folder (`AtomicFolder`), and all of them are put in
/// place together (`OutputGroup`): a failure leaves every set as it was, and a re-run updates the
/// sets it makes and leaves every other set alone. A set of the same name that kinetype did not
/// write (its `Contents.json` has another author) is never replaced: the batch refuses before
/// writing any set.
public struct AssetCatalog: Sendable {
    /// The catalog folder; its name ends in `.xcassets`.
    public let folder: URL

    /// The author every `Contents.json` kinetype writes names, by which it knows its own sets.
    static let author = "kinetype"

    /// The scales an image set holds.
    static let imageScales: [Double] = [1, 2, 3]

    /// - Throws: `.usage` when the folder's name does not end in `.xcassets` (Xcode would not
    ///   read it as a catalog).
    public init(folder: URL) throws {
        guard folder.pathExtension == "xcassets" else {
            throw Diagnostic(
                kind: .usage,
                message: "--xcassets needs a folder whose name ends in .xcassets, not \(JSONText.quoted(folder.path))",
                hint: "e.g. --xcassets App/WhatsNew.xcassets"
            ).fail()
        }
        self.folder = folder
    }

    /// The data set's name for an entry's output at `scale` when the entry has outputs at `scales`
    /// scales: the entry's name, with `-2x` for @2x when there are several.
    public static func setName(entry: String, scale: Double, scales: Int) -> String {
        guard scales > 1, scale != 1 else { return entry }
        return "\(entry)-\(scaleText(scale))x"
    }

    /// The image set's name for an entry's posters: `notes-en-poster`.
    public static func posterSetName(entry: String) -> String { entry + OutputNaming.posterSuffix }

    private static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    /// The uniform type identifier of a format's file, as a data set names it.
    static func typeIdentifier(of format: OutputFormat) -> String? {
        switch format {
        case .gif: "com.compuserve.gif"
        case .webp: "org.webmproject.webp"
        case .apng, .stillPNG: "public.png"
        case .mp4: "public.mpeg-4"
        case .webm: "org.webmproject.webm"
        case .mov: "com.apple.quicktime-movie"
        case .pngSequence: nil
        case .lottie: "public.json"
        // No registered identifier for dotLottie: the generic one for bytes.
        case .dotLottie: "public.data"
        }
    }

    /// Checks, before a batch renders, that `format` can go into a catalog and, for stills and
    /// posters (image sets), that every scale of `scales` is one an image set holds.
    public static func check(format: OutputFormat, scales: [Double]?, posters: Bool = false) throws {
        guard typeIdentifier(of: format) != nil else {
            throw Diagnostic(
                kind: .usage,
                message: "--xcassets takes outputs that are one file; \(format.displayName) have no place in an "
                    + "asset catalog",
                hint: "choose --format gif, webp, apng, mp4, webm or mov, or --still SECONDS for an image set"
            ).fail()
        }
        if format == .stillPNG || posters, let scales { try checkImageScales(scales) }
    }

    /// - Throws: `.usage` naming the first scale an image set cannot hold.
    static func checkImageScales(_ scales: [Double]) throws {
        guard let odd = scales.first(where: { !imageScales.contains($0) }) else { return }
        throw Diagnostic(
            kind: .usage,
            message: "--xcassets puts stills in image sets, whose images are 1x, 2x or 3x; scale "
                + "\(scaleText(odd)) has no place in one, and nothing was rendered",
            hint: "give --scale a list of 1, 2 and 3 (a template's own canvas.scale counts too)"
        ).fail()
    }

    /// One set the catalog gets.
    struct PlannedSet {
        enum Kind: Equatable {
            /// A data set of files of this uniform type.
            case data(type: String)
            /// An image set of PNGs, one per scale and appearance.
            case image
        }

        var name: String
        var kind: Kind
        /// Each file and the outcome it comes from.
        var items: [(outcome: BatchOutcome, file: String)] = []

        var folderName: String { name + (kind == .image ? ".imageset" : ".dataset") }
        /// Whether every output of the set exists (rendered now or unchanged).
        var isComplete: Bool { items.allSatisfy { $0.outcome.status != .failed && !$0.file.isEmpty } }
    }

    /// The sets of a batch's outcomes, sorted by name: a data set per entry and scale for
    /// animations (and an image set per entry for their posters), an image set per entry for stills.
    /// - Throws: `.usage` when two sets would be one asset name, or an image would have a scale
    ///   an image set cannot hold.
    func plan(_ report: BatchReport, format: OutputFormat, posters: Bool) throws -> [PlannedSet] {
        guard let type = Self.typeIdentifier(of: format) else { return [] }
        let scalesByEntry = Dictionary(grouping: report.outcomes, by: \.name).mapValues { Set($0.map(\.scale)).count }
        var sets: [String: PlannedSet] = [:]
        func add(_ outcome: BatchOutcome, file: String, to name: String, kind: PlannedSet.Kind) {
            sets[name + (kind == .image ? ".imageset" : ".dataset"), default: PlannedSet(name: name, kind: kind)]
                .items.append((outcome, file))
        }
        for outcome in report.outcomes {
            if format == .stillPNG {
                add(outcome, file: outcome.output, to: outcome.name, kind: .image)
                continue
            }
            let name = Self.setName(
                entry: outcome.name, scale: outcome.scale, scales: scalesByEntry[outcome.name] ?? 1)
            add(outcome, file: outcome.output, to: name, kind: .data(type: type))
            if posters {
                add(outcome, file: outcome.poster ?? "", to: Self.posterSetName(entry: outcome.name), kind: .image)
            }
        }
        let planned = sets.values.sorted { ($0.name, $0.folderName) < ($1.name, $1.folderName) }
        var byAsset: [String: PlannedSet] = [:]
        for set in planned {
            if let other = byAsset[set.name.lowercased()] {
                throw Diagnostic(
                    kind: .usage,
                    message: "the asset catalog would get both \(JSONText.unquotedPath(other.folderName)) and "
                        + "\(JSONText.unquotedPath(set.folderName)), which Xcode takes as one asset name; "
                        + "nothing in the catalog was written",
                    hint: "give the entries \"output\" names that differ by more than case, and none ending in "
                        + "\(OutputNaming.posterSuffix) or a scale such as -2x"
                ).fail()
            }
            byAsset[set.name.lowercased()] = set
            if set.kind == .image {
                try Self.checkImageScales(set.items.filter { $0.outcome.status != .failed }.map(\.outcome.scale))
            }
        }
        return planned
    }

    /// Every file `write` would write for `report`'s outcomes: the catalog's `Contents.json` and
    /// each complete set's files.
    /// - Throws: `.usage` as `plan` does.
    func plannedFiles(_ report: BatchReport, format: OutputFormat, posters: Bool) throws -> [URL] {
        var files = [folder.appendingPathComponent("Contents.json")]
        for set in try plan(report, format: format, posters: posters) where set.isComplete {
            let setFolder = folder.appendingPathComponent(set.folderName)
            files.append(setFolder.appendingPathComponent("Contents.json"))
            for item in set.items {
                files.append(setFolder.appendingPathComponent(URL(fileURLWithPath: item.file).lastPathComponent))
            }
        }
        return files
    }

    /// Writes every set whose outputs all exist (rendered now or unchanged), all of them put in
    /// place together; returns the names of the sets written, sorted. `posters`: the batch had
    /// `--poster`, so every entry also has an image set of its posters.
    /// - Throws: `.usage` when two sets would be one asset or a still's scale has no place in an
    ///   image set, `.cannotWrite` when a set of that name is not kinetype's or the catalog cannot
    ///   be written; the catalog is then as it was.
    public func write(_ report: BatchReport, format: OutputFormat, posters: Bool = false) throws -> [String] {
        try Self.check(format: format, scales: nil, posters: posters)
        let complete = try plan(report, format: format, posters: posters).filter(\.isComplete)
        try checkAssetNames(of: complete)
        for set in complete { try Self.checkReplaceable(folder.appendingPathComponent(set.folderName)) }
        let group = OutputGroup()
        defer { group.discard() }
        var current = "Contents.json"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let catalogContents = folder.appendingPathComponent("Contents.json")
            if !FileManager.default.fileExists(atPath: catalogContents.path) {
                try AtomicFile.write(Self.json(["info": Self.info]), to: catalogContents, group: group)
            }
            for set in complete {
                current = set.folderName
                try stage(set, in: group)
            }
            current = "catalog"
            try group.commit()
        } catch {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot write the asset catalog \(current == "catalog" ? "" : current + " ")in "
                    + "\(folder.path): "
                    + DiagnosticList(describing: error).diagnostics.map(\.message).joined(separator: "; ")
                    + "; nothing in the catalog was changed"
            ).fail()
        }
        return complete.map(\.name)
    }

    /// Writes a set into its temporary folder and hands it to `group`.
    private func stage(_ set: PlannedSet, in group: OutputGroup) throws {
        let destination = folder.appendingPathComponent(set.folderName)
        let temporary = try AtomicFolder(destination: destination, group: group)
        do {
            // Light before dark, then by scale, as Xcode lists them.
            let items = set.items.sorted {
                ($0.outcome.colorScheme == .dark ? 1 : 0, $0.outcome.scale)
                    < ($1.outcome.colorScheme == .dark ? 1 : 0, $1.outcome.scale)
            }
            var entries: [[String: Any]] = []
            for (outcome, file) in items {
                let source = URL(fileURLWithPath: file)
                let fileName = source.lastPathComponent
                try FileManager.default.copyItem(at: source, to: temporary.temporaryFile(named: fileName))
                var entry: [String: Any] = ["filename": fileName, "idiom": "universal"]
                switch set.kind {
                case .data(let type): entry["universal-type-identifier"] = type
                case .image: entry["scale"] = "\(Self.scaleText(outcome.scale))x"
                }
                if outcome.colorScheme == .dark {
                    entry["appearances"] = [["appearance": "luminosity", "value": "dark"]]
                }
                entries.append(entry)
            }
            let key = set.kind == .image ? "images" : "data"
            try Self.json([key: entries, "info": Self.info]).write(to: temporary.temporaryFile(named: "Contents.json"))
            // Checked again just before it is put in place: someone may have put their own set there.
            try temporary.commit(recheck: { try Self.checkReplaceable(destination) })
        } catch {
            temporary.discard()
            throw error
        }
    }

    /// A set may not take the asset name of another set already in the catalog (`card.imageset` of
    /// a `--still` batch next to `card.dataset` of an earlier animation batch, or `Card.dataset`):
    /// Xcode would find two assets of one name.
    private func checkAssetNames(of sets: [PlannedSet]) throws {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var byAsset: [String: String] = [:]
        for name in existing where name.hasSuffix("set") && !name.hasPrefix(".") {
            byAsset[(name as NSString).deletingPathExtension.lowercased()] = name
        }
        for set in sets {
            guard let other = byAsset[set.name.lowercased()], other != set.folderName else { continue }
            throw Diagnostic(
                kind: .cannotWrite,
                message:
                    "the asset catalog already has \(JSONText.unquotedPath(other)), which is the same asset name as "
                    + "\(JSONText.unquotedPath(set.folderName)); nothing in the catalog was changed",
                hint: "remove \(JSONText.unquotedPath(other)) if an earlier batch wrote it, or give the entry another "
                    + "\"output\" name"
            ).fail()
        }
    }

    /// A set of that name may be replaced only when kinetype wrote it.
    private static func checkReplaceable(_ set: URL) throws {
        guard FileManager.default.fileExists(atPath: set.path) else { return }
        let contents = set.appendingPathComponent("Contents.json")
        let object = (try? RegularFile.read(contents.path, limit: 1 << 20))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let author = (object?["info"] as? [String: Any])?["author"] as? String
        guard author == Self.author else {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "the asset catalog already has \(set.lastPathComponent), which kinetype did not write; "
                    + "nothing in the catalog was changed",
                hint: "rename or remove that set, or give the entry another \"output\" name"
            ).fail()
        }
    }

    private static var info: [String: Any] { ["author": author, "version": 1] }

    /// Xcode's layout: sorted keys, pretty-printed.
    private static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) + Data("\n".utf8)
    }
}
