import Foundation
import KinetypeCore

/// Set when the user presses Ctrl-C (SIGINT) or the process gets SIGTERM, so a render can stop,
/// remove its temporary files and leave existing outputs untouched.
final class InterruptFlag: Sendable {
    private let raised: Locked<Bool>
    /// Kept so the handlers stay installed. Safe unchecked: set once in `init`, never read.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    /// The process-wide flag, with its signal handlers installed on first use.
    static let installed = InterruptFlag(signals: [SIGINT, SIGTERM])

    private init(signals: [Int32]) {
        let raised = Locked(false)
        sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { raised.withLock { $0 = true } }
            source.resume()
            return source
        }
        self.raised = raised
    }

    var isSet: Bool {
        raised.withLock { $0 }
    }
}
