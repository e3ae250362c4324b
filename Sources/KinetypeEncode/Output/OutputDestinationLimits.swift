import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long an output's name and paths may be (`FileSystemLimits`).
extension OutputDestination {
    /// Throws `.cannotWrite` ("the name is too long") when `url`'s file name is longer than its
    /// folder's file system takes: its temporary would fit (`TemporaryName`), so without this the
    /// command would render everything and only fail when renaming it into place.
    static func checkNameLength(_ url: URL, shownAs: URL? = nil) throws {
        let limit = FileSystemLimits.of(url.deletingLastPathComponent()).nameBytes
        guard url.lastPathComponent.utf8.count <= limit else {
            throw OutputError.cannotWrite(shownAs ?? url, errno: ENAMETOOLONG)
        }
    }

    /// The longest path, in bytes of UTF-8, that writing `destination` passes to the system: its
    /// temporary sibling's, and for a folder also the path of the manifest inside the temporary
    /// (the longest name kinetype puts in a frames folder) and of a moved-aside folder's note. A
    /// command can check it against `FileSystemLimits.pathBytes` before it starts.
    public static func longestPathBytes(of destination: URL, kind: Kind, limits: FileSystemLimits) -> Int {
        let location = destination.standardizedFileURL
        return longestPathBytes(
            ofName: location.lastPathComponent, inFolder: location.deletingLastPathComponent().path, kind: kind,
            limits: limits)
    }

    /// `longestPathBytes(of:kind:limits:)` of the file or folder `name` in `folder`, an absolute
    /// path with `.` and `..` resolved (`standardizedFileURL`), for a command that checks many names
    /// of one folder.
    public static func longestPathBytes(
        ofName name: String, inFolder folder: String, kind: Kind, limits: FileSystemLimits
    )
        -> Int
    {
        let parentBytes = folder == "/" ? 0 : folder.utf8.count
        func sibling(_ suffix: String) -> Int {
            parentBytes + 1 + TemporaryName.longestBytes(for: name, suffix: suffix, nameLimit: limits.nameBytes)
        }
        switch kind {
        case .file:
            return sibling("tmp")
        case .folder:
            return max(sibling("tmp") + 1 + FramesManifest.fileName.utf8.count, sibling(TemporaryName.noteSuffix))
        }
    }
}
