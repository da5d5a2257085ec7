/// Core Foundation's time interval, in seconds, as Core Animation's durations and times name it
/// (Foundation on Linux does not declare it).
public typealias CFTimeInterval = Double
