import Foundation
import KinetypeEncode

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every file one run writes and reads, compared by what they are on disk rather than by how they
/// are spelled, so that no output lands on another output or on an input (`render -o a.gif
/// --haptics same/a.gif` with `same -> .`, `render card.json -o card.json --format lottie`, a
/// batch's `--report` named like one of its outputs or its data). `render`, `batch` and `verify`
/// fill one before they render and call `check`, which refuses with a `.usage` diagnostic naming
/// both files.
///
/// A file is identified by its device and inode when it exists, and always by its resolved path:
/// its parent folder's real path (symbolic links and `..` resolved on disk, the nearest existing
/// folder for one not made yet) and its name. The last part of an output's path is not followed
/// (writing replaces a symbolic link there, never its target); an input's is. An output folder
/// replaced whole (PNG frames, a golden set) also claims every output inside it, and every input
/// too when it may be replaced as it stands (`FramesManifest.checkReplaceable`: a folder that
/// will be refused loses nothing).
public struct RunFiles: Sendable {
    private enum Role: Sendable {
        case output
        case input
    }

    private struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Entry: Sendable {
        var role: Role
        /// What it is to the user: `-o`, `--haptics`, `the scene`, `the output of entry [2]`.
        var label: String
        /// The path as the user gave it (or as the run names it).
        var shown: String
        /// The resolved path (see the type's description).
        var resolved: String
        var identity: Identity?
        /// An output folder replaced whole: every output inside it is claimed too.
        var isFolder: Bool
        /// An output folder that may be replaced as it stands (new, empty, or kinetype's frames):
        /// every input inside it is claimed too. Inside one that will be refused, an input is safe.
        var claimsInputs = false

        var phrase: String { "\(label) \(JSONText.quotedPath(shown))" }
    }

    private var entries: [Entry] = []
    /// Resolved inputs already added, so a font a thousand entries share is one entry.
    private var inputPaths: Set<String> = []
    /// Real paths of folders already resolved.
    private var realFolders: [String: String] = [:]

    public init() {}

    /// The files added so far.
    public var count: Int { entries.count }

    /// A file (or, with `folder`, a folder replaced whole) the run writes. `label` says what it is
    /// (`-o`, `--report`, `the poster of entry [3]`); `shown` is its path as the user knows it
    /// (default: `url`'s path as given).
    public mutating func output(_ url: URL, _ label: String, shown: String? = nil, folder: Bool = false) {
        output(path: url.path, label, shown: shown ?? Self.shown(url), folder: folder)
    }

    /// `output(_:_:shown:folder:)` for a file named by its absolute `path` (a batch names thousands,
    /// without a `URL` for each).
    mutating func output(path: String, _ label: String, shown: String, folder: Bool = false) {
        let (resolved, identity) = resolve(path: path, followingLast: false)
        var entry = Entry(
            role: .output, label: label, shown: shown, resolved: resolved, identity: identity, isFolder: folder)
        entry.claimsInputs = folder && (try? FramesManifest.checkReplaceable(URL(fileURLWithPath: path))) != nil
        entries.append(entry)
    }

    /// A file the run reads (the scene, a template, data, a font, a picture, a sound). Each
    /// resolved file is kept once.
    public mutating func input(_ url: URL, _ label: String, shown: String? = nil) {
        let (resolved, identity) = resolve(path: url.path, followingLast: true)
        guard inputPaths.insert(resolved).inserted else { return }
        entries.append(
            Entry(
                role: .input, label: label, shown: shown ?? Self.shown(url), resolved: resolved,
                identity: identity, isFolder: false))
    }

    /// Every file a scene names (font files, pictures, sound files), as inputs.
    public mutating func inputs(of scene: Scene) {
        for (url, label) in scene.namedFiles { input(url, label) }
    }

    /// Every file a prepared scene reads besides the scene file: those it names and the font files
    /// of the families it uses.
    public mutating func inputs(of prepared: PreparedScene) {
        inputs(of: prepared.scene)
        for url in prepared.inputFiles { input(url, "the font file") }
    }

    /// One problem per file that is another output, an input, or inside an output folder; each
    /// names both files and ends with `consequence` (`nothing was rendered`).
    public func problems(consequence: String = "nothing was rendered") -> [Diagnostic] {
        var byPath: [String: Int] = [:]
        var byIdentity: [Identity: Int] = [:]
        var folders: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where entry.isFolder {
            folders[entry.resolved] = folders[entry.resolved] ?? index
        }
        var problems: [Diagnostic] = []
        for (index, entry) in entries.enumerated() {
            let earlier = [byPath[entry.resolved], entry.identity.flatMap { byIdentity[$0] }].compactMap { $0 }.min()
            if let earlier, entries[earlier].role == .output || entry.role == .output {
                problems.append(sameFile(entries[earlier], entry, consequence: consequence))
            } else if let folder = enclosingFolder(of: entry, in: folders), folder != index,
                entry.role == .output || entries[folder].claimsInputs
            {
                problems.append(inside(entry, folder: entries[folder], consequence: consequence))
            }
            byPath[entry.resolved] = byPath[entry.resolved] ?? index
            if let identity = entry.identity { byIdentity[identity] = byIdentity[identity] ?? index }
        }
        return problems
    }

    /// Throws `problems` as a `.usage` list when there are any.
    public func check(consequence: String = "nothing was rendered") throws {
        // A path problem, not a mistake in the command's syntax: no usage line after it.
        let problems = problems(consequence: consequence).map { problem in
            var problem = problem
            problem.usageFollowUp = .none
            return problem
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
    }

    private func sameFile(_ first: Entry, _ second: Entry, consequence: String) -> Diagnostic {
        guard first.role == .output, second.role == .output else {
            let (output, input) = first.role == .output ? (first, second) : (second, first)
            return Diagnostic(
                kind: .usage,
                message: "\(output.phrase) is \(input.phrase), which this run reads; writing it would replace an "
                    + "input, so \(consequence)",
                hint: "choose an output path that is none of the run's inputs")
        }
        return Diagnostic(
            kind: .usage,
            message: "\(first.phrase) and \(second.phrase) are the same file; \(consequence)",
            hint: "give every output a path of its own (a symbolic link to a folder names that folder's files)")
    }

    private func inside(_ entry: Entry, folder: Entry, consequence: String) -> Diagnostic {
        Diagnostic(
            kind: .usage,
            message: "\(entry.phrase) is inside \(folder.phrase), a folder this run replaces whole; \(consequence)",
            hint: entry.role == .input
                ? "move the input out of that folder, or write the output elsewhere"
                : "write it outside that folder")
    }

    /// The output folder (index) that `entry` lies inside, if any.
    private func enclosingFolder(of entry: Entry, in folders: [String: Int]) -> Int? {
        guard !folders.isEmpty else { return nil }
        var path = entry.resolved
        while let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            path = String(path[..<slash])
            if let folder = folders[path] { return folder }
        }
        return nil
    }

    private static func shown(_ url: URL) -> String {
        url.relativePath.isEmpty ? url.path : url.relativePath
    }

    /// The resolved path and, when something is there, its identity.
    private mutating func resolve(path: String, followingLast: Bool) -> (String, Identity?) {
        var status = stat()
        let found = followingLast ? stat(path, &status) : lstat(path, &status)
        let identity = found == 0 ? Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) : nil
        let (parent, name) = Self.split(path)
        if followingLast || name == "." || name == ".." || name.isEmpty { return (resolveFolder(path), identity) }
        return (resolveFolder(parent) + "/" + name, identity)
    }

    /// A folder's real path without a trailing `/` (empty for the root), or for a missing one its
    /// nearest existing ancestor's real path and the missing names (`..` after a missing folder
    /// taken away by name: a missing folder is no symbolic link).
    private mutating func resolveFolder(_ path: String) -> String {
        if let known = realFolders[path] { return known }
        var resolved: String
        if let real = Self.realPath(path) {
            resolved = real == "/" ? "" : real
        } else {
            let (parent, name) = Self.split(path)
            resolved = parent.isEmpty ? "" : resolveFolder(parent)
            switch name {
            case "", ".": break
            case "..": resolved = Self.split(resolved).parent
            default: resolved += "/" + name
            }
        }
        realFolders[path] = resolved
        return resolved
    }

    /// `/a/b/c` → (`/a/b`, `c`); `/c` → (``, `c`).
    private static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}

extension Scene {
    /// Every file the scene names, resolved against its folder, with what it is: font files
    /// (`fonts`, a layer's or span's `font.file`), pictures (image layers' `src`) and typewriters'
    /// sound files.
    public var namedFiles: [(url: URL, label: String)] {
        namedFilePaths.map { (resolve(path: $0.path), $0.label) }
    }

    /// The files of `namedFiles` as the scene writes them, before they are resolved.
    public var namedFilePaths: [(path: String, label: String)] {
        var files: [(String, String)] = fonts.map { ($0, "the font file") }
        for layer in layers {
            // Exhaustive: a new kind of layer that reads a file must say so here.
            switch layer.content {
            case .image(let image): files.append((image.src, "the picture"))
            case .text, .rect: break
            }
            if let text = layer.text {
                if let file = text.font.file { files.append((file, "the font file")) }
                for span in text.spans ?? [] {
                    if let file = span.font?.file { files.append((file, "the font file")) }
                }
            }
            for animation in layer.animations {
                guard case .typewriter(let typewriter) = animation.kind, case .file(let file) = typewriter.sound?.source
                else { continue }
                files.append((file, "the sound file"))
            }
        }
        return files
    }
}
