// @ts-check
// A control's commands as the generic card offers them, from GET /layout: a button for each command
// without parameters, and for each with parameters a small form, one labelled field per parameter
// (its default filled in), sent by its button or by Enter in a field. The summaries and the
// parameters' descriptions are the accessible descriptions.
import { element } from "../props/fields.js";
import { inWords } from "../props/schema.js";

/**
 * @typedef {import("../layout.js").CommandSpec} CommandSpec
 * @typedef {import("../layout.js").ParameterSpec} ParameterSpec
 * @typedef {import("../api.js").Params} Params
 * @typedef {(name: string, command: CommandSpec, params: Params | null) => Promise<unknown>} Run
 */

/**
 * An API summary as plain text: without Markdown's code marks ("releases `seconds` later").
 * @param {string} text
 */
export function plain(text) {
  return text.replace(/`/g, "");
}

/**
 * Where a card's command goes: the route /layout gives its id, relative to the page, or with a
 * body, the route that takes its image as a PNG. An id the control does not declare is an error
 * that names the ones it does.
 * @param {import("../layout.js").CardSpec | undefined} spec
 * @param {string} id
 * @param {Blob | null} body
 * @returns {{ method: string, path: string }}
 */
export function commandRoute(spec, id, body) {
  const command = spec?.commands.find((c) => c.id === id);
  const route = body ? command?.upload : command;
  if (!route) {
    const ids = (spec?.commands ?? []).map((c) => c.id).join(", ") || "none";
    throw new Error(`${spec?.id ?? "this control"} has no command '${id}'${body && command ? " that takes a PNG" : ""} (its commands: ${ids})`);
  }
  return { method: route.method, path: route.path.replace(/^\/+/, "") };
}

/**
 * A command's name in words, from its path after the control's id ("/player/artwork/by-hash" is
 * "Artwork by hash"), else from its id.
 * @param {string} control
 * @param {CommandSpec} command
 */
export function commandName(control, command) {
  const path = command.path.replace(/^\/+/, "");
  const tail = path.startsWith(`${control}/`) ? path.slice(control.length + 1) : "";
  const words = tail.split(/[/_-]+/).filter((w) => w && !w.startsWith("{")).join(" ");
  return inWords(words || command.id);
}

/**
 * Builds the card's commands into `host`; `run` sends one (through the card's queue).
 * @param {HTMLElement} host
 * @param {{ idPrefix: string, control: string, title: string, commands: CommandSpec[], run: Run }} options
 */
export function commandControls(host, { idPrefix, control, title, commands, run }) {
  // The words the controls are described by: read out, not shown (the buttons' titles show them).
  const notes = element("div", "", { hidden: "" });
  /**
   * @param {string} id
   * @param {string} text
   */
  const note = (id, text) => {
    const span = element("span", "", { id });
    span.textContent = text;
    notes.append(span);
    return id;
  };

  // Two commands of the same path (PUT and POST) keep apart by their method.
  const names = commands.map((c) => commandName(control, c));
  const name = (/** @type {number} */ i) =>
    names.indexOf(names[i]) === names.lastIndexOf(names[i]) ? names[i] : `${names[i]} (${commands[i].method})`;

  const buttons = element("div", "row command-buttons", { role: "group", "aria-label": `${title} commands` });
  /** @type {HTMLFormElement[]} */
  const forms = [];
  commands.forEach((command, i) => {
    const summary = plain(command.summary);
    const described = note(`${idPrefix}-cmd-${i}-summary`, summary);
    const label = name(i);
    const button = element("button", "btn", { type: command.parameters.length ? "submit" : "button",
      "data-command": command.id, "aria-describedby": described, title: summary });
    button.textContent = label;
    /** @param {Params | null} params */
    const send = async (params) => {
      if (button.getAttribute("aria-busy") === "true") return;
      button.setAttribute("aria-busy", "true");
      try {
        await run(label, command, params);
      } finally {
        button.removeAttribute("aria-busy");
      }
    };
    if (!command.parameters.length) {
      button.addEventListener("click", () => send(null));
      buttons.append(button);
      return;
    }
    // The server says what it accepts: a value it refuses comes back as a message in its words.
    const form = element("form", "command-form", { "data-command": command.id, novalidate: "" });
    const fields = command.parameters.map((parameter, j) => {
      const id = `${idPrefix}-cmd-${i}-${j}`;
      const field = parameterField(parameter, id, note(`${id}-desc`, plain(parameter.description)));
      form.append(field.element);
      return field;
    });
    form.append(button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      /** @type {Params} */
      const params = {};
      for (const field of fields) params[field.name] = field.value();
      send(params);
    });
    forms.push(form);
  });

  if (buttons.childElementCount) host.append(buttons);
  host.append(...forms, notes);
}

/**
 * The field for one parameter: a number box (with its range and step), a checkbox drawn as a
 * switch, a menu of its choices, or a text box (with its length); labelled by the parameter's name
 * (and unit), described by its description.
 * @param {ParameterSpec} parameter
 * @param {string} id
 * @param {string} describedBy
 * @returns {{ element: HTMLElement, name: string, value: () => string | boolean }}
 */
function parameterField(parameter, id, describedBy) {
  const { name, type, unit, defaultValue } = parameter;
  const described = { id, name, "aria-describedby": describedBy };

  if (type === "boolean") {
    const input = element("input", "", { type: "checkbox", ...described });
    input.checked = defaultValue === "true";
    const box = element("label", "switch");
    const track = element("span", "switch-track", { "aria-hidden": "true" });
    const text = element("span", "");
    text.textContent = inWords(name);
    box.append(input, track, text);
    return { element: box, name, value: () => input.checked };
  }

  const box = element("div", "field command-field");
  const label = element("label", "field-label", { for: id });
  label.textContent = inWords(name);
  if (unit && unit !== name) {
    const hidden = element("span", "visually-hidden");
    hidden.textContent = `, in ${unit}`;
    label.append(hidden);
  }
  box.append(label);

  if (type === "choice") {
    const select = element("select", "select", described);
    for (const choice of parameter.choices ?? []) select.add(new Option(choice, choice));
    if (defaultValue !== undefined) select.value = defaultValue;
    box.append(select);
    return { element: box, name, value: () => select.value };
  }

  /** @type {HTMLInputElement} */
  let input;
  if (type === "number" || type === "integer") {
    input = element("input", "input input-number", { type: "number", step: type === "integer" ? "1" : "any",
      inputmode: type === "integer" ? "numeric" : "decimal", ...described });
    const { minimum: min, maximum: max } = parameter;
    if (min !== undefined) input.min = String(min);
    if (max !== undefined) input.max = String(max);
    // Without a default: the value nearest 0 that the server takes.
    input.value = defaultValue ?? String(Math.min(max ?? 0, Math.max(min ?? 0, 0)));
  } else {
    input = element("input", "input input-text", { type: "text", spellcheck: "false", autocomplete: "off", ...described });
    if (parameter.maxLength !== undefined) input.maxLength = parameter.maxLength;
    input.value = defaultValue ?? "";
  }
  box.append(input);
  if (unit && unit !== name) {
    const shown = element("span", "field-unit", { "aria-hidden": "true" });
    shown.textContent = unit;
    box.append(shown);
  }
  return { element: box, name, value: () => input.value };
}
