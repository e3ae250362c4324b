import Foundation

/// What `validate` checks: the files it was given, with folders walked.
public enum ValidationInput: Equatable, Sendable {
    /// A scene (or batch template).
    case scene(path: String)
    /// A batch data file (`*.data.json`), checked alone or against its template `name.json`
    /// beside it when there is one.
    case data(path: String, template: String?)

    public var path: String {
        switch self {
        case .scene(let path), .data(let path, _): return path
        }
    }

    /// `paths` as inputs: a folder becomes the `.json` files below it (hidden files and folders
    /// and symbolic links skipped, sorted), `*.data.json` files are data, everything else is a
    /// scene. With `scenesInFolders`, a folder's data files are left out. `problems` has an error
    /// for each `.json` file or folder below them whose name is not UTF-8 (see `SceneFolderWalk`).
    public static func expand(_ paths: [String], scenesInFolders: Bool = false) -> (
        inputs: [ValidationInput], problems: [Diagnostic]
    ) {
        var inputs: [ValidationInput] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                inputs.append(input(path))
                continue
            }
            let walk = SceneFolderWalk(folder: path)
            inputs += (scenesInFolders ? walk.files.filter { !$0.hasSuffix(".data.json") } : walk.files).map(input)
            problems += walk.problems
        }
        return (inputs, problems)
    }

    static func input(_ path: String) -> ValidationInput {
        guard path.hasSuffix(".data.json") else { return .scene(path: path) }
        let template = String(path.dropLast(".data.json".count)) + ".json"
        return .data(path: path, template: FileManager.default.fileExists(atPath: template) ? template : nil)
    }
}

/// Finds every problem of a batch: the data file's own, and, with a template, each entry's
/// scene (the template with that entry's values), plus data keys that fill no placeholder.
public enum DataValidator {
    /// The problems, in order: data file problems, then each entry's, each entry's followed by a
    /// note naming the entry. A problem shared by several entries is reported once. `dataBytes`
    /// are the data when the caller read them already (a pipe, which can be read only once);
    /// `dataPath` then only names them.
    public static func problems(
        inDataAt dataPath: String, dataBytes: Data? = nil, template: String?, overrides: SceneOverrides = .none,
        root: InputRoot? = nil, limits: WorkLimits = .standard, strict: Bool = false
    ) -> [Diagnostic] {
        let entries: [BatchEntry]
        do {
            let bytes = try dataBytes ?? RegularFile.read(dataPath, limit: RegularFile.documentLimit)
            entries = try BatchData.decode(bytes, fileName: dataPath)
        } catch let error as InputFileError {
            return [
                Diagnostic(
                    kind: error.kind, file: dataPath, message: "cannot read \(dataPath): the file \(error.reason)")
            ]
        } catch {
            return DiagnosticList(describing: error).diagnostics
        }
        guard let template else { return [] }
        var problems: [Diagnostic] = []
        var seen: Set<String> = []
        for (index, entry) in entries.enumerated() {
            var entryOverrides = overrides
            entryOverrides.values = entry.values.merging(overrides.values) { _, override in override }
            let found = SceneLoader(.file(path: template), overrides: entryOverrides, root: root, limits: limits)
                .problems()
            let new = found.filter { seen.insert($0.reportText).inserted }
            guard !new.isEmpty else { continue }
            problems += new
            let name = entry.outputName.map { " (\($0))" } ?? ""
            problems.append(
                Diagnostic(
                    .note, file: dataPath, position: entry.position, path: "[\(index)]",
                    message: "the problems above come from entry \(ReportNumbers.number(ofIndex: index))\(name)"))
        }
        let keys = Set(entries.flatMap(\.values.keys)).union(overrides.values.keys).sorted()
        if let scene = UnusedPlaceholders.templateScene(.file(path: template), keys: keys) {
            problems += UnusedPlaceholders.dataProblems(
                entries: entries, dataName: dataPath, scene: scene, templateName: template, strict: strict)
            problems += UnusedPlaceholders.setProblems(
                names: Array(overrides.values.keys), scene: scene, sceneName: template, strict: strict)
        }
        return problems
    }
}
