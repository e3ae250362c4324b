import Foundation

/// Set when the user presses Ctrl-C (SIGINT) or the process gets SIGTERM, so a render can stop,
/// remove its temporary files and leave existing outputs untouched.
final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false
    private var sources: [DispatchSourceSignal] = []

    /// The process-wide flag, with its signal handlers installed on first use.
    static let installed: InterruptFlag = {
        let flag = InterruptFlag()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { flag.raise() }
            source.resume()
            flag.sources.append(source)
        }
        return flag
    }()

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return set
    }

    private func raise() {
        lock.lock()
        set = true
        lock.unlock()
    }
}
