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
/// sets it makes and leaves every other set alone. kinetype owns only the files it wrote and that
/// are unchanged since (`DeliveryFolder`, `DeliveryManifest`): a set or file it did not write is
/// never replaced (the batch refuses before writing any set), and a file people added to a set is
/// kept in the new set.
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
                message:
                    "\(CommandLineOption.xcassets.flag) needs a folder whose name ends in .xcassets, not "
                    + "\(JSONText.quoted(folder.path))",
                hint: "e.g. \(CommandLineOption.xcassets.flag) App/WhatsNew.xcassets"
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

    static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    /// Checks, before a batch renders, that `format` can go into a catalog and, for stills and
    /// posters (image sets), that every scale of `scales` is one an image set holds.
    public static func check(format: OutputFormat, scales: [Double]?, posters: Bool = false) throws {
        guard format.traits.uniformType != nil else {
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(CommandLineOption.xcassets.flag) takes outputs that are one file; \(format.displayName) have "
                    + "no place in an "
                    + "asset catalog",
                hint:
                    "choose \(CommandLineOption.format.flag) "
                    + "\(OutputFormat.formatList { $0.traits.uniformType != nil }), "
                    + "or \(CommandLineOption.still.flag) SECONDS for an image set"
            ).fail()
        }
        if format.traits.isStill || posters, let scales { try checkImageScales(scales) }
    }

    /// - Throws: `.usage` naming the first scale an image set cannot hold.
    static func checkImageScales(_ scales: [Double]) throws {
        guard let odd = scales.first(where: { !imageScales.contains($0) }) else { return }
        throw Diagnostic(
            kind: .usage,
            message:
                "\(CommandLineOption.xcassets.flag) puts stills in image sets, whose images are 1x, 2x or 3x; scale "
                + "\(scaleText(odd)) has no place in one, and nothing was rendered",
            hint: "give \(CommandLineOption.scale.flag) a list of 1, 2 and 3 (a template's own canvas.scale counts too)"
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
        guard let type = format.traits.uniformType else { return [] }
        let scalesByEntry = Dictionary(grouping: report.outcomes, by: \.name).mapValues { Set($0.map(\.scale)).count }
        var sets: [String: PlannedSet] = [:]
        func add(_ outcome: BatchOutcome, file: String, to name: String, kind: PlannedSet.Kind) {
            sets[name + (kind == .image ? ".imageset" : ".dataset"), default: PlannedSet(name: name, kind: kind)]
                .items.append((outcome, file))
        }
        for outcome in report.outcomes {
            if format.traits.isStill {
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
    /// manifest, and each complete set's files.
    /// - Throws: `.usage` as `plan` does.
    func plannedFiles(_ report: BatchReport, format: OutputFormat, posters: Bool) throws -> [URL] {
        var files = ["Contents.json", DeliveryManifest.fileName].map(folder.appendingPathComponent)
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
    /// place together; returns the names of the sets it wrote and of those it left as they were
    /// (every file already what this run writes), each sorted. `posters`: the batch had
    /// `--poster`, so every entry also has an image set of its posters.
    ///
    /// The catalog is locked against other kinetype runs while it is written (`waiting` is called
    /// if another run holds it; `isCancelled` ends the wait). Only files kinetype wrote and that are
    /// unchanged since (`DeliveryManifest`) are replaced or removed; whatever else a set holds (a
    /// `NOTES.txt`) is kept, and a set whose files are already what this run would write is left
    /// as it is.
    /// - Throws: `.usage` when two sets would be one asset or a still's scale has no place in an
    ///   image set, `.cannotWrite` when a set or file of that name is not kinetype's (or changed
    ///   since it wrote it) or the catalog cannot be written, `CancellationError`; the catalog is
    ///   then as it was.
    public func write(
        _ report: BatchReport, format: OutputFormat, posters: Bool = false, waiting: () -> Void = {},
        isCancelled: () -> Bool = { false }
    ) throws -> (written: [String], unchanged: [String]) {
        try Self.check(format: format, scales: nil, posters: posters)
        let complete = try plan(report, format: format, posters: posters).filter(\.isComplete)
        let delivery = try DeliveryFolder(folder, waiting: waiting, isCancelled: isCancelled)
        var succeeded = false
        defer { if !succeeded { delivery.removeFoldersItMade() } }
        try checkAssetNames(of: complete)
        let updates = try complete.map { try SetUpdate(planning: $0, in: delivery) }
        let transaction = OutputTransaction()
        var written: [String: String] = [:]
        do {
            if delivery.standing(of: "Contents.json") == .absent {
                let contents = try Self.json(["info": Self.info])
                let catalogContents = folder.appendingPathComponent("Contents.json")
                try AtomicFile.write(contents, to: catalogContents, group: transaction.group)
                written["Contents.json"] = SHA256.hex(of: contents)
            }
            for update in updates where update.changes { try stage(update, in: transaction.group) }
            for update in updates {
                for file in update.files { written[update.set.folderName + "/" + file.name] = file.hash }
            }
            // Until every set is in place, the manifest accepts the old bytes and the new.
            var accepted: [String: Set<String>] = [:]
            for (path, hash) in written { accepted[path, default: []].insert(hash) }
            for (path, hashes) in updates.flatMap(\.accepted) { accepted[path, default: []].formUnion(hashes) }
            try delivery.record(accepted.mapValues { Optional(Array($0).sorted()) })
            try transaction.commit()
        } catch {
            throw DiagnosticList(
                DiagnosticList(describing: error).diagnostics.map { problem in
                    var problem = problem
                    problem.message += "; nothing in the catalog was changed"
                    return problem
                })
        }
        succeeded = true
        // The manifest already accepts the new bytes; this only forgets the old ones.
        var settled: [String: [String]?] = [:]
        for path in updates.flatMap(\.forgotten) { settled[path] = .some(nil) }
        for (path, hash) in written { settled[path] = [hash] }
        try? delivery.record(settled)
        return (updates.filter(\.changes).map(\.set.name), updates.filter { !$0.changes }.map(\.set.name))
    }

    /// What becomes of one set: the files kinetype writes into it, and what happens to each file
    /// already there. Decided before anything is written.
    private struct SetUpdate {
        /// One file kinetype puts in the set: a copy of an output, or the set's `Contents.json`.
        struct File {
            var name: String
            var source: URL?
            var data: Data?
            var hash: String
            /// Whether the set already holds these bytes under this name.
            var unchanged = false
        }

        var set: PlannedSet
        var destination: URL
        var files: [File] = []
        /// What stays as it is: people's files, and files that changed since kinetype wrote them.
        var kept: [String] = []
        /// Files kinetype wrote earlier that this run no longer writes.
        var removed: [String] = []
        /// What the set held when it was planned, by name (nil for a file that is not a regular file).
        var seen: [String: String?] = [:]
        /// Paths the manifest accepts until the new set is in place, with the hashes on disk now.
        var accepted: [(String, [String])] = []
        /// Paths the manifest forgets afterwards: removed files, and files kinetype no longer owns.
        var forgotten: [String] = []

        /// Whether the set's folder is there already.
        var exists = false

        /// Whether anything in the set changes.
        var changes: Bool { !exists || !removed.isEmpty || files.contains { !$0.unchanged } }

        init(planning set: PlannedSet, in delivery: DeliveryFolder) throws {
            self.set = set
            destination = delivery.url(set.folderName)
            // Light before dark, then by scale, as Xcode lists them.
            let items = set.items.sorted {
                ($0.outcome.colorScheme == .dark ? 1 : 0, $0.outcome.scale)
                    < ($1.outcome.colorScheme == .dark ? 1 : 0, $1.outcome.scale)
            }
            var entries: [[String: Any]] = []
            for (outcome, file) in items {
                let source = URL(fileURLWithPath: file)
                let fileName = source.lastPathComponent
                guard let hash = DeliveryFolder.hash(of: source) else {
                    throw Diagnostic(
                        kind: .cannotWrite,
                        message: "cannot read the output \(OutputError.displayPath(source)) to put it in the asset "
                            + "catalog; nothing in the catalog was changed"
                    ).fail()
                }
                files.append(File(name: fileName, source: source, hash: hash))
                var entry: [String: Any] = ["filename": fileName, "idiom": "universal"]
                switch set.kind {
                case .data(let type): entry["universal-type-identifier"] = type
                case .image: entry["scale"] = "\(AssetCatalog.scaleText(outcome.scale))x"
                }
                if outcome.colorScheme == .dark {
                    entry["appearances"] = [["appearance": "luminosity", "value": "dark"]]
                }
                entries.append(entry)
            }
            let key = set.kind == .image ? "images" : "data"
            let contents = try AssetCatalog.json([key: entries, "info": AssetCatalog.info])
            files.append(File(name: "Contents.json", data: contents, hash: SHA256.hex(of: contents)))
            try planAgainst(delivery)
        }

        /// Decides, against what the set holds now, what is replaced, removed and kept.
        private mutating func planAgainst(_ delivery: DeliveryFolder) throws {
            var status = stat()
            guard lstat(destination.path, &status) == 0 else { return }
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw notKinetypes() }
            exists = true
            let setPath = set.folderName
            let names = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
            if names.isEmpty { return }
            for name in names {
                if case .file(let hash) = delivery.standing(of: setPath + "/" + name) {
                    seen[name] = hash
                } else {
                    seen[name] = String?.none
                }
            }
            // A set an earlier kinetype wrote before it kept a manifest: its Contents.json names
            // kinetype, and its files are those the Contents.json lists.
            let listed = delivery.manifest.files.keys.contains { $0.hasPrefix(setPath + "/") }
            let legacy = listed ? Set<String>() : AssetCatalog.legacyFiles(of: destination)
            func owned(_ name: String) -> Bool {
                guard let hash = seen[name] ?? nil else { return false }
                return delivery.wrote(setPath + "/" + name, hash: hash) || legacy.contains(name)
            }
            // The set is kinetype's when its Contents.json is: written by kinetype and unchanged,
            // or already what this run writes.
            let contents = files.first { $0.name == "Contents.json" }?.hash
            guard owned("Contents.json") || seen["Contents.json"] == .some(contents) else { throw notKinetypes() }
            let written = Set(files.map(\.name))
            for index in files.indices {
                let name = files[index].name
                guard let found = seen[name] else { continue }
                if found == files[index].hash {
                    files[index].unchanged = true
                } else if !owned(name) {
                    throw AssetCatalog.changedFile(delivery.display(setPath + "/" + name))
                }
                if let found { accepted.append((setPath + "/" + name, [found])) }
            }
            for name in seen.keys.sorted() where !written.contains(name) {
                if owned(name) {
                    removed.append(name)
                    accepted.append((setPath + "/" + name, [seen[name]!!]))
                } else {
                    kept.append(name)
                }
                forgotten.append(setPath + "/" + name)
            }
        }

        private func notKinetypes() -> DiagnosticList {
            Diagnostic(
                kind: .cannotWrite,
                message: "the asset catalog already has \(set.folderName), which kinetype did not write (or its "
                    + "Contents.json changed since kinetype wrote it); nothing in the catalog was changed",
                hint: "rename or remove that set, or give the entry another \"output\" name"
            ).fail()
        }
    }

    /// Writes a set's new folder (what stays, linked; what is new, copied) and hands it to `group`.
    /// On failure the temporary folder is dropped, which removes it.
    private func stage(_ update: SetUpdate, in group: OutputGroup) throws {
        let temporary = try AtomicFolder(destination: update.destination, group: group)
        for name in update.kept { try temporary.keep(name) }
        for file in update.files {
            let target = temporary.temporaryFile(named: file.name)
            if file.unchanged {
                try temporary.keep(file.name)
            } else if let source = file.source {
                do {
                    try FileManager.default.copyItem(at: source, to: target)
                } catch {
                    throw OutputError.cannotWrite(
                        update.destination.appendingPathComponent(file.name), error: error)
                }
            } else if let data = file.data {
                do {
                    try data.write(to: target)
                } catch {
                    throw OutputError.cannotWrite(
                        update.destination.appendingPathComponent(file.name), error: error)
                }
            }
        }
        // Checked again just before it is put in place: someone may have changed the set since.
        let (destination, seen, name) = (update.destination, update.seen, update.set.folderName)
        try temporary.commit(recheck: {
            try AssetCatalog.recheck(destination, holds: seen, setName: name)
        })
    }

    /// Throws unless the set at `destination` still holds exactly the files `seen` (by name and bytes).
    private static func recheck(_ destination: URL, holds seen: [String: String?], setName: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        let now = Set(names)
        let same =
            now == Set(seen.keys)
            && seen.allSatisfy { name, hash in
                DeliveryFolder.hash(of: destination.appendingPathComponent(name)) == hash
            }
        guard same else {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "\(setName) changed while kinetype was writing the asset catalog",
                hint: "run the batch again once nothing else writes into the set"
            ).fail()
        }
    }

    /// A file in a set that kinetype did not write, or that changed since it wrote it.
    static func changedFile(_ shown: String) -> DiagnosticList {
        Diagnostic(
            kind: .cannotWrite,
            message: "\(shown) was not written by kinetype, or was changed since kinetype wrote it; nothing in "
                + "the catalog was changed",
            hint: "move it out of the set (or remove it) if kinetype may write its own there, or give the entry "
                + "another \"output\" name"
        ).fail()
    }

    /// The files of a set written by a kinetype that kept no manifest: its Contents.json (author
    /// `kinetype`) and the files that lists; empty for any other set.
    static func legacyFiles(of set: URL) -> Set<String> {
        let contents = set.appendingPathComponent("Contents.json")
        guard let data = try? RegularFile.read(contents.path, limit: 1 << 20),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            (object["info"] as? [String: Any])?["author"] as? String == author
        else { return [] }
        let items = ((object["data"] ?? object["images"]) as? [[String: Any]]) ?? []
        return Set(items.compactMap { $0["filename"] as? String } + ["Contents.json"])
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

    static var info: [String: Any] { ["author": author, "version": 1] }

    /// Xcode's layout: sorted keys, pretty-printed.
    static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) + Data("\n".utf8)
    }
}
