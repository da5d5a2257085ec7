// @ts-check
// Motion on this page: the stages play the live stream, or hold still frames. A person who has asked
// for less motion (prefers-reduced-motion) gets stills first and a Play control; anyone can pause
// the motion. Only this page changes: the scene clock is shared with every other viewer, so it runs on.
import { part } from "./dom.js";
import { announce } from "./announce.js";

const lessMotion = matchMedia("(prefers-reduced-motion: reduce)");

/**
 * @param {HTMLElement} root the view settings, which hold the Play motion button
 * @param {(playing: boolean) => void} onChange
 */
export function motionControl(root, onChange) {
  const button = part(root, "motion");
  let playing = !lessMotion.matches;

  const render = () => {
    button.toggleAttribute("data-on", playing);
    part(button, "motion-label").textContent = playing ? "Pause motion" : "Play motion";
  };
  /** @param {boolean} next */
  const set = (next) => {
    if (next === playing) return;
    playing = next;
    render();
    announce(playing ? "The stages play" : "The stages hold still frames");
    onChange(playing);
  };
  button.addEventListener("click", () => set(!playing));
  lessMotion.addEventListener("change", () => set(!lessMotion.matches));
  render();

  return {
    get playing() { return playing; },
  };
}
