// @ts-check
// Ctrl+Z (⌘Z on a Mac) undoes the page's last prop change, in whichever card it was made. Each row
// keeps its own steps (its Undo button, Public/js/props/row.js); this keeps the order across rows.
import { toast } from "../toast.js";
import { spoken } from "./row.js";

const DEPTH = 200;

/** @type {{ row: import("./row.js").PropRow, title: string }[]} newest last */
const order = [];

/**
 * A row kept an undo step.
 * @param {import("./row.js").PropRow} row
 * @param {string} title the card's title
 */
export function remembered(row, title) {
  order.push({ row, title });
  if (order.length > DEPTH) order.shift();
}

/** Undoes the newest step any row still holds; returns whether there was one. */
export function undoLast() {
  while (order.length) {
    const { row, title } = /** @type {{ row: import("./row.js").PropRow, title: string }} */ (order.pop());
    if (row.history.length === 0) continue; // undone already with its own button
    row.undo();
    toast("Undone", `${title}: ${row.label} back to ${row.value === undefined ? "its default" : spoken(row.value)}`, "info", 3);
    return true;
  }
  toast("Nothing to undo", "No prop has been changed on this page.", "info", 3);
  return false;
}

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== "z") return;
  // A text field keeps its own undo.
  const target = event.target;
  if (target instanceof Element && target.closest("input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, [contenteditable]")) return;
  event.preventDefault();
  undoLast();
});
