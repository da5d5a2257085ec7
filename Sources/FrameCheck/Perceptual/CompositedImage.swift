import Animation

/// A bitmap as the perceptual measures see it: every premultiplied pixel composited over an opaque
/// background into a 0xRRGGBB word, with its BT.601 luma Y′ (0…255) beside it.
public struct CompositedImage: Sendable {
    public let width: Int
    public let height: Int
    /// 0xRRGGBB per pixel, rows packed.
    public let rgb: [UInt32]
    /// BT.601 luma of each pixel's gamma-encoded levels, 0…255.
    public let luma: [Double]

    public init(_ bitmap: Bitmap, over background: RGB8 = .white) {
        width = bitmap.width
        height = bitmap.height
        let n = bitmap.pixels.count
        let back = background.word
        var rgb = [UInt32](repeating: 0, count: n)
        var luma = [Double](repeating: 0, count: n)
        bitmap.pixels.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { out in
                luma.withUnsafeMutableBufferPointer { y in
                    for i in 0..<n {
                        let word = RGB8.compositeWord(src[i], over: back)
                        out[i] = word
                        y[i] = RGB8.luma(word: word)
                    }
                }
            }
        }
        self.rgb = rgb
        self.luma = luma
    }
}
