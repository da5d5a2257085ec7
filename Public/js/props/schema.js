// @ts-check
// A control's props as the server declares them (GET /controls/{id}/props): their values, defaults
// and JSON Schema. The panel is built from the schema alone, so every fact about a prop (its range,
// step, choices, colour form, curve names) is the server's, never a copy kept here.
import { errorFrom } from "../api.js";

/**
 * @typedef {number | string | boolean | number[] | string[]} PropValue
 * @typedef {Record<string, PropValue>} PropValues
 *
 * @typedef {object} PropSchema one entry of the schema's `properties`
 * @property {string} [description]
 * @property {PropValue} [default]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {number} [x-step] a slider's step (any number in range is accepted)
 * @property {string} [x-unit]
 * @property {string} [x-kind] the editor: number, integer, color, colors, enum, boolean or curve
 * @property {Record<string, [number, number, number, number]>} [x-curves] a curve's named curves' control points
 * @property {string} [pattern]
 * @property {string[]} [enum]
 * @property {PropSchema[]} [oneOf]
 * @property {PropSchema | false} [items]
 * @property {PropSchema[]} [prefixItems]
 * @property {number} [maxItems]
 *
 * @typedef {{ properties: Record<string, PropSchema> }} ObjectSchema
 * @typedef {{ control: string, values: PropValues, defaults: PropValues, schema: ObjectSchema }} PropsDocument
 *
 * @typedef {"number" | "color" | "colors" | "enum" | "boolean" | "curve"} PropKind
 */

/**
 * GET /controls/{id}/props.
 * @param {string} control
 * @returns {Promise<PropsDocument>}
 */
export async function loadProps(control) {
  const response = await fetch(`controls/${control}/props`, { cache: "no-store" });
  if (!response.ok) throw await errorFrom(response);
  return response.json();
}

/**
 * Which editor a prop takes: the server names it in `x-kind` ("integer" is a number on whole steps).
 * @param {PropSchema} schema
 * @returns {PropKind | null}
 */
export function kindOf(schema) {
  const kind = schema["x-kind"] === "integer" ? "number" : schema["x-kind"];
  return KINDS.find((k) => k === kind) ?? null;
}

/** @type {PropKind[]} */
const KINDS = ["number", "color", "colors", "enum", "boolean", "curve"];

/**
 * The schema of each item of a list prop.
 * @param {PropSchema} schema
 * @returns {PropSchema}
 */
export function itemOf(schema) {
  return schema.items || {};
}

/**
 * The range, step and unit of a number prop.
 * @param {PropSchema} schema
 */
export function numberRange(schema) {
  return {
    min: schema.minimum ?? 0,
    max: schema.maximum ?? 1,
    step: schema["x-step"] ?? 1,
    unit: schema["x-unit"] ?? "",
  };
}

/**
 * Whether a colour prop takes an alpha channel (#rrggbbaa as well as #rrggbb).
 * @param {PropSchema} schema
 */
export function colorHasAlpha(schema) {
  return /\{8\}/.test(schema.pattern ?? "");
}

/**
 * A curve prop's named curves, and the bounds of its control points' y (x is within [0, 1]).
 * @param {PropSchema} schema
 */
export function curveForm(schema) {
  const forms = schema.oneOf ?? [];
  const y = forms.find((form) => form.prefixItems)?.prefixItems?.[1];
  return { names: forms.flatMap((form) => form.enum ?? []), yMin: y?.minimum ?? -1, yMax: y?.maximum ?? 2 };
}

/**
 * A person's name for a prop or a choice: its name in words ("triangleCornerRadius" → "Triangle
 * corner radius", "aspectFit" → "Aspect fit").
 * @param {string} name
 */
export function inWords(name) {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Whether two prop values are the same (curves are arrays).
 * @param {PropValue | undefined} a
 * @param {PropValue | undefined} b
 */
export function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The control points of the named curves the schema gives (`x-curves` on a curve prop), by name.
 * @param {ObjectSchema} schema
 * @returns {Record<string, [number, number, number, number]>}
 */
export function namedCurves(schema) {
  return Object.assign({}, ...Object.values(schema.properties).map((prop) => prop["x-curves"] ?? {}));
}
