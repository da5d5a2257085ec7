/// What a request costs, priced from its declared parameters before any work starts (see
/// `CostModel`): its pixels, frames or frames per second, and the bytes it holds while it runs.
/// Each budget's share is read from it.
package struct RequestCost: Sendable, Equatable {
    /// Pixels of one frame (width × height × scale²).
    package var pixels: Int
    /// Frames rendered, for a finite answer.
    package var frames: Int
    /// Frames per second, for a stream (then `frames` is 0).
    package var framesPerSecond: Int
    /// Bytes of surfaces, encoder buffers and bodies held while it runs; a stream's feed's.
    package var memoryBytes: Int
    /// A clip takes one of the clips budget's places while it renders.
    package var isClip = false

    package static func frame(pixels: Int, png: Bool) -> RequestCost {
        RequestCost(pixels: pixels, frames: 1, framesPerSecond: 0, memoryBytes: CostModel.frameBytes(pixels: pixels, png: png))
    }

    package static func clip(pixels: Int, frames: Int, encoder: CostModel.ClipEncoder) -> RequestCost {
        RequestCost(pixels: pixels, frames: frames, framesPerSecond: 0,
                    memoryBytes: CostModel.clipBytes(pixels: pixels, frames: frames, encoder: encoder), isClip: true)
    }

    /// A stream's feed: what a stream costs when nobody watches its feed yet.
    package static func stream(pixels: Int, fps: Int) -> RequestCost {
        RequestCost(pixels: pixels, frames: 0, framesPerSecond: fps, memoryBytes: CostModel.feedBytes(pixels: pixels))
    }

    package static func upload(decodedWidth width: Int, height: Int) -> RequestCost {
        RequestCost(pixels: width * height, frames: 0, framesPerSecond: 0,
                    memoryBytes: CostModel.artworkDecodeBytes(width: width, height: height))
    }

    package var pixelFrames: Int { pixels * frames }
    package var pixelRate: Int { pixels * framesPerSecond }

    /// What it takes from each budget while it runs; a refusal names the first that does not
    /// fit, so the budget particular to its kind comes first (a stream's render, a clip's place).
    package var shares: [BudgetShare] {
        var shares: [BudgetShare] = []
        if framesPerSecond > 0 { shares.append(BudgetShare(.render, pixelRate)) }
        if isClip { shares.append(BudgetShare(.clips, 1)) }
        return shares + [BudgetShare(.memory, memoryBytes)]
    }
}

/// An amount of one budget, in its base unit.
package struct BudgetShare: Sendable, Equatable {
    package let limit: ServerLimit
    package let amount: Int

    package init(_ limit: ServerLimit, _ amount: Int) {
        self.limit = limit
        self.amount = amount
    }
}
