// @ts-check
// What the page lends a control's own card module as ctx.kit: its helpers, so that the module
// imports nothing and works from wherever the server serves it (GET /{id}/card.js).
import { $$, part } from "../dom.js";
import { pressable, keyPressable } from "../press.js";
import { artworkPng } from "../artwork.js";
import { toast, reportError } from "../toast.js";

export const kit = Object.freeze({ $$, part, pressable, keyPressable, artworkPng, toast, reportError });
