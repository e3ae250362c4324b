import Foundation
import Kinetype

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for `kinetype preview`: POSIX sockets, GET only, request
/// heads of at most `HTTPRequest.maximumHeadBytes`, one response per connection. It serves only the
/// routes its handler knows, so no request can name a file, and only requests whose one `Host`
/// header names the preview's own address (`127.0.0.1:PORT` or `localhost:PORT`).
///
/// Heads are read by the accepting thread, from every connection at once (`poll`, non-blocking
/// sockets): a connection has `headSeconds` from its first moment to send its whole head, or it is
/// answered 408 and closed, however slowly it trickles bytes, and at most `maximumWaitingHeads` wait
/// (a new one pushes the oldest out). Only a complete head gets a thread of its own, one of at most
/// `maximumConnections` (more get 503), which answers it within `sendSeconds`. So idle and slow
/// clients cost a socket for a few seconds, never a thread, and never keep a request that arrives
/// whole from being answered.
final class PreviewServer: Sendable {
    /// Requests answered at once; the page needs a few (frames, the change watch).
    static let maximumConnections = 32
    /// Connections whose head is still being read; past this, the one waiting longest is closed.
    static let maximumWaitingHeads = 256
    /// How long a connection may take, from when it is accepted, to send its whole request head.
    static let headSeconds = 3.0
    /// How long sending one response may take, all of it (a client that does not read is dropped).
    static let sendSeconds = 10.0

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
        _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
        listener = socketFD
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.handler = handler
    }

    deinit { close(listener) }

    /// A connection whose request head is still arriving.
    private struct WaitingHead {
        var socket: Int32
        var bytes: [UInt8] = []
        var deadline: Double
    }

    /// Accepts connections and reads their heads until `shouldStop` returns true (checked at least
    /// every 100 ms), then stops listening. Requests being answered finish on their own threads.
    func run(until shouldStop: () -> Bool) {
        var waiting: [WaitingHead] = []
        while !shouldStop() {
            var pollFDs = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            pollFDs += waiting.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
            let now = Self.now()
            let nearest = waiting.map(\.deadline).min().map { max(0, $0 - now) } ?? 0.1
            _ = poll(&pollFDs, nfds_t(pollFDs.count), Int32(min(0.1, nearest) * 1000) + 1)
            // Read what arrived first, so a head that came whole is answered before anything is
            // pushed out to make room.
            var still: [WaitingHead] = []
            for (index, var connection) in waiting.enumerated() {
                let events = pollFDs[index + 1].revents
                guard events != 0 else {
                    still.append(connection)
                    continue
                }
                switch Self.readAvailable(into: &connection) {
                case .waiting: still.append(connection)
                case .closed: close(connection.socket)
                case .failed(let response): answer(.failed(response), on: connection.socket)
                case .head(let bytes): answer(.head(bytes), on: connection.socket)
                }
            }
            waiting = still
            // Whoever ran out of time is answered 408.
            let later = Self.now()
            waiting.removeAll { connection in
                guard connection.deadline <= later else { return false }
                Self.sendBrieflyAndClose(
                    .status(408, "Request Timeout", "the request head took too long"), to: connection.socket)
                return true
            }
            if pollFDs[0].revents & Int16(POLLIN) != 0 {
                acceptWaiting(into: &waiting)
            }
        }
        for connection in waiting { close(connection.socket) }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Accepts every connection the listener holds, each with `headSeconds` to send its head.
    private func acceptWaiting(into waiting: inout [WaitingHead]) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
            if waiting.count >= Self.maximumWaitingHeads {
                let oldest = waiting.removeFirst()
                Self.sendBrieflyAndClose(
                    .status(408, "Request Timeout", "too many unfinished requests"), to: oldest.socket)
            }
            var fresh = WaitingHead(socket: connection, deadline: Self.now() + Self.headSeconds)
            // A client that sent its head with the connection is answered at once.
            switch Self.readAvailable(into: &fresh) {
            case .waiting: waiting.append(fresh)
            case .closed: close(connection)
            case .failed(let response): answer(.failed(response), on: connection)
            case .head(let bytes): answer(.head(bytes), on: connection)
            }
        }
    }

    /// Answers a complete head (or a head refused as it came, 431) on a thread of its own, or 503
    /// when `maximumConnections` are busy.
    private func answer(_ read: ReadResult, on connection: Int32) {
        let admitted = active.withLock { count in
            guard count < Self.maximumConnections else { return false }
            count += 1
            return true
        }
        guard admitted else {
            Self.sendBrieflyAndClose(.status(503, "Service Unavailable", "too many connections"), to: connection)
            return
        }
        Thread.detachNewThread { [self] in
            switch read {
            case .head(let head): Self.sendAndClose(respond(to: head), to: connection)
            case .failed(let response): Self.sendAndClose(response, to: connection)
            case .waiting, .closed: close(connection)
            }
            active.withLock { $0 -= 1 }
        }
    }

    /// The response to a request head: refused unless it has exactly one `Host` naming this
    /// server (400 without one or with several, 403 for another), else the handler's.
    private func respond(to head: [UInt8]) -> HTTPResponse {
        let request: HTTPRequest
        do throws(HTTPResponse) {
            request = try HTTPRequest(head: head)
        } catch {
            return error
        }
        guard let host = request.headers["host"] else {
            return .badRequest("a request needs a Host header naming 127.0.0.1:\(port) or localhost:\(port)")
        }
        guard isOwnAddress(host: host) else {
            return .status(
                403, "Forbidden",
                "the preview answers requests addressed to 127.0.0.1:\(port) or localhost:\(port) only")
        }
        return handler(request)
    }

    /// Whether a `Host` header names this server: `127.0.0.1` or `localhost` (any case) with its
    /// port, or without one when the port is 80. Anything else may be a DNS-rebinding page.
    func isOwnAddress(host: String) -> Bool {
        let name = host.lowercased()
        let names = ["127.0.0.1", "localhost"]
        return names.contains { name == "\($0):\(port)" || (port == 80 && name == $0) }
    }

    private enum ReadResult: Sendable {
        case waiting
        case head([UInt8])
        case failed(HTTPResponse)
        case closed
    }

    /// Reads what the connection has sent so far (without waiting): the head once the blank line
    /// that ends it arrived, at most `HTTPRequest.maximumHeadBytes`.
    private static func readAvailable(into connection: inout WaitingHead) -> ReadResult {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return .closed }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? .waiting : .closed
            }
            let searchStart = max(0, connection.bytes.count - 3)
            connection.bytes += chunk[0..<count]
            if let end = find(terminator, in: connection.bytes, from: searchStart), end <= HTTPRequest.maximumHeadBytes
            {
                return .head(Array(connection.bytes[0..<end]))
            }
            if connection.bytes.count > HTTPRequest.maximumHeadBytes { return .failed(.headTooLarge) }
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

    /// Sends the whole response within `sendSeconds` (a peer that went away or does not read is
    /// dropped), closes the sending side, drains for a moment what the client still sends, and closes.
    private static func sendAndClose(_ response: HTTPResponse, to connection: Int32) {
        defer { close(connection) }
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        let deadline = now() + sendSeconds
        let bytes = response.serialized
        let sentAll = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    offset += sent
                    continue
                }
                guard sent < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK,
                    wait(for: Int16(POLLOUT), on: connection, until: deadline)
                else { return false }
            }
            return true
        }
        guard sentAll else { return }
        shutdown(connection, Int32(SHUT_WR))
        // Drain what the client still sends (for example the rest of an oversized head) so closing
        // does not reset the connection before the client has read the response; a second at most.
        let drainDeadline = now() + 1
        var sink = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 1 << 20 {
            let count = sink.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                drained += count
                continue
            }
            guard count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK,
                wait(for: Int16(POLLIN), on: connection, until: drainDeadline)
            else { return }
        }
    }

    /// Sends what the socket takes of `response` at once and closes: for answers from the thread
    /// that reads heads (408, 503), which must never wait on a client.
    private static func sendBrieflyAndClose(_ response: HTTPResponse, to connection: Int32) {
        let bytes = response.serialized
        _ = bytes.withUnsafeBytes { raw in
            Glibc.send(connection, raw.baseAddress!, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        shutdown(connection, Int32(SHUT_WR))
        close(connection)
    }

    /// Waits until `connection` is ready for `events` or `deadline` passes; false then.
    private static func wait(for events: Int16, on connection: Int32, until deadline: Double) -> Bool {
        let left = deadline - now()
        guard left > 0 else { return false }
        var pollFD = pollfd(fd: connection, events: events, revents: 0)
        let ready = poll(&pollFD, 1, Int32(left * 1000) + 1)
        return ready > 0 || (ready < 0 && errno == EINTR)
    }

    /// Seconds on a clock that only goes forward.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func failure(_ what: String, errno code: Int32) -> DiagnosticList {
        Diagnostic(kind: .cannotWrite, message: "\(what): \(String(cString: strerror(code)))").fail()
    }
}
