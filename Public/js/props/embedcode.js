// The embed code a designer copies for a docs page (README "Embed in your docs"): the module from
// this server, pinned to its version, and a <layercast-player> with the control's changed props, or
// playing a recorded scenario.
import { propAttribute } from "../../embed.js";

/**
 * A prop's value as a `props.NAME` query parameter writes it (lists comma-separated).
 * @param {import("./schema.js").PropValue} value
 */
export function propText(value) {
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** @param {string} text */
const attribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * @param {string} control
 * @param {import("./schema.js").PropValues} changed the props that differ from their defaults
 * @param {string} version the server's version: it pins the frames and clips the player asks for
 */
export function embedCode(control, changed, version) {
  const props = Object.entries(changed)
    .map(([name, value]) => ` ${propAttribute(`props.${name}`)}="${attribute(propText(value))}"`).join("");
  return moduleTag(version)
    + `<layercast-player control="${control}"${props} size="240" autoplay controls></layercast-player>`;
}

/**
 * A stored scenario of every control, looping (pin it first: POST /scenarios/{id}/pin keeps it stored).
 * @param {string} id
 * @param {string} version
 */
export function scenarioEmbedCode(id, version) {
  return moduleTag(version)
    + `<layercast-player scenario="${attribute(id)}" autoplay loop controls></layercast-player>`;
}

/** @param {string} version */
function moduleTag(version) {
  return `<script type="module" src="${location.origin}/embed.js?v=${encodeURIComponent(version)}"></script>\n`;
}
