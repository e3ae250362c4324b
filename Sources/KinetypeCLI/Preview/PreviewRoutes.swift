import Foundation
import Kinetype

/// The only things the preview server serves: the page, the scene's state, the version (a long
/// poll the page uses to learn about changes) and rendered frames. Any other path is 404, so a
/// request can never reach a file.
struct PreviewRoutes: Sendable {
    /// How long `/version?after=N` waits for a change before answering with the same version.
    static let changeWaitSeconds = 20.0

    let session: PreviewSession
    let page: Data

    /// The answer to `request` (whose `Host` the server has checked).
    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/":
            var response = HTTPResponse.ok(page, type: "text/html; charset=utf-8")
            response.extraHeaders = [
                (
                    "Content-Security-Policy",
                    "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; "
                        + "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
                )
            ]
            return response
        case "/state.json":
            return json(session.document)
        case "/version":
            let status: (version: Int, watching: Int)
            if let text = request.queryValue("after") {
                guard let after = Int(text), after >= 0 else { return .badRequest("after must be a version number") }
                status = session.waitForChange(from: after, timeout: Self.changeWaitSeconds)
            } else {
                status = session.watchers()
            }
            return json(VersionStatus(version: status.version, watching: status.watching))
        default:
            return frame(request.path) ?? .notFound
        }
    }

    /// `/frame/N.png`, N a frame index of the current version (0-based) in plain digits.
    private func frame(_ path: String) -> HTTPResponse? {
        guard path.hasPrefix("/frame/"), path.hasSuffix(".png") else { return nil }
        let digits = path.dropFirst("/frame/".count).dropLast(".png".count)
        guard (1...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let index = Int(digits)
        else { return nil }
        do {
            guard let png = try session.framePNG(index) else { return nil }
            return .ok(png, type: "image/png")
        } catch {
            return .status(500, "Internal Server Error", DiagnosticList(describing: error).description)
        }
    }

    private func json(_ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return .status(500, "Internal Server Error", "cannot encode the state")
        }
        return .ok(data, type: "application/json")
    }
}

/// The answer of `/version`: the current version and how many pages are waiting on it.
private struct VersionStatus: Encodable {
    var version: Int
    var watching: Int
}
