// The scene clock: pause and resume, speed, one-frame steps (also on , and .), and Save clip.
import { send, errorFrom, ApiError } from "./api.js";
import { reportError, toast } from "./toast.js";
import { clipUrl, CONTROL_NAMES } from "./view.js";

const $ = (id) => document.getElementById(id);

export function clockPanel(ctx) {
  const post = async (params) => {
    try {
      const clock = await send("POST", "clock", params);
      ctx.mergeClock(clock);
    } catch (error) {
      reportError("Clock", error);
    }
  };
  const paused = () => ctx.state()?.clock?.paused === true;
  const togglePause = () => post({ paused: !paused() });
  // Stepping needs a paused clock: the same request pauses it first.
  const step = (frames) => post({ paused: true, frames });

  $("clock-pause").addEventListener("click", togglePause);
  $("clock-back").addEventListener("click", () => step(-1));
  $("clock-forward").addEventListener("click", () => step(1));
  for (const button of document.querySelectorAll("#speed [data-speed]")) {
    button.addEventListener("click", () => post({ speed: button.dataset.speed }));
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (event.key === ",") step(-1);
    else if (event.key === ".") step(1);
    else if (event.key === "p" || event.key === "P") togglePause();
    else return;
    event.preventDefault();
  });

  const link = $("save-clip");
  link.addEventListener("click", async (event) => {
    // Fetch first, so a refusal reads as a message instead of a downloaded error page.
    event.preventDefault();
    if (link.getAttribute("aria-busy") === "true") return;
    link.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(link.href, { cache: "no-store" });
      if (response.status === 404) throw new ApiError("this server cannot make clips yet (no /clip.webp route)");
      if (!response.ok) throw await errorFrom(response);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = link.download;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast("Clip saved", `${link.download} — ${(blob.size / 1024).toFixed(0)} KB`, "info", 3);
    } catch (error) {
      reportError("Save clip", error);
    } finally {
      link.removeAttribute("aria-busy");
    }
  });

  return {
    render(clock) {
      const isPaused = clock.paused;
      const button = $("clock-pause");
      button.toggleAttribute("data-on", isPaused);
      $("clock-pause-label").textContent = isPaused ? "Resume" : "Pause";
      for (const b of document.querySelectorAll("#speed [data-speed]")) {
        b.setAttribute("aria-pressed", String(Math.abs(Number(b.dataset.speed) - clock.speed) < 1e-6));
      }
    },
    focus(control) {
      link.href = clipUrl(control);
      link.download = `layercast-${control}.webp`;
      $("save-clip-target").textContent = `· ${CONTROL_NAMES[control]}`;
    },
  };
}

function isTyping(target) {
  return target instanceof Element && !!target.closest("input:not([type=range]):not([type=checkbox]), select, textarea, [contenteditable]");
}
