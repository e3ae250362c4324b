import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders a command makes so its outputs have somewhere to go (`render -o new/dir/out.gif`),
/// and takes away again when it ends without writing them.
///
/// Only missing folders are made, each recorded; `removeEmpty()` removes the ones that are still
/// empty, deepest first, so a failed or interrupted command leaves the file system as it found it.
public final class ParentFolders {
    /// The folders made, outermost first.
    public private(set) var made: [URL] = []

    public init() {}

    /// Makes every missing folder above each destination.
    /// - Throws: `.cannotWrite` naming the folder that could not be made and why.
    public func make(for destinations: [URL]) throws {
        for destination in destinations {
            var missing: [URL] = []
            var folder = destination.deletingLastPathComponent()
            while folder.path != "/", !FileManager.default.fileExists(atPath: folder.path) {
                missing.insert(folder, at: 0)
                folder = folder.deletingLastPathComponent()
            }
            for folder in missing {
                guard mkdir(folder.path, 0o777) == 0 || errno == EEXIST else {
                    let code = errno
                    // What is wrong with the folder it goes in, when something is (/proc takes no
                    // folders, yet says "no such file").
                    let problem = OutputError.folderProblem(folder.deletingLastPathComponent(), errno: code)
                    throw Diagnostic(
                        kind: .cannotWrite,
                        message: "cannot create the folder \(OutputError.displayPath(folder)): "
                            + (problem?.reason ?? OutputError.reason(forErrno: code)),
                        hint: problem?.hint ?? OutputError.hint(forErrno: code)
                    ).fail()
                }
                made.append(folder)
            }
        }
    }

    /// Removes the folders this made that are still empty, deepest first.
    public func removeEmpty() {
        for folder in made.reversed() { rmdir(folder.path) }
        made = []
    }
}
