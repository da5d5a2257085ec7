// @ts-check
// Any control's part of the state, readable: a definition list of its top-level members, each kept
// in place between states (only its text changes), nested values as compact JSON.
import { element } from "../props/fields.js";
import { inWords } from "../props/schema.js";

/** Past this many characters a nested value is cut short: the Live state panel has all of it. */
const LONGEST = 200;

/**
 * A number as it reads: whole, or to 3 decimals.
 * @param {number} n
 */
function numberText(n) {
  return Number.isInteger(n) || !Number.isFinite(n) ? String(n) : String(Number(n.toFixed(3)));
}

/**
 * Compact JSON that wraps between members: a space after each comma and colon, numbers to 3 decimals.
 * @param {unknown} value
 * @returns {string}
 */
function json(value) {
  if (typeof value === "number") return numberText(value);
  if (Array.isArray(value)) return `[${value.map(json).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value).map(([key, v]) => `${JSON.stringify(key)}: ${json(v)}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A value in a line: scalars as they are, anything nested as compact JSON.
 * @param {unknown} value
 */
export function valueText(value) {
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return value;
  const text = json(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

/**
 * Shows values in `list` (a <dl>): one row per member of an object, or one row for anything else.
 * @param {HTMLElement} list
 */
export function stateReadout(list) {
  /** @type {Map<string, { row: HTMLElement, value: HTMLElement }>} */
  const rows = new Map();

  /**
   * @param {string} key
   * @param {string} term
   */
  const rowFor = (key, term) => {
    let found = rows.get(key);
    if (!found) {
      const row = element("div", "", { "data-member": key });
      const dt = element("dt", "");
      dt.textContent = term;
      const value = element("dd", "");
      row.append(dt, value);
      list.append(row);
      found = { row, value };
      rows.set(key, found);
    }
    return found;
  };

  return {
    /** @param {unknown} value */
    show(value) {
      /** @type {[string, string, unknown][]} */
      const members = value && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value).map(([key, v]) => [key, inWords(key), v])
        : [["", value === undefined ? "State" : "Value", value ?? "not in the state"]];
      const shown = new Set(members.map(([key]) => key));
      for (const [key, { row }] of rows) {
        if (!shown.has(key)) {
          row.remove();
          rows.delete(key);
        }
      }
      for (const [key, term, v] of members) {
        const { row, value: dd } = rowFor(key, term);
        const nested = v !== null && typeof v === "object";
        const text = valueText(v);
        if (dd.textContent !== text) dd.textContent = text;
        row.classList.toggle("is-nested", nested);
        dd.classList.toggle("mono", nested);
      }
    },
  };
}
