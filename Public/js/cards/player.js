// Music button: click to play or pause, seek, restart, artwork by file picker or drag and drop.
import { pressable, keyPressable } from "../press.js";
import { artworkPng } from "../artwork.js";
import { toast, reportError } from "../toast.js";

const $ = (id) => document.getElementById(id);

export function playerCard(ctx) {
  const stage = $("player-stage");
  const seek = $("player-seek");
  const out = $("player-seek-out");
  const toggle = () => ctx.command("player", "Music button", "POST", "player/toggle");
  let dragging = false;
  let settleUntil = 0;

  pressable(stage, { down: () => {}, up: (_e, inside) => { if (inside) toggle(); } });
  keyPressable(stage, { down: () => {}, up: (_e, inside) => { if (inside) toggle(); } });
  $("player-toggle").addEventListener("click", toggle);
  $("player-restart").addEventListener("click", () => ctx.command("player", "Restart", "POST", "player/restart"));

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
    await ctx.command("player", "Seek", "POST", "player/seek", { progress: seek.value });
  });

  const upload = async (file) => {
    if (!file) return;
    try {
      const png = await artworkPng(file);
      const reply = await ctx.command("player", "Artwork", "PUT", "player/artwork", null, png);
      const art = reply?.state?.artwork;
      if (art) toast("Artwork set", `${file.name} — ${art.width}×${art.height}`, "info", 3);
    } catch (error) {
      reportError("Artwork", error);
    }
  };
  $("player-artwork").addEventListener("change", (event) => {
    upload(event.target.files?.[0]);
    event.target.value = "";
  });

  const card = $("card-player");
  let depth = 0;
  const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  card.addEventListener("dragenter", (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth++;
    stage.classList.add("is-drop-target");
  });
  card.addEventListener("dragover", (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  });
  card.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) stage.classList.remove("is-drop-target");
  });
  card.addEventListener("drop", (event) => {
    event.preventDefault();
    depth = 0;
    stage.classList.remove("is-drop-target");
    upload(event.dataTransfer?.files?.[0]);
  });

  return {
    render(state) {
      const p = state.player;
      const progress = Math.round(p.progress.model);
      const button = $("player-toggle");
      button.toggleAttribute("data-on", p.playing);
      $("player-toggle-label").textContent = p.playing ? "Pause" : "Play";
      const tag = $("player-state");
      tag.textContent = p.playing ? "Playing" : "Paused";
      tag.dataset.tone = p.playing ? "ok" : "";
      $("player-progress").textContent = `${progress} %`;
      $("player-artwork-info").textContent = p.artwork.isDefault ? "Default" : `${p.artwork.width}×${p.artwork.height}`;
      if (!dragging && performance.now() > settleUntil) {
        seek.value = String(progress);
        showSeek(progress);
      }
    },
  };
}
