import Foundation

/// A user's sound file, read by its content rather than its name: FLAC (`FLACFile`, starting with
/// "fLaC") or WAV (`WAVFile`, anything else, which refuses what is not RIFF WAVE).
public enum SoundFile {
    /// The samples of `data`, mixed to mono.
    public static func decode(_ data: Data) throws(WAVFile.Problem) -> PCMSound {
        if data.starts(with: "fLaC".utf8) { return try FLACFile.decode(data) }
        return try WAVFile.decode(data)
    }
}
