/// The layer types of the scene format, each declared once: its `type` name, the keys it adds to
/// every layer's, and what it is. Decoding, key checks, hints, `LayerContent.type`, the JSON
/// Schema and the docs generated from it all read these; a new case is a compile error in every
/// switch that must decide what it does.
public enum LayerType: String, CaseIterable, Sendable {
    case text, rect, image

    /// The keys a layer of this type allows besides every layer's (`FormatKeys.layer`).
    var ownKeys: [String] {
        switch self {
        case .text: FormatKeys.textLayer
        case .rect: []
        case .image: FormatKeys.imageLayer
        }
    }

    /// Every key a layer of this type allows.
    var keys: [String] { FormatKeys.layer + ownKeys }

    /// What a layer of this type draws, as the schema describes it.
    var summary: String {
        switch self {
        case .text:
            "Text, with \"text\" or \"spans\" (not both); a layer whose typewriter has a script may have neither."
        case .rect: "A filled, optionally rounded and stroked box."
        case .image: "A PNG image."
        }
    }

    /// The name of its definition in the JSON Schema.
    var schemaDefinition: String { rawValue + "Layer" }

    /// The `type` names, as the format lists them.
    static var names: [String] { allCases.map(\.rawValue) }
}

/// The animation types of the scene format, each declared once, as `LayerType` declares layers.
public enum AnimationType: String, CaseIterable, Sendable {
    case typewriter, animate, keyframes

    /// The keys an animation of this type allows besides every animation's (`FormatKeys.animation`).
    var ownKeys: [String] {
        switch self {
        case .typewriter: FormatKeys.typewriter
        case .animate: FormatKeys.animate
        case .keyframes: FormatKeys.keyframes
        }
    }

    /// Every key an animation of this type allows.
    var keys: [String] { FormatKeys.animation + ownKeys }

    /// What an animation of this type does, as the schema describes it.
    var summary: String {
        switch self {
        case .typewriter: "Reveals the layer's text unit by unit."
        case .animate: "Animates one property from a value to another."
        case .keyframes: "Animates a property through a list of values."
        }
    }

    /// The name of its definition in the JSON Schema.
    var schemaDefinition: String { rawValue }

    /// The `type` names, as the format lists them.
    static var names: [String] { allCases.map(\.rawValue) }
}
