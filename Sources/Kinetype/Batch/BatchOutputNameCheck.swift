import Foundation
import KinetypeEncode

/// Checks, before anything renders, that what a batch plans to write fits the output folder's file
/// system: each output's file name (with the `-dark`, `@2x` and extension kinetype adds) within the
/// longest name, and the longest path that writing it and its fingerprint takes (temporaries
/// included) within the longest path. What does not fit is a data error at the entry's `output`.
struct BatchOutputNameCheck {
    let limits: FileSystemLimits
    /// The standardized paths of the output folder and of its fingerprints' folder.
    private let folder: String
    private let fingerprints: String

    /// Checks against the limits of the file system the output folder is (or will be made) on.
    init(folder: URL) {
        self.limits = FileSystemLimits.of(folder)
        self.folder = BatchFolderPaths(folder).standardizedPath
        self.fingerprints = BatchFolderPaths.join(self.folder, BatchRunner.fingerprintFolder)
    }

    /// Why `fileName`, planned from `name` for the entry at `index`, cannot be written; nil when
    /// it can.
    func problem(
        fileName: String, name: String, format: OutputFormat, entry: BatchEntry, index: Int, dataFileName: String
    ) -> Diagnostic? {
        let (path, position) =
            entry.outputName == nil ? ("[\(index)]", entry.position) : ("[\(index)].output", entry.outputPosition)
        let nameBytes = fileName.utf8.count
        if nameBytes > limits.nameBytes {
            let added = String(fileName.unicodeScalars.dropFirst(name.unicodeScalars.count))
            let withAdded = added.isEmpty ? "" : " with the \(JSONText.quoted(added)) kinetype adds"
            let excess = nameBytes - limits.nameBytes
            return Diagnostic(
                file: dataFileName, position: position, path: path,
                message:
                    "output file name \(JSONText.quoted(fileName)) is \(nameBytes) bytes long\(withAdded); the output folder's file system takes names of at most \(limits.nameBytes) bytes",
                hint: entry.outputName == nil
                    ? "give the entry a shorter \"output\" name (without one, it is named after the template file)"
                    : "shorten \"output\" by at least \(excess) byte\(excess == 1 ? "" : "s") of UTF-8")
        }
        let pathBytes = max(
            OutputDestination.longestPathBytes(
                ofName: fileName, inFolder: folder, kind: format.traits.isFolder ? .folder : .file, limits: limits),
            OutputDestination.longestPathBytes(
                ofName: FingerprintFileName.of(fileName, nameLimit: limits.nameBytes), inFolder: fingerprints,
                kind: .file, limits: limits))
        guard pathBytes >= limits.pathBytes else { return nil }
        return Diagnostic(
            file: dataFileName, position: position, path: path,
            message:
                "writing \(JSONText.quoted(fileName)) takes paths of up to \(pathBytes) bytes (its temporary and fingerprint included); the system takes paths of at most \(limits.pathBytes - 1) bytes",
            hint: "choose a shorter output folder (-o) or a shorter \"output\" name")
    }
}
