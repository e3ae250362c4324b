import Kinetype

/// `kinetype schema`: the JSON Schema of the scene format, for editors.
enum SchemaCommand: Command {
    static let name = "schema"
    static let abstract = "Print the JSON Schema of the scene format (for editor autocompletion)."
    static let usage = "schema"
    static let discussion = """
        Save it next to your scenes and point your editor at it, e.g. in VS Code with
        "json.schemas": [{"fileMatch": ["*.kinetype.json", "Templates/*.json"], "url": "./kinetype.schema.json"}],
        or add "$schema" to a scene.
        """
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw DiagnosticList.usage("schema takes no arguments", command: name)
        }
        terminal.out(SceneSchema.json)
        return .success
    }
}
