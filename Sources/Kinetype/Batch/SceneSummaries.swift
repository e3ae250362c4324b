import Foundation
import KinetypeEncode
import KinetypeRender

/// The scene summaries (`SceneSummary`) of a batch's previous run, kept in its output folder as
/// `.kinetype/scene-summaries` (`SceneSummaryRecord`, `SceneInputSet`), so that an unchanged entry
/// is recognized without decoding and preparing its scene again (a few milliseconds an entry,
/// most of what an unchanged re-run cost), nor hashing its input files into fingerprints.
///
/// A summary is found by a key over everything its preparation read but files: kinetype's version,
/// the render stack and where kinetype's fonts are, the template's bytes and folder, and the
/// loader's overrides and work limits (`key(of:)`). It is used only while every file it read still
/// has the stamp it had (`record(for:)`): the files are the inputs its outputs' fingerprints hash,
/// and a scene reads no other file but kinetype's own fonts (in the render stack) and, with
/// `systemFonts`, the machine's. A scene that may use the machine's fonts, whose set can change
/// without any file the scene names changing, or whose files must lie in a `--root` (a link moved
/// can take a file out of the root without changing it), is prepared every run, as is one whose
/// files changed shortly before or while it was prepared (`record(key:summary:settings:fingerprints:runStarted:)`).
///
/// The summary only stands in for the preparation: the outputs' fingerprints (the recorded ones
/// while their settings are the same) are compared with the fingerprints beside the outputs as
/// before, so the decisions are those of preparing the scene.
final class SceneSummaries: Sendable {
    /// The file's name in the output folder's `.kinetype/`.
    static let fileName = "scene-summaries"

    /// The template's bytes, which every job's loader reads.
    private let templateBytes: Data
    /// What every key starts with: this file's format, kinetype, its fonts and the template.
    private let runHasher: SHA256
    /// The previous run's records by key.
    let known: [String: SceneSummaryRecord]
    /// The previous run's file as it was read (to leave it as it is when the run writes the same).
    let knownBytes: Data
    /// Whether each input set checked in this run still has its stamps, by id.
    private let unchangedInputs = Locked<[String: Bool]>([:])

    /// Reads the records of the batch writing into `folder`; none when there are none or the file
    /// cannot be read.
    init(folder: BatchFolderPaths, templateBytes: Data) {
        self.templateBytes = templateBytes
        var hasher = SHA256()
        hasher.update("kinetype-scene-summaries 1\u{0}kinetype \(KinetypeVersion.current)\u{0}")
        hasher.update("render-stack \(RenderStack.current.id)\u{0}fonts \(KinetypeFontSet.shared.folder.path)\u{0}")
        hasher.update("template \(SHA256.hex(of: templateBytes))\u{0}")
        runHasher = hasher
        let data = (try? RegularFile.read(Self.path(in: folder), limit: Self.sizeLimit)) ?? Data()
        knownBytes = data
        known = Self.records(in: data)
    }

    /// The most bytes of records read: beyond, the file is ignored (and replaced).
    static let sizeLimit: Int64 = 256 << 20

    /// `DIR/.kinetype/scene-summaries`.
    static func path(in folder: BatchFolderPaths) -> String {
        BatchFolderPaths.join(folder.path(of: BatchRunner.fingerprintFolder), fileName)
    }

    /// The key of what `loader` (a loader of this run's template) prepares, or nil when its scene
    /// must be prepared every run: its files must lie in a root, or it may use the machine's fonts.
    func key(of loader: SceneLoader) -> String? {
        guard case .bytes(let bytes, _, let baseDirectory) = loader.source, bytes.count == templateBytes.count,
            loader.root == nil, !loader.overrides.systemFonts
        else { return nil }
        let overrides = loader.overrides
        var text = "folder \(baseDirectory.path)\u{0}"
        for key in overrides.values.keys.sorted() { text += "var \(key)=\(overrides.values[key]!)\u{0}" }
        text += "fps \(overrides.fps.map { "\($0)" } ?? "-")\u{0}scale \(overrides.scale.map { "\($0)" } ?? "-")\u{0}"
        text += "layout-direction \(overrides.layoutDirection?.rawValue ?? "-")\u{0}"
        text += "color-scheme \(overrides.colorScheme?.rawValue ?? "-")\u{0}"
        if let limits = loader.limits {
            text +=
                "limits \(limits.maximumFrames) \(limits.maximumTotalPixels) \(limits.maximumLayerFrames) "
                + "\(limits.maximumTextLayout)\u{0}"
        } else {
            text += "no limits\u{0}"
        }
        var hasher = runHasher
        hasher.update(text)
        return hasher.hexDigest()
    }

    /// The record the previous run made under `key`, when every file its scene read has the same
    /// stamp now (each set of files looked at once a run).
    func record(for key: String) -> SceneSummaryRecord? {
        guard let record = known[key] else { return nil }
        let id = record.inputs.id
        if let unchanged = unchangedInputs.withLock({ $0[id] }) { return unchanged ? record : nil }
        let unchanged = record.inputs.isUnchanged
        unchangedInputs.withLock { $0[id] = unchanged }
        return unchanged ? record : nil
    }

    /// The record of `summary`, prepared in this run, under `key`, with its files' settings digest
    /// and fingerprints; nil when it must not be recorded: it may use the machine's fonts, or one
    /// of its files is missing or changed less than `FileDigests.settleNanoseconds` before
    /// `runStarted` (nanoseconds since 1970) or since. Such a file may have been read in other
    /// bytes than its digest was taken from, and a later change could keep its stamp (the kernel
    /// stamps files from a coarse clock); a file that had settled before the run changes its
    /// status change time with any later write.
    static func record(
        key: String, summary: SceneSummary, settings: String, fingerprints: [String], runStarted: Int64
    ) -> SceneSummaryRecord? {
        guard !summary.systemFonts else { return nil }
        var stamps: [FileDigests.Stamp] = []
        for path in summary.inputPaths {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let stamp = FileDigests.Stamp(status)
            guard stamp.lastChange + FileDigests.settleNanoseconds <= runStarted else { return nil }
            stamps.append(stamp)
        }
        return SceneSummaryRecord(
            key: key, summary: summary, inputs: SceneInputSet(paths: summary.inputPaths, stamps: stamps),
            settings: settings, fingerprints: fingerprints)
    }

    /// The records of `data`, input sets before the records that name them; lines that do not parse
    /// are left out, and records whose input set is not before them.
    private static func records(in data: Data) -> [String: SceneSummaryRecord] {
        var records: [String: SceneSummaryRecord] = [:]
        var sets: [String: SceneInputSet] = [:]
        for line in [UInt8](data).split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            if let set = SceneInputSet(fields: fields) {
                sets[set.id] = set
            } else if let record = SceneSummaryRecord(
                line: String(decoding: line, as: UTF8.self), fields: fields, inputSets: sets)
            {
                records[record.key] = record
            }
        }
        return records
    }
}
