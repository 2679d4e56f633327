// The page of `garden serve`: draws the game from the API (status, picture, the moves open now),
// sends moves with the log length it saw, and follows the live stream. No library: it works
// offline on the table's network.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
let game = START.game;
let seen = null;
let live = null;

async function api(path, options = {}) {
  const headers = Object.assign({ Authorization: "Bearer " + token }, options.headers || {});
  const response = await fetch(path, Object.assign({}, options, { headers }));
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error(body.error || String(body));
    error.rule = body.rule;
    error.status = response.status;
    throw error;
  }
  return body;
}

function say(text, kind) {
  const box = $("message");
  box.textContent = text;
  box.className = kind || "";
}

function refused(error) {
  say(error.rule ? `${error.message} [${error.rule}]` : error.message, "refused");
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function loadGames() {
  const { games } = await api("/api/games");
  const select = $("game");
  select.replaceChildren(...games.map((g) => el("option", { value: g.name, text: `${g.name} (${g.game})` })));
  if (!games.length) {
    say("No games yet: start one with garden new at the server.");
    return;
  }
  if (!game || !games.some((g) => g.name === game)) game = games[0].name;
  select.value = game;
}

function field(option) {
  const label = el("label", {}, el("span", { text: option.name.replace(/_/g, " ") + (option.required ? " *" : "") }));
  let input;
  if (option.choices && option.choices.length) {
    input = el("select", { name: option.name });
    if (!option.required) input.append(el("option", { value: "", text: "(default)" }));
    for (const choice of option.choices) input.append(el("option", { value: choice, text: choice }));
  } else if (option.type === "bool") {
    input = el("input", { type: "checkbox", name: option.name });
    input.style.minHeight = "28px";
  } else {
    input = el("input", { name: option.name, type: option.type === "int" ? "number" : "text",
                          inputmode: option.type === "int" ? "numeric" : "text" });
    if (option.default !== null && option.default !== undefined && option.type !== "bool") input.placeholder = String(option.default);
  }
  input.dataset.type = option.type;
  label.append(input);
  if (option.help) label.append(el("span", { class: "help", text: option.help }));
  return label;
}

function formValues(form) {
  const body = {};
  for (const input of form.querySelectorAll("input, select")) {
    const type = input.dataset.type;
    if (type === "bool") { if (input.checked) body[input.name] = true; continue; }
    const text = input.value.trim();
    if (!text) continue;
    if (type === "int") body[input.name] = Number(text);
    else if (type && type.startsWith("list[")) body[input.name] = text.split(/\s*,\s*/).map((v) => (type === "list[int]" ? Number(v) : v));
    else body[input.name] = text;
  }
  return body;
}

function drawMoves(commands) {
  const box = $("moves");
  box.replaceChildren();
  for (const command of commands) {
    const form = el("form", { "data-command": command.name });
    for (const option of command.options) form.append(field(option));
    form.append(el("button", { type: "submit", text: command.name }));
    form.addEventListener("submit", (event) => { event.preventDefault(); send(command.name, formValues(form)); });
    const summary = el("summary", { text: `${command.name} — ${command.help.split("\n")[0]}` });
    box.append(el("details", { class: "move" }, summary, form));
  }
}

async function send(command, body) {
  try {
    const result = await api(`/api/games/${encodeURIComponent(game)}/${command}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign({}, body, { seen })),
    });
    say((result.notes || []).join(" ") || `${command}: done.`, "done");
  } catch (error) {
    refused(error);
  }
  await refresh();
}

async function refresh() {
  if (!game) return;
  try {
    const path = `/api/games/${encodeURIComponent(game)}`;
    const [status, picture, commands] = await Promise.all([
      api(`${path}/status`), api(`${path}/picture.svg`), api(`${path}/commands`)]);
    seen = status.events;
    $("picture").innerHTML = picture;
    $("pending").replaceChildren(...(status.pending.length ? status.pending.map((p) =>
      el("li", { class: p.must ? "must" : "", text: `${p.who}: ${p.what} (${p.command}, ${p.rule})` }))
      : [el("li", { text: "Nothing owed." })]));
    drawMoves(commands.commands);
    const players = $("player");
    const keep = players.value;
    players.replaceChildren(el("option", { value: "", text: "(none)" }),
      ...status.players.map((p) => { const n = typeof p === "string" ? p : p.name; return el("option", { value: n, text: n }); }));
    players.value = keep;
    $("tally").replaceChildren(el("img", { alt: "scoresheet", src: `${path}/tally.svg?token=${encodeURIComponent(token)}&v=${seen}` }));
  } catch (error) {
    refused(error);
  }
}

function follow() {
  if (live) live.close();
  if (!game) return;
  live = new EventSource(`/api/games/${encodeURIComponent(game)}/live?token=${encodeURIComponent(token)}`);
  live.addEventListener("change", (event) => {
    if (JSON.parse(event.data).events !== seen) refresh();
  });
}

async function loadBoards() {
  const { boards } = await api("/api/boards");
  $("board").replaceChildren(...boards.filter((b) => !b.error)
    .map((b) => el("option", { value: b.board, text: `${b.board} (${b.rows}x${b.cols}, ${b.game})` })));
}

function drawReading(reading) {
  const uncertain = new Set((reading.uncertain || []).map((c) => c.join(",")));
  const table = el("table", { class: "cells", "aria-label": "cells read" });
  reading.cells.forEach((row, r) => {
    const tr = el("tr");
    row.forEach((cell, c) => {
      const td = el("td", { text: cell === "covered" ? "#" : cell === "empty" ? "" : cell[0].toUpperCase() });
      td.className = (cell === "covered" ? "covered" : "") + (uncertain.has(`${r},${c}`) ? " uncertain" : "");
      td.title = `${r},${c}: ${cell}`;
      tr.append(td);
    });
    table.append(tr);
  });
  const covered = reading.cells.flat().filter((c) => c === "covered").length;
  const placed = (reading.placements || []).slice(0, 3).map((p, i) =>
    el("li", { text: `${["green", "yellow", "orange"][i]}: ${p.cells.map((c) => c.join(",")).join(" ")}` }));
  const glare = (reading.glare || []).map((c) => c.join(",")).join("; ");
  const hidden = (reading.hidden || []).map((c) => c.join(",")).join("; ");
  const photos = (reading.photos || []).length;
  const notRead = (reading.not_read || []).map((entry) => el("p", { text: `Not read: ${entry.why}` }));
  const disagree = (reading.disagree || []).map((c) => c.join(",")).join("; ");
  $("reading").replaceChildren(
    el("p", { text: `Board ${reading.board}: ${covered} covered, ${uncertain.size} uncertain` +
      (photos ? `, read from ${photos - notRead.length} photos.` : ".") }),
    ...notRead,
    ...(glare ? [el("p", { text: `Glare hides ${glare}: add a photo of it from a little to one side, or shade the light.` })] : []),
    ...(hidden ? [el("p", { text: `Nothing sharp shows at ${hidden}: something out of focus stands in front of the board, or a light washes it out; move it or shade the light, or add a photo from where the board shows clear.` })] : []),
    ...(disagree ? [el("p", { text: `The photos read ${disagree} differently: left uncertain (was a piece moved?).` })] : []),
    el("ol", {}, ...placed),
    el("img", { alt: "the reading drawn on the photo", src: `${reading.overlay}?token=${encodeURIComponent(token)}` }),
    table);
}

// the photos of the last reading: a photo added from one side is read with them as one
let kept = [];

async function upload(files) {
  const form = new FormData($("check"));
  if (!form.get("player")) form.delete("player");
  if (!form.get("tile")) form.delete("tile");
  form.delete("photo");
  for (const file of files) form.append("photo", file);
  say(files.length > 1 ? `Reading the ${files.length} photos…` : "Reading the photo…");
  try {
    const reading = await api(`/api/games/${encodeURIComponent(game)}/check`, { method: "POST", body: form });
    drawReading(reading);
    kept = files;
    $("again-label").hidden = false;
    say(files.length > 1 ? "Photos read as one." : "Photo read.", "done");
  } catch (error) {
    if (files.length === 1) {
      $("reading").replaceChildren();
      kept = [];
      $("again-label").hidden = true;
    }
    refused(error);
  }
  $("photo").value = "";
  $("again").value = "";
}

async function advise(event) {
  event.preventDefault();
  const line = $("line").value.trim();
  try {
    const advice = await api(`/api/games/${encodeURIComponent(game)}/advice` + (line ? `?line=${encodeURIComponent(line)}` : ""));
    const items = (advice.before || []).map((note) => el("li", { class: "help", text: note }));
    for (const option of advice.options || []) {
      const where = option.cells ? option.cells.map((c) => c.join(",")).join(" ") : (option.at || []).join(",");
      const what = option.what || option.card || "";
      items.push(el("li", { text: `${what} at ${where}${option.score !== undefined ? ` (score ${option.score})` : ""}: ${(option.reasons || []).join("; ")}` }));
    }
    $("advice").replaceChildren(...(items.length ? items : [el("li", { text: "Nothing to place now." })]));
  } catch (error) {
    $("advice").replaceChildren();
    refused(error);
  }
}

$("advise").addEventListener("submit", advise);
$("game").addEventListener("change", () => { game = $("game").value; say(""); refresh(); follow(); });
$("undo").addEventListener("click", () => send("undo", { steps: 1 }));
$("redo").addEventListener("click", () => send("redo", { steps: 1 }));
$("photo").addEventListener("change", () => { if ($("photo").files.length) upload([$("photo").files[0]]); });
$("again").addEventListener("change", () => { if ($("again").files.length) upload([...kept, $("again").files[0]]); });

(async () => {
  try {
    await loadGames();
    await Promise.all([refresh(), loadBoards()]);
    follow();
  } catch (error) {
    refused(error);
  }
})();
