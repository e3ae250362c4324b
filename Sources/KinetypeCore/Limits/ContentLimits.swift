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
    /// Every value the scene file holds, checked while it is parsed: the one bound that holds for
    /// whatever a 64 MB file is made of (unknown keys, `vars`, deep arrays), before any tree is built.
    public static let jsonValues = ContentLimit(
        [""], 300_000,
        meaning:
            "JSON values in a scene file (every number, string, true, false, null, array and object, at any depth)",
        reason: "each is parsed, kept and decoded; a card holds a few hundred, 10,000 layers a few each")
    public static let layers = ContentLimit(
        ["layers"], 10_000, meaning: "layers of a scene",
        reason: "every frame computes every layer; a card has dozens")
    public static let spans = ContentLimit(
        ["layers[].spans"], 1_000, meaning: "spans of a text layer",
        reason: "Pango applies every span's attributes to every run: time grows with the square")
    public static let animations = ContentLimit(
        ["layers[].animations"], 1_000, meaning: "animations of a layer", reason: "each is evaluated every frame")
    public static let sceneAnimations = ContentLimit(
        ["layers[].animations"], 20_000, meaning: "animations of all the scene's layers together",
        reason: "each is compiled once and evaluated every frame")
    public static let keyframes = ContentLimit(
        ["layers[].animations[].keyframes"], 10_000, meaning: "keyframes of an animation",
        reason: "more keyframes than frames")
    public static let sceneKeyframes = ContentLimit(
        ["layers[].animations[].keyframes"], 50_000, meaning: "keyframes of all the scene's animations together",
        reason: "each is decoded and compiled into its track")
    public static let sceneSpans = ContentLimit(
        ["layers[].spans"], 10_000, meaning: "spans of all the scene's text layers together",
        reason: "each is decoded, styled and laid out")
    public static let scriptSteps = ContentLimit(
        ["layers[].animations[].script"], 10_000, meaning: "steps of a typewriter script",
        reason: "each step is a schedule to compile")
    public static let sceneScriptSteps = ContentLimit(
        ["layers[].animations[].script"], 50_000, meaning: "steps of all the scene's typewriter scripts together",
        reason: "each step is a schedule to compile, even a pause")
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
        jsonValues, layers, spans, sceneSpans, animations, sceneAnimations, keyframes, sceneKeyframes, scriptSteps,
        sceneScriptSteps, sceneText, characterScalars, wordLength,
    ]

    /// The heading of the manual's last column: what the largest scene at each limit costs.
    public static let worstCaseHeading = "worst case: validate, render (GIF), peak memory"

    /// The manual's table of these limits, as `testReadmeStatesEveryContentLimit` compares it. Its
    /// last column is measured, not stated here: `make bench-limits` renders the largest scene each
    /// limit allows and writes the figures into the manual, and `worstCases` gives them back by
    /// `meaning` (a limit without one says "not measured").
    public static func markdownTable(worstCases: [String: String] = [:]) -> String {
        var lines = [
            "| what | at most | where | why this bound | \(worstCaseHeading) |", "|---|---|---|---|---|",
        ]
        for limit in all {
            let keys = limit.keys.map { $0.isEmpty ? "the whole file" : "`\($0)`" }.joined(separator: ", ")
            let worst = worstCases[limit.meaning] ?? "not measured"
            lines.append("| \(limit.meaning) | \(limit.maximum) | \(keys) | \(limit.reason) | \(worst) |")
        }
        return lines.joined(separator: "\n")
    }
}
