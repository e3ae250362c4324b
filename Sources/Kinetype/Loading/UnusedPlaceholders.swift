import Foundation

/// Finds placeholder values nobody asked for: a `--set` name or a batch data key that no
/// `{{name}}` of the scene uses. Usually a typo (`--set titel=…`), which would otherwise render
/// the default text without a word. Warnings; errors with `--strict`.
public enum UnusedPlaceholders {
    /// One problem for each `--set` name that `scene` does not use.
    public static func setProblems(names: [String], scene: Scene, sceneName: String, strict: Bool) -> [Diagnostic] {
        setProblems(names: names, used: scene.placeholdersUsed, sceneName: sceneName, strict: strict)
    }

    /// One problem for each `--set` name outside `used` (the placeholders of every scene it applies to).
    public static func setProblems(names: [String], used: Set<String>, sceneName: String, strict: Bool) -> [Diagnostic]
    {
        Set(names).subtracting(used).sorted().map { name in
            let shown = JSONText.unquoted(name)
            return Diagnostic(
                strict ? .error : .warning, kind: .usage,
                message: "\(CommandLineOption.set.flag) \(shown): \(sceneName) has no {{\(shown)}} placeholder"
                    + suggestion(for: name, among: used),
                hint: hint(for: used))
        }
    }

    /// One problem for each data key that `scene` does not use, at the first entry that has it.
    public static func dataProblems(
        entries: [BatchEntry], dataName: String, scene: Scene, templateName: String, strict: Bool
    ) -> [Diagnostic] {
        var firstEntry: [String: (number: Int, entry: BatchEntry)] = [:]
        for (index, entry) in entries.enumerated() {
            for key in entry.values.keys where firstEntry[key] == nil {
                firstEntry[key] = (ReportNumbers.number(ofIndex: index), entry)
            }
        }
        return Set(firstEntry.keys).subtracting(scene.placeholdersUsed).sorted().map { key in
            let first = firstEntry[key]!
            return Diagnostic(
                strict ? .error : .warning, kind: .invalidScene, file: dataName, position: first.entry.position,
                path: DecodingPath.member(DecodingPath.index("", first.number - 1), key),
                message: "the key \(JSONText.quoted(key)) (first in entry \(first.number)) fills no placeholder of "
                    + templateName + suggestion(for: key, among: scene.placeholdersUsed),
                hint: hint(for: scene.placeholdersUsed))
        }
    }

    /// The scene a batch's entries fill, decoded once with every key given, so that its used
    /// placeholders are known; nil when it does not decode (its entries then fail on their own).
    public static func templateScene(_ source: SceneSource, keys: [String]) -> Scene? {
        let values = Dictionary(keys.map { ($0, "") }, uniquingKeysWith: { first, _ in first })
        return try? SceneLoader(source, overrides: SceneOverrides(values: values)).decode()
    }

    private static func suggestion(for name: String, among used: Set<String>) -> String {
        Suggestion.closest(to: name, among: used.sorted()).map { "; did you mean \(JSONText.quoted($0))?" } ?? ""
    }

    private static func hint(for used: Set<String>) -> String {
        used.isEmpty
            ? "the scene uses no placeholders"
            : "its placeholders are " + JSONText.list(used.sorted().map { "{{\($0)}}" })
    }
}
