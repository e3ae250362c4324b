import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an input file (scene, data, template, font, image, golden) cannot be used.
public enum InputFileError: Error, Equatable, Sendable {
    /// Nothing at the path (or a path component is not a folder).
    case missing
    /// The file exists but cannot be opened or read (the system's reason).
    case unreadable(String)
    /// Not a regular file: "a folder", "a FIFO", "a device", "a socket".
    case notRegular(String)
    /// Larger than the limit for its kind of file.
    case tooLarge(size: Int64, limit: Int64)
    /// Resolves (after symlinks) outside the `--root` folder; said the same whether or not it exists.
    case outsideRoot

    /// What is wrong, to follow the quoted file name: `"logo.png" is a FIFO, not a regular file`.
    public var reason: String {
        switch self {
        case .missing: return "does not exist"
        case .unreadable(let why): return "cannot be read (\(why))"
        case .notRegular(let what): return "is \(what), not a regular file"
        case .tooLarge(let size, let limit):
            return "is \(RegularFile.describe(bytes: size)); the limit is \(RegularFile.describe(bytes: limit))"
        case .outsideRoot: return "is outside the root folder"
        }
    }

    /// Exit code class: an oversized file is bad data (65); everything else is a missing input (66),
    /// so the exit code does not reveal whether a file outside the root exists either.
    public var kind: DiagnosticKind {
        if case .tooLarge = self { return .invalidScene }
        return .missingInput
    }
}

/// Opens and reads input files safely: only regular files (a FIFO, device, socket or folder is
/// refused without blocking), at most a stated number of bytes, checked before reading. Every file
/// kinetype reads goes through here.
public enum RegularFile {
    /// Scene, template and batch data files.
    public static let documentLimit: Int64 = 64 << 20
    /// Font files (the largest CJK and emoji fonts are a few tens of MB).
    public static let fontLimit: Int64 = 128 << 20
    /// Image files of `image` layers and golden PNG/GIF files.
    public static let imageLimit: Int64 = 64 << 20
    /// Sound files of typewriter `sound`s (a key click is a fraction of a second; 16 MiB is over a
    /// minute of 48 kHz stereo 24-bit PCM).
    public static let soundLimit: Int64 = 16 << 20

    /// The whole content of the regular file at `path`, which must hold at most `limit` bytes.
    public static func read(_ path: String, limit: Int64) throws(InputFileError) -> Data {
        try checkKind(path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(errno) }
        defer { close(descriptor) }
        let size = try checkDescriptor(descriptor, limit: limit)
        return try readAll(descriptor, size: size, limit: limit)
    }

    /// What is left to read of the open `descriptor` (`size` bytes by its `fstat`), at most
    /// `limit` bytes however much it turns out to hold, or its first `prefix` bytes.
    private static func readAll(_ descriptor: Int32, size: Int64, limit: Int64, prefix: Int? = nil)
        throws(InputFileError) -> Data
    {
        let wanted = prefix.map { min(Int64($0), size) } ?? size
        var data = Data(capacity: Int(wanted))
        // Chunks of up to 64 KiB, no larger than the file needs (a batch reads a 64-byte fingerprint
        // per output); a file that grew since its `fstat` is read on, a chunk at a time.
        var buffer = [UInt8](repeating: 0, count: Int(min(1 << 16, max(1 << 12, wanted + 1))))
        while true {
            if let prefix, data.count >= prefix { return data.prefix(prefix) }
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            guard Int64(data.count + count) <= limit else {
                throw .tooLarge(size: Int64(data.count + count), limit: limit)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The content of the regular file at `relativePath` inside `folder`, which the path cannot
    /// leave whatever it says: an absolute path, or an empty, `.` or `..` component, is refused as
    /// `.outsideRoot`, and each component is opened beneath the one before without following a
    /// symbolic link, so a link anywhere below `folder` (even one that stays inside) is refused as
    /// `.notRegular("a symbolic link")` and a file swapped for a link between the check and the
    /// read is never followed. `folder` itself is the caller's choice and may be reached through
    /// links. With `prefix`, reads at most that many bytes (the size limit is still the whole
    /// file's). For names that come from untrusted data, such as the image paths of a shard's
    /// report.
    public static func read(
        _ relativePath: String, beneath folder: String, limit: Int64, prefix: Int? = nil
    ) throws(InputFileError) -> Data {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = components.last, !relativePath.hasPrefix("/"),
            !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else { throw .outsideRoot }
        var directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw openError(errno) }
        defer { close(directory) }
        for component in components.dropLast() {
            try checkKindBeneath(directory, component, folder: true)
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw beneathError(errno) }
            close(directory)
            directory = next
        }
        try checkKindBeneath(directory, name, folder: false)
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw beneathError(errno) }
        defer { close(descriptor) }
        let size = try checkDescriptor(descriptor, limit: limit)
        return try readAll(descriptor, size: size, limit: limit, prefix: prefix)
    }

    /// Checks that `path` names a regular file of at most `limit` bytes, without reading it (for
    /// libraries that take a path, such as fontconfig: call it right before handing the path over).
    public static func check(_ path: String, limit: Int64) throws(InputFileError) {
        try checkKind(path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw openError(errno) }
        guard Int64(info.st_size) <= limit else { throw .tooLarge(size: Int64(info.st_size), limit: limit) }
    }

    /// "1.5 MB", "64 MB", "812 bytes".
    public static func describe(bytes: Int64) -> String {
        if bytes < 1 << 20 { return bytes < 1024 ? "\(bytes) bytes" : "\(bytes >> 10) KB" }
        let megabytes = Double(bytes) / Double(1 << 20)
        return megabytes == megabytes.rounded() ? "\(Int64(megabytes)) MB" : String(format: "%.1f MB", megabytes)
    }

    /// Refuses anything but a regular file before opening it (opening a device can have effects).
    private static func checkKind(_ path: String) throws(InputFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw openError(errno) }
        if let what = nonRegularKind(info.st_mode) { throw .notRegular(what) }
    }

    /// Refuses what `name` in the open folder `directory` is, before opening it, unless it is a
    /// folder (`folder`) or a regular file: a symbolic link is never followed.
    private static func checkKindBeneath(_ directory: Int32, _ name: String, folder: Bool) throws(InputFileError) {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw openError(errno) }
        if info.st_mode & S_IFMT == S_IFLNK { throw .notRegular("a symbolic link") }
        if folder {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .missing }
        } else if let what = nonRegularKind(info.st_mode) {
            throw .notRegular(what)
        }
    }

    /// An `openat` error below a confined folder: a link that appeared since `checkKindBeneath`
    /// (`ELOOP`, or `ENOTDIR` for a folder) is still a link.
    private static func beneathError(_ code: Int32) -> InputFileError {
        code == ELOOP ? .notRegular("a symbolic link") : openError(code)
    }

    /// Checks the opened file again (it may have been replaced since `checkKind`); returns its size.
    private static func checkDescriptor(_ descriptor: Int32, limit: Int64) throws(InputFileError) -> Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if let what = nonRegularKind(info.st_mode) { throw .notRegular(what) }
        guard Int64(info.st_size) <= limit else { throw .tooLarge(size: Int64(info.st_size), limit: limit) }
        return Int64(info.st_size)
    }

    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a special file"
        }
    }

    private static func openError(_ code: Int32) -> InputFileError {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        default: return .unreadable(String(cString: strerror(code)))
        }
    }
}

/// `read(2)`, named so it does not clash with `RegularFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
    #else
        return Darwin.read(descriptor, buffer, count)
    #endif
}
