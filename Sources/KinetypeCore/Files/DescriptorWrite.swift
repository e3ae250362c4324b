import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing every byte to a file descriptor (standard output, a pipe), with short writes, `EINTR`
/// and a non-blocking descriptor handled, and the failure returned as its `errno` value instead
/// of a trap. A closed pipe gives `EPIPE`, whatever the process's SIGPIPE disposition: SIGPIPE is
/// blocked on the writing thread while it writes and a SIGPIPE the write raised is consumed, so
/// library code never changes a process-wide signal setting.
public enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`; nil when every byte was written, else the `errno`.
    public static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        BrokenPipeSignal.suppressed { writeAll(bytes, to: descriptor) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var sent = 0
        while sent < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + sent, bytes.count - sent)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&wait, 1, -1)
                    continue
                }
                return code
            }
            sent += written
        }
        return nil
    }

    /// Writes the UTF-8 bytes of `text`; nil on success, else the `errno`.
    public static func all(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { all(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
