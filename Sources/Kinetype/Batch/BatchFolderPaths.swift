import Foundation

/// A batch's output folder, with the paths of the files in it worked out from strings: the
/// folder's paths once, then each plain file name joined on as `URL.appendingPathComponent` joins
/// it. A batch names several files per entry (output, poster, fingerprint …), and making a `URL`
/// for each (which also asks the file system whether it is a folder) cost more than everything
/// else an unchanged entry does.
struct BatchFolderPaths: Sendable {
    /// The folder.
    let url: URL
    /// `url.path`: absolute.
    let path: String
    /// `url.relativePath`: as the user wrote it, for messages.
    let shownPath: String
    /// `url.standardizedFileURL.path`: the folder of every output, `.` and `..` resolved by name,
    /// which the path limits are counted from.
    let standardizedPath: String

    init(_ url: URL) {
        self.url = url
        path = url.path
        shownPath = url.relativePath
        standardizedPath = url.standardizedFileURL.path
    }

    /// The path of the file (or folder) `name` in the folder; `name` is a plain file name (no `/`,
    /// not `.` or `..`), as every name a batch plans is.
    func path(of name: String) -> String { Self.join(path, name) }

    /// `path(of:)` as the user's path to the folder shows it (`Output/card/name.gif`).
    func shownPath(of name: String) -> String { Self.join(shownPath, name) }

    /// The URL of `name` in the folder, as the folder was named: for writing it, and for the
    /// messages of a write that fails.
    func url(of name: String) -> URL { url.appendingPathComponent(name) }

    /// The URL of the fingerprint of the output `fileName` (see `fingerprintPath(of:nameLimit:)`).
    func fingerprintURL(of fileName: String, nameLimit: Int) -> URL {
        url.appendingPathComponent(BatchRunner.fingerprintFolder)
            .appendingPathComponent(FingerprintFileName.of(fileName, nameLimit: nameLimit))
    }

    /// The path of the fingerprint of the output `fileName`: `DIR/.kinetype/<name>.sha256`, the
    /// name shortened to the folder's longest name (`FingerprintFileName`).
    func fingerprintPath(of fileName: String, nameLimit: Int) -> String {
        Self.join(path(of: BatchRunner.fingerprintFolder), FingerprintFileName.of(fileName, nameLimit: nameLimit))
    }

    /// `folder/name`, with one `/` between them (the root folder ends with one already).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
