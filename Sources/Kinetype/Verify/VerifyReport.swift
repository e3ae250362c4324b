import Foundation
import KinetypeEncode

/// What a `verify` run found, as `--report` writes it and `verify-report merge` reads it back:
/// every scene's verdict, the golden sets no scene of the run uses, and enough about the run to
/// merge the reports of its shards and to accept their changes.
public struct VerifyReport: Codable, Sendable {
    /// One verified scene: the path it was given as, and its verdict.
    public struct Entry: Codable, Sendable {
        public var scenePath: String
        public var result: SceneVerification

        public init(scenePath: String, result: SceneVerification) {
            self.scenePath = scenePath
            self.result = result
        }
    }

    /// The kinetype that wrote the report.
    public var kinetype = KinetypeVersion.current
    /// `2/5` for a shard's report, nil for a whole run.
    public var shard: String?
    public var goldenFolder: String
    /// Where this run wrote its failure images (an absolute path, as the images' paths are).
    public var artifactsFolder: String
    /// The options of the command that accepts the changes (`--record failed`), without the scenes.
    public var acceptArguments: [String]
    /// How frames were compared.
    public var comparison: ComparisonOptions
    public var scenes: [Entry] = []
    /// Golden sets in the golden folder that no scene of the run uses (`old-card/`, `intro.gif`).
    public var obsoleteSets: [String] = []
    /// Obsolete sets this run removed (`--prune`).
    public var removedSets: [String] = []
    /// True when Ctrl-C or SIGTERM stopped the run before every scene was verified.
    public var interrupted = false

    public init(
        shard: Shard?, goldenFolder: String, artifactsFolder: String, acceptArguments: [String],
        comparison: ComparisonOptions
    ) {
        self.shard = shard?.label
        self.goldenFolder = goldenFolder
        self.artifactsFolder = artifactsFolder
        self.acceptArguments = acceptArguments
        self.comparison = comparison
    }

    /// Whether every scene passed (obsolete goldens aside).
    public var passed: Bool { scenes.allSatisfy(\.result.passed) }

    /// The scene paths whose verdict is a failure.
    public var failingScenes: [String] { scenes.filter { !$0.result.passed }.map(\.scenePath) }

    /// Obsolete golden frames in all, over every scene.
    public var obsoleteFrameCount: Int { scenes.map(\.result.obsoleteFrames.count).reduce(0, +) }

    /// The command that accepts the changes of `scenes`: `kinetype verify SCENES … --record failed`.
    public func acceptCommand(for scenes: [String]) -> [String] {
        ["kinetype", "verify"] + scenes + acceptArguments
    }

    private enum CodingKeys: String, CodingKey {
        case kinetype, shard, goldenFolder, artifactsFolder, acceptArguments, comparison, scenes, obsoleteSets
        case removedSets
        case interrupted, passed
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kinetype = try container.decode(String.self, forKey: .kinetype)
        shard = try container.decodeIfPresent(String.self, forKey: .shard)
        goldenFolder = try container.decode(String.self, forKey: .goldenFolder)
        artifactsFolder = try container.decode(String.self, forKey: .artifactsFolder)
        acceptArguments = try container.decode([String].self, forKey: .acceptArguments)
        comparison = try container.decode(ComparisonOptions.self, forKey: .comparison)
        scenes = try container.decode([Entry].self, forKey: .scenes)
        obsoleteSets = try container.decode([String].self, forKey: .obsoleteSets)
        removedSets = try container.decode([String].self, forKey: .removedSets)
        interrupted = try container.decode(Bool.self, forKey: .interrupted)
    }

    /// Also writes `passed`, for scripts that only want the verdict.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kinetype, forKey: .kinetype)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encode(goldenFolder, forKey: .goldenFolder)
        try container.encode(artifactsFolder, forKey: .artifactsFolder)
        try container.encode(acceptArguments, forKey: .acceptArguments)
        try container.encode(comparison, forKey: .comparison)
        try container.encode(scenes, forKey: .scenes)
        try container.encode(obsoleteSets, forKey: .obsoleteSets)
        try container.encode(removedSets, forKey: .removedSets)
        try container.encode(interrupted, forKey: .interrupted)
        try container.encode(passed, forKey: .passed)
    }
}
