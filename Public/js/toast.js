// @ts-check
// Short messages in the corner: API errors in the API's words, and the odd confirmation. An error
// is an alert (said at once); a confirmation is said through the page's polite live region.
import { component } from "./dom.js";
import { announce } from "./announce.js";

/** @type {Map<string, HTMLElement>} */
const recent = new Map();

/**
 * Shows `title` and `text`; the same message twice within a few seconds replaces the first.
 * @param {string} title
 * @param {string} text
 * @param {"error" | "info"} [kind]
 * @param {number} [seconds]
 */
export function toast(title, text, kind = "error", seconds = 7) {
  const host = component("toasts");
  const key = `${kind}|${title}|${text}`;
  recent.get(key)?.remove();
  const node = document.createElement("div");
  node.className = "toast";
  node.dataset.kind = kind;
  if (kind === "error") node.setAttribute("role", "alert");
  else announce(`${title}: ${text}`);
  const body = document.createElement("div");
  const strong = document.createElement("strong");
  strong.textContent = title;
  const p = document.createElement("p");
  p.textContent = text;
  body.append(strong, p);
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Dismiss");
  close.textContent = "✕";
  const remove = () => {
    node.remove();
    if (recent.get(key) === node) recent.delete(key);
  };
  close.addEventListener("click", remove);
  node.append(body, close);
  host.append(node);
  recent.set(key, node);
  while (host.children.length > 4) host.firstElementChild?.remove();
  // A message being read (pointer over it) or reached with Tab stays until it is left.
  let timer = setTimeout(remove, seconds * 1000);
  const hold = () => clearTimeout(timer);
  const resume = () => {
    clearTimeout(timer);
    if (!node.matches(":hover, :focus-within")) timer = setTimeout(remove, seconds * 1000);
  };
  node.addEventListener("pointerenter", hold);
  node.addEventListener("focusin", hold);
  node.addEventListener("pointerleave", resume);
  node.addEventListener("focusout", resume);
}

/**
 * Reports a failed action; `error` is usually an ApiError.
 * @param {string} action
 * @param {any} error
 */
export function reportError(action, error) {
  toast(action, error?.detail ?? error?.message ?? String(error));
}
