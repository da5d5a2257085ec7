// The golden helpers' types (`ImageTolerance`, `GoldenCheck`) are FrameCheck's: a user's tests name
// them through LayercastTesting alone.
@_exported import FrameCheck
