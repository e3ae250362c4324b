import Foundation

/// A failure image that a merge found inside a shard's artifacts folder, and reads only from there.
public struct ArtifactImage: Equatable, Sendable {
    /// The shard's artifacts folder on this machine (beside its report).
    public let folder: String
    /// The image below it as `verify` writes it: `<set>/frame_0042.diff.png`.
    public let name: String

    /// Where it is, for the merged report and for links.
    public var path: String { folder + "/" + name }

    /// The image's bytes when it is still a PNG of at most `RegularFile.imageLimit` bytes, read
    /// beneath `folder` without following any link; nil otherwise.
    public func read() -> Data? {
        guard let data = try? RegularFile.read(name, beneath: folder, limit: RegularFile.imageLimit),
            ImageHeader.pngSize(data) != nil
        else { return nil }
        return data
    }
}

/// Finds a shard's failure images on the machine that merges, never trusting the paths its report
/// names. `verify` names each image by its path inside the run's `artifactsFolder`, on the machine
/// that ran the shard (`/ci/failures/card/frame_0042.diff.png`); a merge takes only the part below
/// that folder, which must be a golden set's folder and an image name as `verify` writes them
/// (`card/frame_0042.diff.png`), and reads it only beneath the shard's artifacts folder as it lies
/// beside the report on this machine: `<report's folder>/<artifacts folder's name>/` (a CI
/// artifact holding both), or else the report's folder itself. A path that is anything else (`..`,
/// another folder, `/proc/self/environ`) is refused; so is a symbolic link below the folder, a file
/// that is not regular, larger than `RegularFile.imageLimit`, or not a PNG.
struct ArtifactLocator {
    /// The shard's `artifactsFolder` as its report names it.
    let artifactsFolder: String
    /// Where the folder may be on this machine, in the order they are tried.
    let folders: [String]

    init(reportPath: String, artifactsFolder: String) {
        self.artifactsFolder = artifactsFolder
        let reportFolder = URL(fileURLWithPath: reportPath).deletingLastPathComponent().standardizedFileURL.path
        let base = reportFolder == "/" ? "" : reportFolder
        let folderName = artifactsFolder.split(separator: "/").last.map(String.init) ?? ""
        folders =
            Self.isPlainName(folderName) ? [base + "/" + folderName, reportFolder] : [reportFolder]
    }

    /// What became of one image path of a report.
    enum Outcome: Equatable {
        case found(ArtifactImage)
        /// Nowhere beside the report (its artifacts were not downloaded with it).
        case missing
        /// Not an image the merge may show, and why.
        case refused(String)
    }

    func locate(_ reported: String) -> Outcome {
        let prefix = artifactsFolder.hasSuffix("/") ? artifactsFolder : artifactsFolder + "/"
        guard artifactsFolder.hasPrefix("/"), reported.hasPrefix(prefix) else {
            return .refused(
                "is not inside the report's artifactsFolder \(JSONText.quotedPath(artifactsFolder))")
        }
        let name = String(reported.dropFirst(prefix.count))
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, Self.isPlainName(parts[0]), FailureArtifacts.isArtifact(parts[1]) else {
            return .refused("is not a failure image verify writes (<set>/frame_<number>.<kind>.png)")
        }
        for folder in folders {
            let image = ArtifactImage(folder: folder, name: name)
            do throws(InputFileError) {
                let head = try RegularFile.read(name, beneath: folder, limit: RegularFile.imageLimit, prefix: 24)
                guard ImageHeader.pngSize(head) != nil else { return .refused("is not a PNG image") }
                return .found(image)
            } catch .missing {
                continue
            } catch {
                return .refused("\(error.reason) (in \(JSONText.quotedPath(folder)))")
            }
        }
        return .missing
    }

    /// A folder or file name that stays where it is: not empty, `.` or `..`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
    }
}
