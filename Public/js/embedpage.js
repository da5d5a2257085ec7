// @ts-check
// GET /embed: one <layercast-player> filling the page, for an <iframe> (the oEmbed answer's html).
// Its query is the player's attributes: control, scenario, at, size, autoplay, loop, controls, poster,
// label and props.NAME (camelCase, as in any URL); v pins the frames and clips it asks for.
export {};

const query = new URLSearchParams(location.search);
const version = query.get("v");
// The module reads the version from its own URL.
const { propAttribute } = await import(`../embed.js${version ? `?v=${encodeURIComponent(version)}` : ""}`);

const player = document.createElement("layercast-player");
for (const [key, value] of query) {
  if (key !== "v") player.setAttribute(key.startsWith("props.") ? propAttribute(key) : key, value);
}
const title = `Layercast: ${query.get("control") ?? "all controls"}`;
document.title = title;
const heading = document.querySelector("h1");
if (heading) heading.textContent = title;
document.querySelector("main")?.append(player);
