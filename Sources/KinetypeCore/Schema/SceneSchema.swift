/// The machine-readable description of the scene format, printed by `kinetype schema`.
public enum SceneSchema {
    /// A JSON Schema (draft 2020-12) of scene format 1, pretty-printed.
    public static var json: String { document }

    private static let document = SceneSchemaDocument.root.prettyPrinted() + "\n"
}
