import LayercastKit

/// Controls written as iOS code writes them, under `import LayercastQuartz`: what the face draws
/// today (replicators, perspective, gradients, masks, dashes, text, shadows), each a plugin beside
/// the hamburger button.
public enum Gallery {
    public static let all: [any Control.Type] = [ActivityBars.plugin, FlipCard.plugin, ProgressRing.plugin, Badge.plugin]
}
