/// Whether a differing pixel is antialiasing, after the idea of pixelmatch (Mapbox) and of Vyšniauskas,
/// "Anti-aliased pixel and intensity slope detector" (2009): an edge pixel's value is a blend of the
/// two sides of the edge, so it lies strictly between its darkest and its brightest neighbour, few of
/// its neighbours equal it, and at least one of those two extremes sits inside a flat area (has more
/// than two equal neighbours) in both images — a rasteriser's coverage changes there, a shape does not.
public enum Antialiasing {
    /// A neighbour count above which a pixel is part of a flat area rather than an edge.
    static let flatNeighbours = 2

    /// Whether the pixel at (x, y) is antialiasing in `image` (judged against `other`, the image it is
    /// compared with, which must be the same size). A comparison asks it both ways round: a pixel is
    /// antialiasing when it is so in either image.
    public static func isAntialiased(x: Int, y: Int, in image: CompositedImage, other: CompositedImage) -> Bool {
        precondition(image.width == other.width && image.height == other.height, "images of different sizes")
        return image.rgb.withUnsafeBufferPointer { rgb in
            image.luma.withUnsafeBufferPointer { luma in
                other.rgb.withUnsafeBufferPointer { otherRGB in
                    isAntialiased(x: x, y: y, width: image.width, height: image.height, rgb: rgb, luma: luma, otherRGB: otherRGB)
                }
            }
        }
    }

    /// Whether pixel `i` is antialiasing in either image (one's rgb and luma, then the other's), as
    /// both measures of `PerceptualComparison` ask.
    static func eitherWay(_ i: Int, width: Int, height: Int, _ rgbOne: UnsafeBufferPointer<UInt32>,
                          _ lumaOne: UnsafeBufferPointer<Double>, _ rgbTwo: UnsafeBufferPointer<UInt32>,
                          _ lumaTwo: UnsafeBufferPointer<Double>) -> Bool {
        let (x, y) = (i % width, i / width)
        return isAntialiased(x: x, y: y, width: width, height: height, rgb: rgbOne, luma: lumaOne, otherRGB: rgbTwo)
            || isAntialiased(x: x, y: y, width: width, height: height, rgb: rgbTwo, luma: lumaTwo, otherRGB: rgbOne)
    }

    static func isAntialiased(x: Int, y: Int, width: Int, height: Int, rgb: UnsafeBufferPointer<UInt32>,
                              luma: UnsafeBufferPointer<Double>, otherRGB: UnsafeBufferPointer<UInt32>) -> Bool {
        let centre = y * width + x
        let value = rgb[centre], brightness = luma[centre]
        var equal = 0
        var darkest = -1, darkestLuma = brightness
        var brightest = -1, brightestLuma = brightness
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where nx != x || ny != y {
                let i = ny * width + nx
                if rgb[i] == value {
                    equal += 1
                    if equal > flatNeighbours { return false }
                    continue
                }
                let l = luma[i]
                if l < darkestLuma { darkestLuma = l; darkest = i }
                if l > brightestLuma { brightestLuma = l; brightest = i }
            }
        }
        // Not between a darker and a brighter neighbour: a peak, a trough or a flat step, not a blend.
        guard darkest >= 0, brightest >= 0 else { return false }
        func flat(_ i: Int) -> Bool {
            isFlat(i, width: width, height: height, rgb: rgb) && isFlat(i, width: width, height: height, rgb: otherRGB)
        }
        return flat(darkest) || flat(brightest)
    }

    /// Whether more than `flatNeighbours` of the pixel's neighbours have its colour.
    static func isFlat(_ index: Int, width: Int, height: Int, rgb: UnsafeBufferPointer<UInt32>) -> Bool {
        let x = index % width, y = index / width
        let value = rgb[index]
        var equal = 0
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where (nx != x || ny != y) && rgb[ny * width + nx] == value {
                equal += 1
                if equal > flatNeighbours { return true }
            }
        }
        return false
    }
}
