import Foundation
import Kinetype

/// `kinetype preview SCENE`: a live preview in the browser while the scene is edited.
enum PreviewCommand: Command {
    static let name = "preview"
    static let abstract = "Serve a live preview of a scene on 127.0.0.1 that updates when its files change."
    static let usage = "preview SCENE [--port N] [--set NAME=VALUE]... [--root DIR]"
    static let discussion = """
        Prints the address to open (http://127.0.0.1:PORT/) and serves, until Ctrl-C, a page that
        plays the animation with a scrubber and frame steps (space, ← and →), shows the timeline of
        every animation as kinetype info prints it, and the scene's diagnostics. When the scene file,
        a font it uses or one of its pictures changes on disk, the scene is loaded again and the page
        updates by itself; a scene that does not load is shown as its errors, and the preview goes
        on. Open the page at a frame, paused, with ?frame=N (0-based).

        The server listens on 127.0.0.1 only (--host takes nothing else) and answers GET requests for
        its page, the scene's state and rendered frames, addressed to 127.0.0.1:PORT or
        localhost:PORT; it reads no file a request names.
        """
    /// The ports `--port` takes; 0 asks the system for a free one.
    static let portRange = 0...65535

    enum Options {
        static let port = Option(
            .port, .integer(portRange), help: "The port to listen on (default 0: a free port, printed).")
        static let host = Option(
            .host, .path(placeholder: "ADDRESS"),
            help: "The address to listen on: 127.0.0.1 (the default and the only one accepted).")
    }

    static let options: [OptionSpec] = [Options.port.spec, Options.host.spec]
    static let groups: [OptionGroup] = [.placeholders(), .sceneInputs, .workLimits]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw DiagnosticList.usage("preview takes one scene file", command: name)
        }
        if let host = try arguments[Options.host], !["127.0.0.1", "localhost"].contains(host) {
            throw DiagnosticList.usage(
                "preview listens on 127.0.0.1 only, not \(JSONText.quoted(host)): it serves your files to "
                    + "whoever can connect, so it never listens on another address", command: name)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw Diagnostic(
                kind: .missingInput, message: "there is no scene file \(JSONText.quotedPath(path))",
                hint: "give the path of a scene's .json file"
            ).fail()
        }
        let session = PreviewSession(
            scenePath: path,
            overrides: SceneOverrides(
                values: try arguments.placeholders(), systemFonts: arguments[SharedOptions.systemFonts]),
            root: try arguments.inputRoot(), limits: try arguments.workLimits())
        session.reloadIfChanged()
        let routes = PreviewRoutes(session: session, page: Data(PreviewPage.html(scenePath: path).utf8))
        let server = try PreviewServer(port: try arguments[Options.port] ?? 0) { routes.respond(to: $0) }
        let interrupt = InterruptFlag.installed
        let watcher = Thread {
            while !interrupt.isSet {
                usleep(200_000)
                session.reloadIfChanged()
            }
        }
        watcher.start()
        terminal.out("kinetype: previewing \(path) at http://127.0.0.1:\(server.port)/ (Ctrl-C to stop)")
        if !session.document.ok {
            terminal.err("kinetype: note: the scene does not load yet; its errors are shown on the page\n")
        }
        server.run { interrupt.isSet }
        terminal.err("kinetype: preview stopped\n")
        return .success
    }
}
