// @ts-check
// Copying a link or a snippet. The clipboard API needs a secure context (a page on localhost has
// one, a page on a LAN address has not); without it the text is shown selected, to copy by hand.
import { element } from "./fields.js";

/**
 * Copies `text`; returns whether it reached the clipboard. If not, the text is shown in `host`,
 * selected and focused.
 * @param {string} text
 * @param {HTMLElement} host
 * @returns {Promise<boolean>}
 */
export async function copyText(text, host) {
  host.querySelector(".props-copy")?.remove();
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Not a secure context, or the permission was refused: the person copies it.
  }
  const box = element("label", "props-copy");
  const caption = element("span", "field-label");
  caption.textContent = "Copy this (Ctrl+C)";
  const area = element("textarea", "", { readonly: "", rows: String(Math.min(12, text.split("\n").length + 1)) });
  area.value = text;
  box.append(caption, area);
  host.append(box);
  area.focus();
  area.select();
  return false;
}
