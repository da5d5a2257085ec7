// @ts-check
// "Copy as Swift": the lines that style the original iOS control with the panel's values, for the
// one original with a public styling API, BR Radio's PlayButton (docs/design/play-button.md). Only
// its public properties go in, under their own names; Layercast's extra knobs (timing curves, say)
// have no counterpart there and are left out.

/**
 * @typedef {import("./schema.js").PropsDocument} PropsDocument
 * @typedef {import("./schema.js").PropValues} PropValues
 * @typedef {import("./schema.js").PropValue} PropValue
 */

// UIKit's fixed colours by their sRGB code: a value that is one of them reads as its name.
/** @type {Record<string, string>} */
const UIKIT_COLORS = {
  "#000000FF": ".black", "#FFFFFFFF": ".white", "#AAAAAAFF": ".lightGray", "#555555FF": ".darkGray",
  "#808080FF": ".gray", "#0000FFFF": ".blue", "#FF0000FF": ".red", "#00FF00FF": ".green", "#00000000": ".clear",
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
  const code = (hex.length === 7 ? `${hex}FF` : hex).toUpperCase();
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
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string" && schema.format === "color") return uiColor(value);
  return `.${value}`;
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
  for (const [name, schema] of Object.entries(doc.schema.properties)) {
    const swiftName = /** @type {any} */ (schema)["x-swift"];
    const value = values[name];
    if (typeof swiftName !== "string" || value === undefined) continue;
    lines.push(`playButton.${swiftName} = ${swiftValue(value, schema)}`);
  }
  return `${lines.join("\n")}\n`;
}
