// @ts-check
// A link that reproduces the props (and the view): the page's address with a fragment
// `#props={control: {name: value}}&view={…}&open=control`. Each control is listed, with the props
// that differ from their defaults, so opening the link sets every other prop back to its default:
// the link alone decides, whatever the props were meanwhile. The fragment never reaches the server
// and the token a page may hold (#token=) is left out.

/**
 * @typedef {import("./schema.js").PropValue} PropValue
 * @typedef {import("./schema.js").PropValues} PropValues
 * @typedef {import("../view.js").View} View
 * @typedef {{ props: Record<string, PropValues> | null, view: Partial<View> | null, open: string | null }} Link
 */

const KEYS = ["props", "view", "open"];

/**
 * The link for `props` (each control's values that differ from the defaults), `view` and the panel
 * to open.
 * @param {Record<string, PropValues>} props
 * @param {View} view
 * @param {string | null} open
 */
export function linkTo(props, view, open) {
  const fragment = new URLSearchParams({ props: JSON.stringify(props), view: JSON.stringify(view) });
  if (open) fragment.set("open", open);
  return `${location.origin}${location.pathname}#${fragment}`;
}

/**
 * The props that differ from their defaults.
 * @param {PropValues} values
 * @param {PropValues} defaults
 * @returns {PropValues}
 */
export function changedFrom(values, defaults) {
  return Object.fromEntries(Object.entries(values).filter(([name, v]) => JSON.stringify(v) !== JSON.stringify(defaults[name])));
}

/**
 * The link the page was opened with, if any; a part that does not parse is left out.
 * @returns {Link | null}
 */
export function readLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (!KEYS.some((key) => fragment.has(key))) return null;
  /** @param {string} key */
  const object = (key) => {
    try {
      const value = JSON.parse(fragment.get(key) ?? "null");
      return value && typeof value === "object" && !Array.isArray(value) ? value : null;
    } catch {
      return null;
    }
  };
  return { props: object("props"), view: object("view"), open: fragment.get("open") };
}

/** Takes the link's parts out of the address once applied, so a reload doesn't apply them again. */
export function forgetLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  for (const key of KEYS) fragment.delete(key);
  const rest = fragment.toString();
  history.replaceState(history.state, "", `${location.pathname}${location.search}${rest ? `#${rest}` : ""}`);
}

/**
 * The merge patch that makes a control's props exactly `wanted`: its values, and null (the default)
 * for every other declared prop.
 * @param {PropValues} wanted
 * @param {string[]} declared
 * @returns {Record<string, PropValue | null>}
 */
export function exactPatch(wanted, declared) {
  /** @type {Record<string, PropValue | null>} */
  const patch = Object.fromEntries(declared.map((name) => [name, null]));
  return Object.assign(patch, wanted);
}
