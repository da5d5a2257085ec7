// @ts-check
// "Copy as Swift": the lines that style the original iOS control with the panel's values, for the
// one original with a public styling API, BR Radio's PlayButton. Its public properties become Swift;
// Layercast's extra knobs have no counterpart there, so those changed from their defaults are named
// in comments at the end rather than silently dropped.

/**
 * @typedef {import("./schema.js").PropsDocument} PropsDocument
 * @typedef {import("./schema.js").PropValues} PropValues
 * @typedef {import("./schema.js").PropValue} PropValue
 */

// The original's public styling API (docs/design/play-button.md §Styling API), by prop: the Swift
// property each sets. The view's background is UIView's own `backgroundColor`. The durations are
// private in the original, and the curves are Layercast's own.
/** @type {Record<string, string>} */
const PROPERTIES = {
  playBufferingBackgroundColor: "playBufferingBackgroundColor", playBufferingTintColor: "playBufferingTintColor",
  pauseStopBackgroundColor: "pauseStopBackgroundColor", pauseStopTintColor: "pauseStopTintColor",
  viewBackgroundColor: "backgroundColor",
  barThickness: "barThickness", barCornerRadius: "barCornerRadius", squareWidth: "squareWidth",
  squareCornerRadius: "squareCornerRadius", triangleWidth: "triangleWidth", triangleCornerRadius: "triangleCornerRadius",
  contentMode: "contentMode",
};

// The content modes as UIView.ContentMode spells them.
/** @type {Record<string, string>} */
const CONTENT_MODES = { scaleToFill: ".scaleToFill", aspectFit: ".scaleAspectFit", aspectFill: ".scaleAspectFill" };

// UIKit's fixed colours by their sRGB code: a value that is one of them reads as its name.
/** @type {Record<string, string>} */
const UIKIT_COLORS = {
  "#000000ff": ".black", "#ffffffff": ".white", "#aaaaaaff": ".lightGray", "#555555ff": ".darkGray",
  "#808080ff": ".gray", "#0000ffff": ".blue", "#ff0000ff": ".red", "#00ff00ff": ".green", "#00000000": ".clear",
};

/**
 * A number as a Swift literal: no trailing zeros, at most four decimals.
 * @param {number} value
 */
const literal = (value) => String(Number(value.toFixed(4)));

/**
 * `#RRGGBB` or `#RRGGBBAA` as a UIColor.
 * @param {string} hex
 */
export function uiColor(hex) {
  const code = (hex.length === 7 ? `${hex}ff` : hex).toLowerCase();
  const named = UIKIT_COLORS[code];
  if (named) return named;
  const [r, g, b, a] = [1, 3, 5, 7].map((i) => parseInt(code.slice(i, i + 2), 16) / 255);
  return `UIColor(red: ${literal(r)}, green: ${literal(g)}, blue: ${literal(b)}, alpha: ${literal(a)})`;
}

/**
 * One value as the Swift its property takes.
 * @param {PropValue} value
 * @param {import("./schema.js").PropSchema} schema
 */
function swiftValue(value, schema) {
  if (typeof value === "number") return literal(value);
  if (schema["x-kind"] === "color") return uiColor(String(value));
  return CONTENT_MODES[String(value)] ?? `.${value}`;
}

/**
 * The Swift for a PlayButton styled with `values`: every public property the props declare.
 * @param {PropsDocument} doc
 * @param {PropValues} values
 */
export function playButtonSwift(doc, values) {
  const lines = [
    "import PlayButton",
    "import UIKit",
    "",
    "// Made by the Layercast studio: BR Radio's play button with these props.",
    "let playButton = PlayButton()",
  ];
  /** @type {string[]} */
  const unexpressed = [];
  for (const [name, schema] of Object.entries(doc.schema.properties)) {
    const value = values[name];
    const property = PROPERTIES[name];
    if (value === undefined) continue;
    if (property) lines.push(`playButton.${property} = ${swiftValue(value, schema)}`);
    else if (JSON.stringify(value) !== JSON.stringify(doc.defaults[name])) unexpressed.push(`//   ${name} = ${JSON.stringify(value)}`);
  }
  if (unexpressed.length) {
    lines.push("", "// Not expressible with PlayButton's public API (Layercast's own props, changed here):", ...unexpressed);
  }
  return `${lines.join("\n")}\n`;
}
