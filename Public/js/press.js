// @ts-check
// Press-and-release on an element for mouse, touch and pen alike, and the keyboard equivalent.

/**
 * Calls down(event) on press and up(event, inside) on release; a cancelled or lost pointer releases
 * too (inside = false), so a hold can never stick. The pointer is captured, so releasing outside the
 * element still arrives here.
 * @param {HTMLElement} element
 * @param {{ down: (event: PointerEvent) => void, up: (event: PointerEvent, inside: boolean) => void }} handlers
 */
export function pressable(element, { down, up }) {
  /** @type {number | null} */
  let active = null;
  element.addEventListener("pointerdown", (event) => {
    if (active !== null || (event.pointerType === "mouse" && event.button !== 0)) return;
    active = event.pointerId;
    try {
      element.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic pointers may have no capture target; release still comes to the element.
    }
    event.preventDefault();
    element.focus({ preventScroll: true });
    element.classList.add("is-pressed");
    down(event);
  });
  /** @type {(event: PointerEvent, cancelled: boolean) => void} */
  const end = (event, cancelled) => {
    if (event.pointerId !== active) return;
    active = null;
    element.classList.remove("is-pressed");
    const box = element.getBoundingClientRect();
    const inside = !cancelled && event.clientX >= box.left && event.clientX <= box.right
      && event.clientY >= box.top && event.clientY <= box.bottom;
    up(event, inside);
  };
  element.addEventListener("pointerup", (event) => end(event, false));
  element.addEventListener("pointercancel", (event) => end(event, true));
  element.addEventListener("lostpointercapture", (event) => end(event, true));
  // A long touch would otherwise open the context menu and cancel the hold.
  element.addEventListener("contextmenu", (event) => event.preventDefault());
}

/**
 * Space or Enter on a focused element: down on the first keydown, up on keyup (or when focus leaves).
 * @param {HTMLElement} element
 * @param {{ down: (event: KeyboardEvent) => void, up: (event: KeyboardEvent | FocusEvent, inside: boolean) => void, keys?: string[] }} handlers
 */
export function keyPressable(element, { down, up, keys = [" ", "Enter"] }) {
  /** @type {string | null} */
  let held = null;
  element.addEventListener("keydown", (event) => {
    if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.repeat || held) return;
    held = event.key;
    element.classList.add("is-pressed");
    down(event);
  });
  /** @type {(event: KeyboardEvent | FocusEvent, inside: boolean) => void} */
  const release = (event, inside) => {
    if (!held) return;
    held = null;
    element.classList.remove("is-pressed");
    up(event, inside);
  };
  element.addEventListener("keyup", (event) => {
    if (event.key !== held) return;
    event.preventDefault();
    release(event, true);
  });
  element.addEventListener("blur", (event) => release(event, false));
}
