// @ts-check
// Music button: click to play or pause, seek, restart, artwork by file picker or drag and drop.
import { part } from "../dom.js";
import { pressable, keyPressable } from "../press.js";
import { artworkPng } from "../artwork.js";
import { toast, reportError } from "../toast.js";

/**
 * @param {import("./index.js").CardContext} ctx
 * @returns {import("./index.js").Card}
 */
export function playerCard({ root, command }) {
  const stage = part(root, "stage");
  const seek = part(root, "seek", HTMLInputElement);
  const out = part(root, "seek-out");
  const picker = part(root, "artwork", HTMLInputElement);
  const toggleButton = part(root, "toggle");
  const toggle = () => command("Music button", "POST", "player/toggle");
  let dragging = false;
  let settleUntil = 0;

  /** @type {(event: Event, inside: boolean) => void} */
  const tap = (_event, inside) => { if (inside) toggle(); };
  pressable(stage, { down: () => {}, up: tap });
  keyPressable(stage, { down: () => {}, up: tap });
  toggleButton.addEventListener("click", toggle);
  part(root, "restart").addEventListener("click", () => command("Restart", "POST", "player/restart"));

  /** @param {string | number} value */
  const showSeek = (value) => {
    out.textContent = `${value} %`;
    seek.setAttribute("aria-valuetext", `${value} percent`);
    seek.style.setProperty("--fill", `${value}%`);
  };
  seek.addEventListener("pointerdown", () => { dragging = true; });
  seek.addEventListener("input", () => { dragging = true; showSeek(seek.value); });
  seek.addEventListener("change", async () => {
    dragging = false;
    settleUntil = performance.now() + 600;
    showSeek(seek.value);
    await command("Seek", "POST", "player/seek", { progress: seek.value });
  });

  /** @param {File | undefined} file */
  const upload = async (file) => {
    if (!file) return;
    try {
      const png = await artworkPng(file);
      const reply = await command("Artwork", "PUT", "player/artwork", null, png);
      const art = reply?.state?.artwork;
      if (art) toast("Artwork set", `${file.name} — ${art.width}×${art.height}`, "info", 3);
    } catch (error) {
      reportError("Artwork", error);
    }
  };
  picker.addEventListener("change", () => {
    upload(picker.files?.[0]);
    picker.value = "";
  });

  let depth = 0;
  /** @param {DragEvent} event */
  const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  root.addEventListener("dragenter", (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth++;
    stage.classList.add("is-drop-target");
  });
  root.addEventListener("dragover", (event) => {
    if (!hasFiles(event) || !event.dataTransfer) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  });
  root.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) stage.classList.remove("is-drop-target");
  });
  root.addEventListener("drop", (event) => {
    event.preventDefault();
    depth = 0;
    stage.classList.remove("is-drop-target");
    upload(event.dataTransfer?.files?.[0]);
  });

  return {
    stateKey: "player",
    render(state) {
      const p = state.player;
      const progress = Math.round(p.progress.model);
      toggleButton.toggleAttribute("data-on", p.playing);
      part(root, "toggle-label").textContent = p.playing ? "Pause" : "Play";
      const tag = part(root, "state");
      tag.textContent = p.playing ? "Playing" : "Paused";
      tag.dataset.tone = p.playing ? "ok" : "";
      part(root, "progress").textContent = `${progress} %`;
      part(root, "artwork-info").textContent = p.artwork.isDefault ? "Default" : `${p.artwork.width}×${p.artwork.height}`;
      if (!dragging && performance.now() > settleUntil) {
        seek.value = String(progress);
        showSeek(progress);
      }
    },
    describe({ player: p }) {
      const art = p.artwork.isDefault ? "default artwork" : "your artwork";
      // Progress moves while playing: only a paused player says where it stands.
      return p.playing ? `Music button, playing, ${art}` : `Music button, paused at ${Math.round(p.progress.model)} percent, ${art}`;
    },
  };
}
