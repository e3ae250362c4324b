/// The version of kinetype, printed by `kinetype --version` and recorded in batch hashes.
public enum KinetypeVersion {
    public static let current = "0.3.0"
}
