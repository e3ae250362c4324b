import Foundation
import KinetypeEncode

/// The outputs of a batch as an Xcode asset catalog (`batch --xcassets DIR`): one data set per
/// entry and scale, holding the entry's light and dark outputs, which an app loads with
/// `NSDataAsset(name:)` (and lottie-ios or an image view from its data). Follows Apple's Asset
/// Catalog Format Reference: the catalog's and every set's `Contents.json` has `info` (author
/// `kinetype`, version 1); a dark output carries `appearances: [{appearance: luminosity, value:
/// dark}]`.
///
/// Data sets choose by appearance, not by screen scale, so each scale is a set of its own:
/// `notes-en` for @1x (or the template's own scale), `notes-en-2x`, `notes-en-3x`. A right-to-left
/// entry is an entry of its own name (`notes-ar`): catalogs have no layout-direction variants.
///
/// Each set is written into a hidden temporary folder and put in place in one step
/// (`AtomicFolder`), so a re-run updates the sets it makes and leaves every other set alone. A set
/// of the same name that kinetype did not write (its `Contents.json` has another author) is never
/// replaced: the batch refuses before writing any set.
public struct AssetCatalog: Sendable {
    /// The catalog folder; its name ends in `.xcassets`.
    public let folder: URL

    /// The author every `Contents.json` kinetype writes names, by which it knows its own sets.
    static let author = "kinetype"

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

    /// The set's name for an entry's output at `scale` when the entry has outputs at `scales`
    /// scales: the entry's name, with `-2x` for @2x when there are several.
    public static func setName(entry: String, scale: Double, scales: Int) -> String {
        guard scales > 1, scale != 1 else { return entry }
        let text = scale == scale.rounded() ? String(Int(scale)) : String(scale)
        return "\(entry)-\(text)x"
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
        }
    }

    /// Checks, before a batch renders, that `format` can go into a catalog.
    public static func check(format: OutputFormat) throws {
        guard typeIdentifier(of: format) != nil else {
            throw Diagnostic(
                kind: .usage,
                message: "--xcassets takes outputs that are one file; \(format.displayName) have no place in an "
                    + "asset catalog",
                hint: "choose --format gif, webp, apng, mp4, webm or mov"
            ).fail()
        }
    }

    /// Writes a set for every entry and scale whose outputs all exist (rendered now or unchanged);
    /// returns the names of the sets written, sorted.
    /// - Throws: `.cannotWrite` when a set of that name is not kinetype's, or the catalog cannot be
    ///   written; sets already written stay.
    public func write(_ report: BatchReport, format: OutputFormat) throws -> [String] {
        try Self.check(format: format)
        guard let type = Self.typeIdentifier(of: format) else { return [] }
        let scalesByEntry = Dictionary(grouping: report.outcomes, by: \.name).mapValues { Set($0.map(\.scale)).count }
        var sets: [String: [BatchOutcome]] = [:]
        for outcome in report.outcomes {
            let name = Self.setName(entry: outcome.name, scale: outcome.scale, scales: scalesByEntry[outcome.name] ?? 1)
            sets[name, default: []].append(outcome)
        }
        let complete = sets.filter { _, outcomes in outcomes.allSatisfy { $0.status != .failed && !$0.output.isEmpty } }
        for name in complete.keys { try checkReplaceable(setFolder(name)) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalogContents = folder.appendingPathComponent("Contents.json")
        if !FileManager.default.fileExists(atPath: catalogContents.path) {
            try AtomicFile.write(Self.json(["info": Self.info]), to: catalogContents)
        }
        for (name, outcomes) in complete.sorted(by: { $0.key < $1.key }) {
            try writeSet(
                name, outcomes.sorted { ($0.colorScheme == .dark ? 1 : 0) < ($1.colorScheme == .dark ? 1 : 0) },
                type: type)
        }
        return complete.keys.sorted()
    }

    private func setFolder(_ name: String) -> URL { folder.appendingPathComponent(name + ".dataset") }

    private func writeSet(_ name: String, _ outcomes: [BatchOutcome], type: String) throws {
        let set = try AtomicFolder(destination: setFolder(name))
        do {
            var data: [[String: Any]] = []
            for outcome in outcomes {
                let source = URL(fileURLWithPath: outcome.output)
                let fileName = source.lastPathComponent
                try FileManager.default.copyItem(at: source, to: set.temporaryFile(named: fileName))
                var item: [String: Any] = [
                    "filename": fileName, "idiom": "universal", "universal-type-identifier": type,
                ]
                if outcome.colorScheme == .dark {
                    item["appearances"] = [["appearance": "luminosity", "value": "dark"]]
                }
                data.append(item)
            }
            try Self.json(["data": data, "info": Self.info]).write(to: set.temporaryFile(named: "Contents.json"))
            try set.commit()
        } catch {
            set.discard()
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot write the asset catalog set \(name).dataset in \(folder.path): "
                    + DiagnosticList(describing: error).diagnostics.map(\.message).joined(separator: "; ")
            ).fail()
        }
    }

    /// A set of that name may be replaced only when kinetype wrote it.
    private func checkReplaceable(_ set: URL) throws {
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
