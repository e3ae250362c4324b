import Foundation

/// `--shard auto`: the slice of a batch this machine renders, read from the variables the CI
/// system or job engine sets on each parallel job.
public enum ShardEnvironment {
    /// One way a system names the job's index and the number of jobs.
    struct Source {
        let system: String
        let index: String
        let count: String
        /// Whether `index` counts from 0 (Buildkite, Kubernetes, CircleCI) or 1 (GitLab, kinetype's own).
        let zeroBased: Bool
    }

    /// In the order they are tried. kinetype's own pair comes first, so it can always override,
    /// and is how GitHub Actions (which has no such variables) passes its matrix values.
    static let sources = [
        Source(system: "kinetype", index: "KINETYPE_SHARD_INDEX", count: "KINETYPE_SHARD_COUNT", zeroBased: false),
        Source(system: "GitLab CI", index: "CI_NODE_INDEX", count: "CI_NODE_TOTAL", zeroBased: false),
        Source(
            system: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", count: "BUILDKITE_PARALLEL_JOB_COUNT",
            zeroBased: true),
        Source(system: "CircleCI", index: "CIRCLE_NODE_INDEX", count: "CIRCLE_NODE_TOTAL", zeroBased: true),
        Source(
            system: "a Kubernetes indexed Job", index: "JOB_COMPLETION_INDEX", count: "KINETYPE_SHARD_COUNT",
            zeroBased: true),
    ]

    /// The shard `environment` names, and which system named it.
    /// - Throws: a `.usage` diagnostic when no system's variables are set, or they are not
    ///   whole numbers with the index inside the count.
    public static func shard(from environment: [String: String]) throws -> (shard: Shard, system: String) {
        for source in sources {
            guard let indexText = environment[source.index] else { continue }
            guard let countText = environment[source.count] else {
                throw problem(
                    "\(source.index) is set (\(source.system)) but \(source.count) is not; set it to the number of jobs"
                )
            }
            guard let index = Int(indexText.trimmed), let count = Int(countText.trimmed),
                (1...Shard.maximumCount).contains(count),
                (source.zeroBased ? 0..<count : 1..<(count + 1)).contains(index)
            else {
                let range = source.zeroBased ? "0 to \(source.count) − 1" : "1 to \(source.count)"
                throw problem(
                    "\(CommandLineOption.shard.flag) auto read \(source.index)=\(JSONText.quoted(indexText)) and "
                        + "\(source.count)=\(JSONText.quoted(countText)) (\(source.system)); the index must be a "
                        + "whole number from \(range), and the count one from 1 to \(Shard.maximumCount)")
            }
            return (Shard(index: source.zeroBased ? index + 1 : index, count: count), source.system)
        }
        let looked = sources.map { "\($0.index)/\($0.count)" }.joined(separator: ", ")
        throw problem(
            "\(CommandLineOption.shard.flag) auto found no parallel job variables (looked for \(looked)); "
                + "pass KINETYPE_SHARD_INDEX and KINETYPE_SHARD_COUNT, or give \(CommandLineOption.shard.flag) I/N")
    }

    private static func problem(_ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .usage, message: message))
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
