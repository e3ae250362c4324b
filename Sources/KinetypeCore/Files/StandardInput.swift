import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads standard input to its end with the same bound as a file (`RegularFile`): at most `limit`
/// bytes, checked while reading, so an endless pipe (`yes | kinetype render -`) stops with an error
/// instead of filling memory. A pipe, a regular file or a socket is read; a terminal is refused
/// (the command would wait for typing that never comes).
public enum StandardInput {
    /// Everything on standard input, at most `limit` bytes.
    public static func read(limit: Int64, descriptor: Int32 = STDIN_FILENO) throws(InputFileError) -> Data {
        if isatty(descriptor) == 1 { throw .notRegular("a terminal") }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw .notRegular("a folder")
        case S_IFREG:
            guard Int64(info.st_size) <= limit else { throw .tooLarge(size: Int64(info.st_size), limit: limit) }
        default: break
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&wait, 1, -1)
                    continue
                }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            guard Int64(data.count + count) <= limit else {
                throw .tooLarge(size: Int64(data.count + count), limit: limit)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// `read(2)`, named so it does not clash with `StandardInput.read`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
    #else
        return Darwin.read(descriptor, buffer, count)
    #endif
}
