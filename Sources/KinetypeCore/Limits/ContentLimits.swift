/// How much one scene may hold, whatever its numbers: counts of layers, spans, animations,
/// keyframes and script steps, the characters of all its text, and what one character or word may
/// be. Each is chosen so that loading the largest scene they allow takes a fraction of a second
/// and laying out its text cannot go quadratic; with `WorkLimits` (per output) they bound the work
/// of any render. The decoder checks them at the array's or the text's JSON path; the manual's table
/// and the schema read them from here.
public struct ContentLimit: Sendable, Equatable {
    /// JSON path patterns, `[]` standing for any index.
    public let keys: [String]
    public let maximum: Int
    /// What is counted, in a few words.
    public let meaning: String
    /// Why the bound is there.
    public let reason: String

    public init(_ keys: [String], _ maximum: Int, meaning: String, reason: String) {
        self.keys = keys
        self.maximum = maximum
        self.meaning = meaning
        self.reason = reason
    }
}

public enum ContentLimits {
    public static let layers = ContentLimit(
        ["layers"], 10_000, meaning: "layers of a scene",
        reason: "every frame computes every layer; a card has dozens")
    public static let spans = ContentLimit(
        ["layers[].spans"], 1_000, meaning: "spans of a text layer",
        reason: "Pango applies every span's attributes to every run: time grows with the square")
    public static let animations = ContentLimit(
        ["layers[].animations"], 1_000, meaning: "animations of a layer", reason: "each is evaluated every frame")
    public static let keyframes = ContentLimit(
        ["layers[].animations[].keyframes"], 10_000, meaning: "keyframes of an animation",
        reason: "more keyframes than frames")
    public static let scriptSteps = ContentLimit(
        ["layers[].animations[].script"], 10_000, meaning: "steps of a typewriter script",
        reason: "each step is a schedule to compile")
    public static let sceneText = ContentLimit(
        ["layers[].text", "layers[].spans[].text", "layers[].animations[].script[].type"],
        FormatRanges.maximumTextLength,
        meaning: "Unicode scalars of all the scene's text together (text, spans, script steps): characters, "
            + "an accent or an emoji's part counting on its own",
        reason: "a book chapter; shaping costs per scalar, so combining marks count")
    public static let characterScalars = ContentLimit(
        ["layers[].text", "layers[].spans[].text", "layers[].animations[].script[].type"], 32,
        meaning: "Unicode scalars in one character (a letter and its combining marks, an emoji sequence)",
        reason: "Unicode's stream-safe limit of 30 marks; longer ones make shaping quadratic")
    public static let wordLength = ContentLimit(
        ["layers[].text", "layers[].spans[].text", "layers[].animations[].script[].type"], 1_000,
        meaning: "characters of one word (between two places a line may break) of a wrapped text",
        reason: "Pango lays out an overlong word in time that grows with its square; \"wrap\": \"char\" has no limit")

    /// Every limit, in the order of the manual's table.
    public static let all: [ContentLimit] = [
        layers, spans, animations, keyframes, scriptSteps, sceneText, characterScalars, wordLength,
    ]

    /// The manual's table of these limits, as `testReadmeStatesEveryContentLimit` compares it.
    public static var markdownTable: String {
        var lines = ["| what | at most | where | why this bound |", "|---|---|---|---|"]
        for limit in all {
            let keys = limit.keys.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| \(limit.meaning) | \(limit.maximum) | \(keys) | \(limit.reason) |")
        }
        return lines.joined(separator: "\n")
    }
}
