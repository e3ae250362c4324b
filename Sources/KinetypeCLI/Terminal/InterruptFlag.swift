import Foundation
import Synchronization

/// Raised by the signal handlers: an atomic store is all a handler may safely do.
private let interruptRaised = Atomic<Bool>(false)

/// Set when the user presses Ctrl-C (SIGINT) or the process gets SIGTERM, so a render can stop,
/// remove its temporary files and leave existing outputs untouched.
///
/// The handlers are in place when `installed` returns: a signal that arrives at any moment after
/// that is seen. (A dispatch signal source, tried before, starts watching only some time after it
/// is resumed, and a signal in between was lost.)
final class InterruptFlag: Sendable {
    /// The process-wide flag, with its signal handlers installed on first use.
    static let installed = InterruptFlag(signals: [SIGINT, SIGTERM])

    private init(signals: [Int32]) {
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in interruptRaised.store(true, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signalNumber, &action, nil)
        }
    }

    var isSet: Bool {
        interruptRaised.load(ordering: .relaxed)
    }
}
