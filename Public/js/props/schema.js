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
 * @property {string | string[]} [type]
 * @property {string} [title]
 * @property {string} [description]
 * @property {PropValue} [default]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {number} [multipleOf]
 * @property {number} [x-step]
 * @property {string} [x-unit]
 * @property {string} [x-kind]
 * @property {Record<string, [number, number, number, number]>} [x-curves]
 * @property {string} [format]
 * @property {string} [pattern]
 * @property {string[]} [enum]
 * @property {PropSchema[]} [oneOf]
 * @property {PropSchema[]} [anyOf]
 * @property {PropSchema | PropSchema[] | false} [items]
 * @property {PropSchema[]} [prefixItems]
 * @property {number} [minItems]
 * @property {number} [maxItems]
 *
 * @typedef {{ type?: string, properties: Record<string, PropSchema> }} ObjectSchema
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
 * @param {PropSchema | undefined} schema
 * @returns {PropSchema | undefined}
 */
export function itemOf(schema) {
  const items = schema?.items;
  return (Array.isArray(items) ? items[0] : items) || undefined;
}

/**
 * The range, step and unit of a number prop.
 * @param {PropSchema} schema
 */
export function numberRange(schema) {
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? Math.max(1, min + 1);
  const integer = schema["x-kind"] === "integer";
  const step = schema.multipleOf ?? schema["x-step"] ?? (integer ? 1 : niceStep((max - min) / 200));
  return { min, max, step, unit: schema["x-unit"] ?? "" };
}

/**
 * A step of 1, 2 or 5 times a power of ten near `raw`.
 * @param {number} raw
 */
function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/**
 * Whether a colour prop takes an alpha channel (#rrggbbaa as well as #rrggbb).
 * @param {PropSchema} schema
 */
export function colorHasAlpha(schema) {
  return /\{8\}/.test(schema.pattern ?? "");
}

/**
 * A curve prop's named curves, and the bounds and step of its control points (x is within [0, 1]).
 * @param {PropSchema} schema
 */
export function curveForm(schema) {
  const forms = schema.oneOf ?? schema.anyOf ?? [];
  const names = forms.flatMap((s) => s.enum ?? []);
  const points = forms.find((s) => s.prefixItems);
  const y = points?.prefixItems?.[1];
  return { names, yMin: y?.minimum ?? -1, yMax: y?.maximum ?? 2, step: y?.multipleOf ?? y?.["x-step"] ?? 0.01 };
}

/**
 * A person's name for a prop: its title, or its name in words ("triangleCornerRadius" → "Triangle
 * corner radius").
 * @param {string} name
 * @param {PropSchema} schema
 */
export function labelOf(name, schema) {
  if (schema.title) return schema.title;
  const words = words_(name).join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The words of a camelCase or kebab-case name, lower case.
 * @param {string} name
 * @returns {string[]}
 */
function words_(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[\s_\-.]+/).filter(Boolean).map((w) => w.toLowerCase());
}

/**
 * Short labels for an enum's values: in words, without the words every value starts with
 * (scaleToFill, scaleAspectFit → "To fill", "Aspect fit").
 * @param {string[]} values
 * @returns {string[]}
 */
export function choiceLabels(values) {
  const split = values.map(words_);
  const first = split[0] ?? [];
  let common = 0;
  while (values.length > 1 && split.every((w) => w.length > common + 1 && w[common] === first[common])) common++;
  return split.map((w) => {
    const text = w.slice(common).join(" ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
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
