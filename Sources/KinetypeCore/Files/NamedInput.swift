import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input a user names on the command line (a scene, a batch template, batch data), which may
/// be a pipe: `-` for standard input, or a FIFO such as the `/dev/fd/63` of bash's `<(jq …
/// data.json)`. A pipe is read once, to its end, with the same size limit as a file, checked while
/// reading, so an endless one stops with an error; opening a FIFO waits for its writer, as `cat`
/// does. Anything else goes through `RegularFile`.
///
/// Only what the user names directly comes here. The files a scene names (fonts, images, sounds)
/// and goldens are read by `RegularFile`, which refuses a FIFO without opening it: a scene could
/// otherwise name a pipe nobody writes and hang the run.
public enum NamedInput {
    /// How a path names standard input.
    public static let standardInputPath = "-"

    /// Whether `path` is `-` or a FIFO: an input that can be read only once.
    public static func isPipe(_ path: String) -> Bool {
        if path == standardInputPath { return true }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// The whole input at `path`: standard input for `-`, a FIFO read to its end, else the regular
    /// file; at most `limit` bytes.
    /// - Throws: as `RegularFile.read`, and `.notRegular("a terminal")` for `-` when standard input
    ///   is a terminal.
    public static func read(_ path: String, limit: Int64) throws(InputFileError) -> Data {
        if path == standardInputPath { return try StandardInput.read(limit: limit) }
        guard isPipe(path) else { return try RegularFile.read(path, limit: limit) }
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        return try StandardInput.read(limit: limit, descriptor: descriptor)
    }
}
