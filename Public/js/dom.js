// @ts-check
// Finding elements. Each component looks only inside its own root: its parts are marked
// data-part="…", components data-component="…" and cards data-control="…". Ids only wire a
// label or an ARIA attribute inside one component.

/**
 * The element matching `selector` inside `root`, checked to be a `type` (an HTMLElement unless told).
 * @template {Element} [T=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => T} [type]
 * @returns {T}
 */
export function $(root, selector, type) {
  const want = type ?? HTMLElement;
  const element = root.querySelector(selector);
  if (!(element instanceof want)) throw new Error(`the page has no ${want.name} for ${selector}`);
  return /** @type {T} */ (element);
}

/**
 * Every HTMLElement matching `selector` inside `root`.
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement[]}
 */
export function $$(root, selector) {
  return [...root.querySelectorAll(selector)].filter(isHTMLElement);
}

/**
 * @param {Element} element
 * @returns {element is HTMLElement}
 */
function isHTMLElement(element) {
  return element instanceof HTMLElement;
}

/**
 * The part named `name` of the component `root`.
 * @template {Element} [T=HTMLElement]
 * @param {ParentNode} root
 * @param {string} name
 * @param {new (...args: any[]) => T} [type]
 * @returns {T}
 */
export function part(root, name, type) {
  return $(root, `[data-part="${name}"]`, type);
}

/**
 * The root of the page-level component `name` (the status bar, a toolbar panel, …).
 * @param {string} name
 * @returns {HTMLElement}
 */
export function component(name) {
  return $(document, `[data-component="${name}"]`);
}
