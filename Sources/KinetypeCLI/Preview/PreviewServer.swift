import Foundation
import Kinetype

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for `kinetype preview`: POSIX sockets, one thread per
/// connection (at most `maximumConnections` at once; more get 503), GET only, request heads of at
/// most `HTTPRequest.maximumHeadBytes`, one response per connection. It serves only the routes
/// its handler knows, so no request can name a file.
final class PreviewServer: Sendable {
    /// Connections served at once; the page needs a few (frames, the change watch).
    static let maximumConnections = 32
    /// How long a connection may take to send its request head, and the server to send a response.
    static let socketTimeoutSeconds = 10

    private let listener: Int32
    /// The port it listens on (the one asked for, or the free one the system chose for 0).
    let port: Int
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let active = Locked(0)

    /// Binds 127.0.0.1:`port` (0: a free port). Throws when the port cannot be had.
    init(port: Int, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Self.failure("cannot create a socket", errno: errno) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketFD, 64) == 0 else {
            let code = errno
            close(socketFD)
            throw Self.failure("cannot listen on 127.0.0.1:\(port)", errno: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        listener = socketFD
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.handler = handler
    }

    deinit { close(listener) }

    /// Accepts connections until `shouldStop` returns true (checked at least every 100 ms), then
    /// stops listening. Connections being served finish on their own threads.
    func run(until shouldStop: () -> Bool) {
        var pollFD = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while !shouldStop() {
            guard poll(&pollFD, 1, 100) > 0, pollFD.revents & Int16(POLLIN) != 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var timeout = timeval(tv_sec: Self.socketTimeoutSeconds, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let admitted = active.withLock { count in
                guard count < Self.maximumConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                Self.send(.status(503, "Service Unavailable", "too many connections"), to: connection)
                close(connection)
                continue
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                close(connection)
                active.withLock { $0 -= 1 }
            }
        }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Reads one request head and answers it.
    private func serve(_ connection: Int32) {
        let response: HTTPResponse
        switch readHead(connection) {
        case .closed:
            return
        case .failed(let failure):
            response = failure
        case .head(let bytes):
            do throws(HTTPResponse) {
                response = handler(try HTTPRequest(head: bytes))
            } catch {
                response = error
            }
        }
        Self.send(response, to: connection)
    }

    private enum ReadResult {
        case head([UInt8])
        case failed(HTTPResponse)
        case closed
    }

    /// The bytes up to the blank line that ends the head, at most `HTTPRequest.maximumHeadBytes`.
    private func readHead(_ connection: Int32) -> ReadResult {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count == 0 { return .closed }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK
                    ? .failed(.status(408, "Request Timeout")) : .closed
            }
            let searchStart = max(0, buffer.count - 3)
            buffer += chunk[0..<count]
            if let end = Self.find(terminator, in: buffer, from: searchStart), end <= HTTPRequest.maximumHeadBytes {
                return .head(Array(buffer[0..<end]))
            }
            if buffer.count > HTTPRequest.maximumHeadBytes { return .failed(.headTooLarge) }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Sends the whole response (ignoring a peer that went away) and closes the sending side.
    private static func send(_ response: HTTPResponse, to connection: Int32) {
        let bytes = response.serialized
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return }
                offset += sent
            }
        }
        shutdown(connection, Int32(SHUT_WR))
        // Drain what the client still sends (for example the rest of an oversized head) so closing
        // does not reset the connection before the client has read the response.
        var sink = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 1 << 20 {
            let count = sink.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            drained += count
        }
    }

    private static func failure(_ what: String, errno code: Int32) -> DiagnosticList {
        Diagnostic(kind: .cannotWrite, message: "\(what): \(String(cString: strerror(code)))").fail()
    }
}
