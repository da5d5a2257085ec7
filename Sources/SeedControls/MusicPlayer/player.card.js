// @ts-check
// Music player: click to play or pause, seek, restart, artwork by file picker or drag and drop.
// The module is served at GET /player/card.js and imports nothing: the page lends it its helpers
// in ctx.kit (Sources/Controls/Plugin/PageCard.swift; the types are in Public/js/cards/index.js).

/**
 * @typedef {import("../../../Public/js/cards/index.js").CardContext} CardContext
 * @typedef {import("../../../Public/js/cards/index.js").Card} Card
 */

/** Where the original comes from, under the card's title. */
export const origin = "Facebook Music Stories";

/** The card below its head (title, origin, PNG link), which the page makes as for every card. */
export const markup = `
  <div class="stage" data-part="stage" tabindex="0" role="button"
       aria-labelledby="player-canvas" aria-describedby="player-hint">
    <canvas class="stage-canvas" id="player-canvas" data-part="canvas" data-cell="player" role="img"></canvas>
    <span class="stage-hint" id="player-hint" data-part="hint">Click to play · drop artwork</span>
    <span class="drop-overlay" aria-hidden="true">Drop to use as artwork</span>
  </div>
  <div class="card-controls">
    <div class="row">
      <button class="btn btn-toggle" data-part="toggle" type="button">
        <svg class="i-play" viewBox="0 0 20 20" aria-hidden="true"><path class="f" d="M6 3.5v13L16.5 10z"/></svg>
        <svg class="i-pause" viewBox="0 0 20 20" aria-hidden="true"><path class="f" d="M6 4h3v12H6zM11 4h3v12h-3z"/></svg>
        <span data-part="toggle-label">Play</span>
      </button>
      <button class="btn btn-icon" data-part="restart" type="button" aria-label="Restart" title="Restart">
        <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M4.5 10a5.5 5.5 0 1 0 1.7-4M4 3.5V7h3.5"/></svg>
      </button>
      <label class="btn btn-file" title="Choose artwork (PNG, JPEG…)">
        <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3.5 4.5h13v11h-13zM3.5 13l4-4 3 3 2-2 4 4"/></svg>
        <span>Artwork</span>
        <input type="file" data-part="artwork" accept="image/*" class="visually-hidden">
      </label>
    </div>
    <label class="field field-range seek">
      <span class="field-label">Progress</span>
      <input type="range" id="player-seek" data-part="seek" class="range" min="0" max="100" step="1" value="0" aria-valuetext="0 percent">
      <output data-part="seek-out" for="player-seek">0 %</output>
    </label>
  </div>
  <dl class="readout">
    <div><dt>State</dt><dd><span class="tag" data-part="state">Paused</span></dd></div>
    <div><dt>Progress</dt><dd data-part="progress">0 %</dd></div>
    <div><dt>Artwork</dt><dd data-part="artwork-info">Default</dd></div>
  </dl>
`;

/**
 * @param {CardContext} ctx
 * @returns {Card}
 */
export function card({ root, title, command, kit: { part, pressable, keyPressable, artworkPng, toast, reportError } }) {
  const stage = part(root, "stage");
  const seek = part(root, "seek", HTMLInputElement);
  const out = part(root, "seek-out");
  const picker = part(root, "artwork", HTMLInputElement);
  const toggleButton = part(root, "toggle");
  const toggle = () => command(title, "playerToggle");
  let dragging = false;
  let settleUntil = 0;

  /** @type {(event: Event, inside: boolean) => void} */
  const tap = (_event, inside) => { if (inside) toggle(); };
  pressable(stage, { down: () => {}, up: tap });
  keyPressable(stage, { down: () => {}, up: tap });
  toggleButton.addEventListener("click", toggle);
  part(root, "restart").addEventListener("click", () => command("Restart", "playerRestart"));

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
    await command("Seek", "playerSeek", { progress: seek.value });
  });

  /** @param {File | undefined} file */
  const upload = async (file) => {
    if (!file) return;
    try {
      const png = await artworkPng(file);
      const reply = await command("Artwork", "playerArtworkByHash", null, png);
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
      part(root, "hint").textContent = `Click to ${p.playing ? "pause" : "play"} · drop artwork`;
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
      return p.playing ? `${title}, playing, ${art}` : `${title}, paused at ${Math.round(p.progress.model)} percent, ${art}`;
    },
  };
}
