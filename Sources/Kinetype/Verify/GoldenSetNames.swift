import Foundation
import KinetypeEncode

/// How golden sets are named, and the rule that keeps two scenes from sharing one.
///
/// A scene's set is named after its file, without the extension (`intro` for `intro.json`); with
/// `--layout-direction` the resolved direction follows (`intro-rightToLeft`), then `-dark` for the
/// dark appearance asked for with `--color-scheme` (`intro-rightToLeft-dark`, see `OutputNaming`).
/// Two scenes of one run whose sets would have the same name are refused before anything renders.
public enum GoldenSetNames {
    /// The set name of a scene stem rendered in `direction` (nil when no direction was asked
    /// for) and `colorScheme`.
    public static func name(stem: String, direction: LayoutDirection?, colorScheme: ColorScheme?) -> String {
        OutputNaming.stem(stem + (direction.map { "-" + $0.rawValue } ?? ""), colorScheme: colorScheme)
    }

    /// The scene stem of a scene path: its file name without the extension.
    public static func stem(ofScene path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// Every name a scene's set can have in a run that asks for `direction` and `colorSchemes`
    /// (`auto` may resolve either way, so it stands for both directions).
    static func names(stem: String, direction: LayoutDirection?, colorSchemes: [ColorScheme?]) -> [String] {
        let directions: [LayoutDirection?] =
            switch direction {
            case nil: [nil]
            case .auto?: [.leftToRight, .rightToLeft]
            case let fixed?: [fixed]
            }
        return directions.flatMap { direction in
            colorSchemes.map { name(stem: stem, direction: direction, colorScheme: $0) }
        }
    }

    /// Whether `setName` is a set of the scene stem `stem` in any direction or appearance.
    static func belongs(_ setName: String, toStem stem: String) -> Bool {
        names(stem: stem, direction: .auto, colorSchemes: [nil, .dark]).contains(setName)
            || names(stem: stem, direction: nil, colorSchemes: [nil, .dark]).contains(setName)
    }

    /// The scenes of a run, each once (the same file given twice is verified once), in order.
    /// - Throws: a `.usage` diagnostic naming both paths when two different scene files would
    ///   use one golden set.
    public static func distinctScenes(
        _ paths: [String], direction: LayoutDirection?, colorSchemes: [ColorScheme?]
    ) throws -> [String] {
        var scenes: [String] = []
        var seenFiles: Set<String> = []
        var owners: [String: String] = [:]
        for path in paths {
            let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
            guard seenFiles.insert(file).inserted else { continue }
            for name in names(stem: stem(ofScene: path), direction: direction, colorSchemes: colorSchemes) {
                if let other = owners[name] {
                    throw Diagnostic(
                        kind: .usage,
                        message:
                            "\(other) and \(path) would both use the golden set \(JSONText.quoted(name)), "
                            + "so one would overwrite the other's goldens",
                        hint:
                            "rename one of the scene files, or verify them in separate runs with different "
                            + "\(CommandLineOption.golden.flag) folders"
                    ).fail()
                }
                owners[name] = path
            }
            scenes.append(path)
        }
        return scenes
    }
}

/// The golden sets stored in a `--golden` folder: frame folders (`intro/`) and animation files
/// (`intro.gif`, `.webp`, `.apng`, each with its `intro.environment.json`). Anything else in the
/// folder is not a set and is never reported or removed.
struct GoldenFolderInventory {
    /// One stored set.
    struct StoredSet: Equatable {
        var name: String
        /// The folder, or the animation file, and its environment file when there is one.
        var paths: [URL]
        /// `intro/` or `intro.gif`, as listed to the user.
        var label: String
    }

    static let animationExtensions = AnimationFormat.allCases.map(\.fileExtension)

    /// The sets directly inside `folder` (none when it does not exist), sorted by label.
    static func sets(in folder: URL) -> [StoredSet] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var sets: [StoredSet] = []
        for entry in names where !entry.hasPrefix(".") {
            let url = folder.appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                guard isFrameSet(url) else { continue }
                sets.append(StoredSet(name: entry, paths: [url], label: entry + "/"))
            } else if animationExtensions.contains(url.pathExtension.lowercased()) {
                let name = url.deletingPathExtension().lastPathComponent
                let environment = folder.appendingPathComponent(name + ".environment.json")
                let paths = FileManager.default.fileExists(atPath: environment.path) ? [url, environment] : [url]
                sets.append(StoredSet(name: name, paths: paths, label: entry))
            }
        }
        return sets.sorted { $0.label < $1.label }
    }

    /// Whether `folder` holds only what `verify` writes into a set (frames and `environment.json`;
    /// hidden names are not looked at) and at least one of them.
    static func isFrameSet(_ folder: URL) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        let visible = names.filter { !$0.hasPrefix(".") }
        return !visible.isEmpty
            && visible.allSatisfy { name in
                name == GoldenVerifier.environmentFile || GoldenFrameName.index(of: name) != nil
            }
    }
}

/// The names of golden frame files: `frame_0001.png` for the first frame.
enum GoldenFrameName {
    /// The frame file of zero-based `index` in an animation of `frameCount` frames.
    static func name(index: Int, frameCount: Int) -> String {
        PNGSequenceWriter.fileName(index: index, frameCount: frameCount)
    }

    /// The zero-based frame index a golden frame file is named for, or nil for any other name.
    static func index(of name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
            number >= 1
        else { return nil }
        return number - 1
    }
}
