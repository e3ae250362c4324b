import Kinetype
print("kinetype \(KinetypeVersion.current)")
