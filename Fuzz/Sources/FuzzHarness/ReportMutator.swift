import Foundation
import KinetypeCore

/// A report-aware mutation for the report-merge target, as `SceneMutator` is for scenes: it
/// replaces a number with an extreme value or a bound of `ReportRanges` (or just past it), a
/// string with a hostile path or shard label, or splits the input into one more report, so the
/// fuzzer reaches the range checks, the image confinement and the shard arithmetic, not only
/// byte noise.
public enum ReportMutator {
    static let numbers: [String] = {
        var values = [
            "0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "1e400", "5e-324", "9223372036854775807",
            "9223372036854775808", "18446744073709551616", "2147483648", "67108865", "3.5", "1E2",
        ]
        for range in ReportRanges.all {
            for bound in [range.minimum, range.maximum] {
                values += [bound, bound.nextUp, bound.nextDown, bound * 1.5 + 1].map(JSONText.number)
            }
        }
        return values
    }()

    /// Paths a shard report could name instead of its own failure images, and shard labels.
    static let strings: [String] = [
        "/proc/self/environ", "../secret.png", "/ci/failures/../secret.png", "/ci/failures/card/frame_0001.diff.png",
        "/ci/failures/card/frame_0002.diff.png", "/ci/failures/card/frame_0003.diff.png",
        "/ci/failures/card/frame_0004.diff.png", "/ci/failures/up/secret.png",
        "/ci/failures/up/shard/failures/card/frame_0001.diff.png",
        "/ci/failures/card/../card/frame_0001.diff.png", "/ci/failures//card/frame_0001.diff.png", "/ci/failures",
        "/ci/failures/", "/", "", ".", "..", "/ci/..", "card/frame_0001.diff.png", "1/1", "1/2", "2/2", "1/10000",
        "10000/10000", "1/10001", "1/1000000000", "0/0", "-1/2", "1/-2", "2/1", "1,3 of 4", "/dev/zero",
        String(repeating: "q", count: 5000), "\u{202E}x", "rendered", "failed", "passed", "missing",
    ]

    /// Mutates `data` in place (at most `maxSize` bytes); returns the new size, or nil to let
    /// libFuzzer's own mutation run instead.
    public static func mutate(_ data: inout [UInt8], maxSize: Int, seed: UInt32) -> Int? {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        guard var text = String(bytes: data, encoding: .utf8) else { return nil }
        switch random.next() % 4 {
        case 0, 1:
            let tokens = SceneMutator.numberTokens(in: text)
            guard !tokens.isEmpty else { return nil }
            let range = tokens[Int(random.next() % UInt64(tokens.count))]
            text.replaceSubrange(range, with: numbers[Int(random.next() % UInt64(numbers.count))])
        case 2:
            let tokens = SceneMutator.stringTokens(in: text)
            guard !tokens.isEmpty else { return nil }
            let range = tokens[Int(random.next() % UInt64(tokens.count))]
            let replacement = strings[Int(random.next() % UInt64(strings.count))].unicodeScalars.map { scalar in
                scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
                    ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }.joined()
            text.replaceSubrange(range, with: replacement)
        default:
            // Another report: a copy of the input with its shard index changed, after a separator.
            guard !text.contains("\u{1E}") else { return nil }
            let second = text.replacingOccurrences(of: "\"1/", with: "\"2/")
            text += "\u{1E}" + second
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= maxSize else { return nil }
        data = bytes
        return bytes.count
    }
}
