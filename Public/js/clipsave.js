// @ts-check
// Save clip: what you see, of the target you choose. The clip takes the View (backdrop, size, scale,
// geometry) like the PNG links do, covers the next N seconds, the last N the server keeps (`at=`, so
// a moment just seen can be kept) or the page's newest recording (`scenario=`, from the scene it
// started from), and shows its progress while the server renders it.
import { ApiError, errorFrom } from "./api.js";
import { part } from "./dom.js";
import { reportError, toast } from "./toast.js";
import { clipUrl } from "./view.js";

/**
 * @typedef {import("./view.js").View} View
 * @typedef {import("./view.js").StreamMeta} StreamMeta
 * @typedef {{ control: string, seconds: number, range: "next" | "last" | "recording", format: string }} ClipChoice
 */

/**
 * @param {HTMLElement} root the Save clip disclosure (a details element)
 * @param {{ view: () => View, meta: () => StreamMeta | null, sceneTime: () => number,
 *   targets: [string, string][] }} ctx the View, the stages as shown, the scene time on screen, and the
 *   cards as [id, title]
 */
export function clipSaver(root, ctx) {
  const target = part(root, "clip-target", HTMLSelectElement);
  const range = part(root, "clip-range", HTMLSelectElement);
  const seconds = part(root, "clip-seconds", HTMLSelectElement);
  const format = part(root, "clip-format", HTMLSelectElement);
  const link = part(root, "save-clip", HTMLAnchorElement);
  const progress = part(root, "clip-progress", HTMLProgressElement);
  const status = part(root, "clip-status");

  for (const [id, title] of ctx.targets) target.append(new Option(title, id));
  /** @type {{ id: string, duration: number } | null} the page's newest recording */
  let recording = null;

  /** @returns {ClipChoice} */
  const choice = () => ({
    control: target.value,
    seconds: Number(seconds.value),
    range: range.value === "last" || range.value === "recording" ? range.value : "next",
    format: format.value,
  });

  /** The link as it stands now; "last" is fixed to the frame on screen when the link is used. */
  const update = () => {
    const c = choice();
    const meta = ctx.meta();
    if (!meta) return;
    seconds.disabled = c.range === "recording";
    if (c.range === "recording" && recording) {
      link.href = clipUrl(ctx.view(), meta, c.control, c.format, null, { scenario: recording.id });
      link.download = `layercast-${c.control}-recording-${recording.id}.${c.format}`;
      return;
    }
    const at = c.range === "last" ? ctx.sceneTime() - c.seconds : undefined;
    link.href = clipUrl(ctx.view(), meta, c.control, c.format, c.seconds, { at });
    link.download = `layercast-${c.control}-${c.range}-${c.seconds}s.${c.format}`;
  };
  for (const select of [target, range, seconds, format]) select.addEventListener("change", update);
  // Hovering or focusing the link refreshes "last N s" to the time on screen, so a copied link is current.
  link.addEventListener("pointerenter", update);
  link.addEventListener("focus", update);

  link.addEventListener("click", async (event) => {
    // Fetch first, so a refusal reads as a message instead of a downloaded error page.
    event.preventDefault();
    if (link.getAttribute("aria-busy") === "true") return;
    update();
    const c = choice();
    const frames = Math.round((c.range === "recording" && recording ? Math.min(recording.duration, 20) : c.seconds) * 30);
    link.setAttribute("aria-busy", "true");
    progress.hidden = false;
    progress.removeAttribute("value"); // indeterminate while the server renders
    status.textContent = `Rendering ${frames} frames…`;
    const started = performance.now();
    try {
      const response = await fetch(link.href, { cache: "no-store" });
      if (response.status === 404) throw new ApiError(`this server cannot make ${c.format} clips (no /clip.${c.format} route)`);
      if (!response.ok) throw await errorFrom(response);
      status.textContent = "Downloading…";
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = link.download;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const took = ((performance.now() - started) / 1000).toFixed(1);
      status.textContent = `Saved ${link.download}`;
      toast("Clip saved", `${link.download} — ${(blob.size / 1024).toFixed(0)} KB in ${took} s`, "info", 4);
    } catch (error) {
      status.textContent = "Not saved";
      reportError("Save clip", error);
    } finally {
      link.removeAttribute("aria-busy");
      progress.hidden = true;
    }
  });

  // A popover's manners: Escape closes it and gives focus back to its button; so does a click elsewhere.
  const details = /** @type {HTMLDetailsElement} */ (root);
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !details.open) return;
    details.open = false;
    root.querySelector("summary")?.focus();
    event.stopPropagation();
  });
  document.addEventListener("pointerdown", (event) => {
    if (details.open && event.target instanceof Node && !root.contains(event.target)) details.open = false;
  });
  details.addEventListener("toggle", () => { if (details.open) update(); });

  update();
  return {
    update,
    /** Offers the page's newest recording as a range, and chooses it.
     * @param {string} id @param {number} duration */
    offerRecording(id, duration) {
      recording = { id, duration };
      let option = /** @type {HTMLOptionElement | null} */ (range.querySelector('option[value="recording"]'));
      if (!option) range.append(option = new Option("", "recording"));
      option.textContent = `Recording (${+duration.toFixed(2)} s)`;
      range.value = "recording";
      update();
    },
  };
}
