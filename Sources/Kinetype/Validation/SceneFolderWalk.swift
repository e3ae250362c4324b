import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `.json` files below a folder, read entry by entry as bytes. Hidden names (a leading `.`) and
/// symbolic links are skipped. A name that is not valid UTF-8 cannot be passed on as a path (Swift
/// would read it as another name), so it is not skipped in silence: it becomes a problem.
struct SceneFolderWalk {
    /// The files found, as `folder/…/name.json`, sorted.
    private(set) var files: [String] = []
    /// One error for each `.json` file or folder whose name is not UTF-8, by name.
    private(set) var problems: [Diagnostic] = []

    init(folder: String) {
        walk(folder)
        files.sort()
        problems.sort { ($0.file ?? "") < ($1.file ?? "") }
    }

    private mutating func walk(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.first != UInt8(ascii: "."), let kind = Self.kind(of: folder, name) else { continue }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            guard let decoded = NameBytes.decoded(name) else {
                problems.append(Self.notUTF8(prefix + NameBytes.escaped(name), kind: kind))
                continue
            }
            switch kind {
            case .folder: walk(prefix + decoded)
            case .scene: files.append(prefix + decoded)
            }
        }
    }

    private enum Kind {
        case folder
        case scene
    }

    /// A folder, a regular file ending in `.json`, or nil for anything else (checked with lstat,
    /// so a symbolic link is nil).
    private static func kind(of folder: String, _ name: [UInt8]) -> Kind? {
        var path = Array(folder.utf8)
        if path.last != UInt8(ascii: "/") { path.append(UInt8(ascii: "/")) }
        path += name + [0]
        var status = stat()
        let found = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &status) == 0 }
        }
        guard found else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return name.count > 5 && name.suffix(5).elementsEqual(".json".utf8) ? .scene : nil
        default: return nil
        }
    }

    private static func notUTF8(_ shown: String, kind: Kind) -> Diagnostic {
        let what = kind == .folder ? "the scenes in this folder are" : "it is"
        return Diagnostic(
            kind: .missingInput, file: shown,
            message: "the name is not valid UTF-8, so \(what) not checked",
            hint: "rename it to a UTF-8 name; kinetype takes UTF-8 paths and names")
    }
}
