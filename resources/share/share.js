// The players' phone page: draws the public view the BrickMaster's laptop shares.
// Read-only: it only ever asks (GET) for the view, its updates and a character's sheet.
// Every text from the game goes in through textContent, never as HTML.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
// The text-map letters (companion/model/textmap.py) and how each is painted.
const CELL = {
  ".": "#cdbf9f", "#": "#4b4f5a", "~": "#3f7fc4", "=": "#e0562b", "^": "#f28c28",
  "o": "#8a6a45", "+": "#a0522d", "/": "#d9a066", "L": "#6b2f1a", "s": "#b5b5b5",
  "%": "#9bae74",
};
const SIDE_COLOURS = ["#2f8fdf", "#d94141", "#3bb36b", "#b163d6", "#e0a526", "#19a7a7"];
const sideColour = {};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function colourOf(side) {
  if (!(side in sideColour)) {
    sideColour[side] = SIDE_COLOURS[Object.keys(sideColour).length % SIDE_COLOURS.length];
  }
  return sideColour[side];
}

function show(id, on) { $(id).hidden = !on; }

// -- the parts of the page ---------------------------------------------------------------
function drawTracker(view) {
  const t = view.tracker;
  $("round").textContent = t.round !== null && t.round !== undefined ? `Round ${t.round}` : "";
  $("phase").textContent = t.phase ? ` · ${t.phase}` : "";
  $("acting").textContent = t.acting.length ? t.acting.join(", ") : "nobody yet";
  const order = $("order");
  order.replaceChildren();
  for (const name of t.order) {
    const chip = el("span", { class: "chip" + (t.acting.includes(name) ? " now" : "") }, name);
    order.append(chip);
  }
  show("frozen", view.frozen);
  show("odds", !!view.odds);
  $("odds").textContent = view.odds ? `Odds: ${view.odds}` : "";
  show("tracker", true);
}

function drawRoll(roll) {
  show("roll", !!roll);
  if (!roll) return;
  const what = [roll.who, roll.purpose].filter(Boolean).join(" · ");
  $("roll-what").textContent = what;
  const dice = $("dice");
  dice.replaceChildren();
  for (const face of roll.faces) dice.append(el("span", { class: "die" }, face));
  if (roll.total !== null && roll.total !== undefined) {
    dice.append(el("span", { class: "total" }, `= ${roll.total}`));
  }
}

function figureBadge(parent, f, cx, cy, r, fontSize) {
  const g = svg("g", { class: "figure" + (f.acting ? " acting" : ""), "data-id": f.id });
  if (f.acting) g.append(svg("circle", { cx, cy, r: r * 1.3, class: "ring" }));
  g.append(svg("circle", { cx, cy, r, fill: colourOf(f.side), class: "token" }));
  if (f.facing !== null && f.facing !== undefined) {
    const a = (f.facing * Math.PI) / 180;
    g.append(svg("line", {
      x1: cx + Math.sin(a) * r * 1.0, y1: cy - Math.cos(a) * r * 1.0,
      x2: cx + Math.sin(a) * r * 1.3, y2: cy - Math.cos(a) * r * 1.3, class: "facing",
    }));
  }
  const size = f.label.length > 2 ? fontSize * 0.72 : fontSize;
  g.append(svg("text", { x: cx, y: cy, "font-size": size, class: "label" }, f.label));
  g.append(svg("title", {}, f.name));
  parent.append(g);
}

// The whole map, or (by default) a close-up framing the figures the players see, readable
// on a phone: never wider or taller than CLOSE_* squares, never smaller than MIN_* (where the
// known map allows), never past the known map, never cutting a figure's base in two.
let wholeMap = false;
const CLOSE_W = 16, CLOSE_H = 20;
const MIN_W = 9, MIN_H = 9;
// A map this small is drawn whole: its squares are big enough on a phone.
const WHOLE_W = 18, WHOLE_H = 24;
let canZoom = false;

// The squares a figure's base covers: [x0, y0, x1, y1], inclusive.
function footprint(f) {
  const size = Math.max(1, Math.round(f.size || 1));
  if (f.anchor === "corner") return [f.at[0], f.at[1], f.at[0] + size - 1, f.at[1] + size - 1];
  const half = Math.floor((size - 1) / 2);
  return [f.at[0] - half, f.at[1] - half, f.at[0] + size - 1 - half, f.at[1] + size - 1 - half];
}

// Where a figure's token is drawn: its centre (in squares) and its radius.
function tokenAt(f) {
  const size = Math.max(0.5, f.size || 1);
  if (f.anchor === "corner") return [f.at[0] + size / 2, f.at[1] + size / 2, size * 0.44];
  return [f.at[0] + 0.5, f.at[1] + 0.5, size * 0.44];
}

// One side of the close-up: [lo, hi] covering want (widened to min, at most max long,
// round ``centre`` when want is longer), kept inside [min, max].
function span(wantLo, wantHi, centre, least, most, lo0, hi0) {
  let lo = wantLo, hi = wantHi;
  if (hi - lo + 1 > most) { lo = Math.round(centre - most / 2); hi = lo + most - 1; }
  const floor = Math.min(least, hi0 - lo0 + 1);
  while (hi - lo + 1 < floor) { if (lo > lo0) lo--; if (hi - lo + 1 < floor && hi < hi0) hi++; }
  if (lo < lo0) { hi += lo0 - lo; lo = lo0; }
  if (hi > hi0) { lo -= hi - hi0; hi = hi0; }
  return [Math.max(lo, lo0), Math.min(hi, hi0)];
}

// The squares the players know and the figures' bases: [x0, y0, x1, y1], inclusive.
function knownBox(board, figures) {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  const grow = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  board.rows.forEach((row, y) => { for (let x = 0; x < row.length; x++) if (row[x] !== " ") grow(x, y); });
  for (const f of figures) if (f.at) { const [a, b, c, d] = footprint(f); grow(a, b); grow(c, d); }
  if (x1 < 0) return [0, 0, Math.max(board.width - 1, 0), Math.max(board.height - 1, 0)];
  return [x0, y0, x1, y1];
}

function gridBox(board, figures) {
  const rows = board.rows;
  const placed = figures.filter((f) => f.at);
  const known = knownBox(board, figures);
  const [x0, y0, x1, y1] = known;
  if (x1 < x0 || (!rows.some((r) => r.trim()) && !placed.length)) return known;
  canZoom = placed.length > 0 && (x1 - x0 >= WHOLE_W || y1 - y0 >= WHOLE_H);
  if (wholeMap || !canZoom) return known;
  // Every figure the players see, a square of room round them; too spread out for one
  // phone screen: round the one acting.
  let [fx0, fy0, fx1, fy1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of placed) {
    const [a, b, c, d] = footprint(f);
    fx0 = Math.min(fx0, a); fy0 = Math.min(fy0, b); fx1 = Math.max(fx1, c); fy1 = Math.max(fy1, d);
  }
  const acting = placed.find((f) => f.acting) || placed[0];
  const [ax0, ay0, ax1, ay1] = footprint(acting);
  let [bx0, bx1] = span(fx0 - 1, fx1 + 1, (ax0 + ax1 + 1) / 2, MIN_W, CLOSE_W, x0, x1);
  let [by0, by1] = span(fy0 - 1, fy1 + 1, (ay0 + ay1 + 1) / 2, MIN_H, CLOSE_H, y0, y1);
  // No empty band at an edge: rows and columns there with no square the players know go.
  const known_at = (x, y) => (rows[y] || "")[x] !== undefined && rows[y][x] !== " ";
  const blankRow = (y) => { for (let x = bx0; x <= bx1; x++) if (known_at(x, y)) return false; return true; };
  const blankCol = (x) => { for (let y = by0; y <= by1; y++) if (known_at(x, y)) return false; return true; };
  while (by1 > by0 && blankRow(by1)) by1--;
  while (by1 > by0 && blankRow(by0)) by0++;
  while (bx1 > bx0 && blankCol(bx1)) bx1--;
  while (bx1 > bx0 && blankCol(bx0)) bx0++;
  // A figure the edge would cut in two is taken in whole.
  for (const f of placed) {
    const [a, b, c, d] = footprint(f);
    const inX = c >= bx0 && a <= bx1, inY = d >= by0 && b <= by1;
    if (!(inX && inY)) continue;
    bx0 = Math.max(x0, Math.min(bx0, a)); bx1 = Math.min(x1, Math.max(bx1, c));
    by0 = Math.max(y0, Math.min(by0, b)); by1 = Math.min(y1, Math.max(by1, d));
  }
  canZoom = bx0 > x0 || by0 > y0 || bx1 < x1 || by1 < y1;
  return canZoom ? [bx0, by0, bx1, by1] : known;
}

// The ruleset's marks: a space's colour (fill), a chest or a door's badge (token), a bar on
// the edge between two squares (edge).
function drawMarks(marks) {
  const g = svg("g", { class: "marks" });
  const colour = (c) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : "#888888");
  for (const m of marks.filter((m) => m.kind === "fill")) {
    g.append(svg("rect", {
      x: m.at[0], y: m.at[1], width: 1, height: 1, fill: colour(m.colour),
      "fill-opacity": m.hatched ? 0.35 : 0.6, class: "fill-mark",
    }));
  }
  for (const m of marks.filter((m) => m.kind === "edge" && m.to)) {
    const [ax, ay] = m.at, [bx, by] = m.to;
    const x = Math.max(ax, bx), y = Math.max(ay, by);
    const line = ax !== bx
      ? { x1: x, y1: ay, x2: x, y2: ay + 1 }
      : { x1: ax, y1: y, x2: ax + 1, y2: y };
    g.append(svg("line", { ...line, stroke: colour(m.colour), class: "edge-mark" }));
  }
  for (const m of marks.filter((m) => m.kind === "token")) {
    const t = svg("g", { class: "token-mark" });
    t.append(svg("circle", { cx: m.at[0] + 0.5, cy: m.at[1] + 0.5, r: 0.3, fill: colour(m.colour) }));
    if (m.glyph) t.append(svg("text", { x: m.at[0] + 0.5, y: m.at[1] + 0.5, "font-size": 0.36, class: "label" }, m.glyph));
    if (m.label) t.append(svg("title", {}, m.label));
    g.append(t);
  }
  return g;
}

function drawGrid(board, figures) {
  const rows = board.rows;
  const [x0, y0, x1, y1] = gridBox(board, figures);
  // A half-square border where the picture meets the edge of the known map (room for an
  // acting figure's ring); none inside the map, where a figure just outside a close-up
  // would be half drawn.
  const [kx0, ky0, kx1, ky1] = knownBox(board, figures);
  const [ml, mt, mr, mb] = [x0 <= kx0, y0 <= ky0, x1 >= kx1, y1 >= ky1].map((edge) => (edge ? 0.5 : 0));
  const box = `${x0 - ml} ${y0 - mt} ${x1 - x0 + 1 + ml + mr} ${y1 - y0 + 1 + mt + mb}`;
  const root = svg("svg", {
    viewBox: box, class: "grid", role: "img", "aria-label": "the board",
    "data-squares": `${x0} ${y0} ${x1} ${y1}`,
  });
  const cells = svg("g", { class: "cells" });
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      if (ch === " ") continue;
      cells.append(svg("rect", { x, y, width: 1, height: 1, fill: CELL[ch] || "#9a9a9a" }));
      if (ch === "s") cells.append(svg("text", { x: x + 0.5, y: y + 0.55, "font-size": 0.6, class: "mark" }, "≡"));
      if (ch === "L") cells.append(svg("text", { x: x + 0.5, y: y + 0.55, "font-size": 0.55, class: "mark" }, "🔒"));
    }
  });
  root.append(cells);
  root.append(drawMarks(board.marks || []));
  const figs = svg("g", { class: "figures" });
  for (const f of figures) {
    if (!f.at) continue;
    const [cx, cy, r] = tokenAt(f);
    figureBadge(figs, f, cx, cy, r, r * 1.18);
  }
  root.append(figs);
  return root;
}

function drawGraph(board, figures) {
  const S = 100, M = 10;
  const at = (p) => [M + p.x * (S - 2 * M), M + p.y * (S - 2 * M)];
  // Only the part of the square the places take (a row of places is a strip, not a square).
  const xs = board.places.map((p) => at(p)[0]), ys = board.places.map((p) => at(p)[1]);
  const pad = 11;
  let bx0 = Math.min(...xs, S) - pad, bx1 = Math.max(...xs, 0) + pad;
  let by0 = Math.min(...ys, S) - pad, by1 = Math.max(...ys, 0) + pad;
  if (bx1 - bx0 < 40) { const c = (bx0 + bx1) / 2; bx0 = c - 20; bx1 = c + 20; }
  if (by1 - by0 < 30) { const c = (by0 + by1) / 2; by0 = c - 15; by1 = c + 15; }
  const box = `${bx0} ${by0} ${bx1 - bx0} ${by1 - by0}`;
  const root = svg("svg", { viewBox: box, class: "graph", role: "img", "aria-label": "the board" });
  const byId = Object.fromEntries(board.places.map((p) => [p.id, p]));
  const links = svg("g", { class: "links" });
  for (const p of board.places) {
    for (const other of p.links) {
      const q = byId[other];
      if (!q || other < p.id) continue;
      const [ax, ay] = at(p), [bx, by] = at(q);
      links.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by }));
    }
  }
  root.append(links);
  const places = svg("g", { class: "places" });
  const steps = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
  for (const p of board.places) {
    const [x, y] = at(p);
    const g = svg("g", { class: p.discarded ? "place-group discarded" : "place-group" });
    if (p.paths && p.paths.length) {
      // A rolled cube: a square with its paths, joined solid, unjoined dashed.
      for (const path of p.paths) {
        const [dx, dy] = steps[path.direction] || [0, 0];
        g.append(svg("line", {
          x1: x + dx * 4.5, y1: y + dy * 4.5, x2: x + dx * 7, y2: y + dy * 7,
          class: path.joined ? "path joined" : "path unjoined",
          "data-path": `${p.id} ${path.direction}`,
        }));
      }
      g.append(svg("rect", {
        x: x - 4.5, y: y - 4.5, width: 9, height: 9, rx: 1,
        class: `place cube ${p.colour || ""}`.trim(),
      }));
    } else {
      g.append(svg("circle", { cx: x, cy: y, r: 4.5, class: "place" }));
    }
    g.append(svg("text", { x, y: y + 8.5, "font-size": 3.6, class: "place-name" }, p.name));
    if (p.face) {
      g.append(svg("text", { x, y: y + 11.5, "font-size": 2.2, class: "place-face" }, p.face));
    }
    places.append(g);
  }
  root.append(places);
  const figs = svg("g", { class: "figures" });
  const count = {};
  for (const f of figures) {
    const p = f.place ? byId[f.place] : null;
    if (!p) continue;
    const n = (count[p.id] = (count[p.id] || 0) + 1) - 1;
    const [x, y] = at(p);
    const a = (n * 2 * Math.PI) / 6;
    figureBadge(figs, f, x + (n ? Math.cos(a) * 6 : 0), y + (n ? Math.sin(a) * 6 : 0), 3.2, 3.4);
  }
  root.append(figs);
  return root;
}

function drawBoard(view) {
  canZoom = false;
  const board = view.board;
  const holder = $("board");
  holder.replaceChildren();
  if (board.kind === "none") { show("board-card", false); return; }
  holder.append(board.kind === "graph" ? drawGraph(board, view.figures) : drawGrid(board, view.figures));
  show("zoom", board.kind !== "graph" && canZoom);
  $("zoom").textContent = wholeMap ? "Close-up" : "Whole map";
  show("board-card", true);
}

function drawFigures(view) {
  const list = $("figures");
  list.replaceChildren();
  const places = Object.fromEntries(view.board.places.map((p) => [p.id, p.name]));
  for (const f of view.figures) {
    const item = el("li", { class: "fig" + (f.acting ? " acting" : ""), "data-id": f.id });
    const badge = el("span", { class: "badge" }, f.label);
    badge.style.background = colourOf(f.side);
    const name = el("span", { class: "name" }, f.name);
    const where = f.place ? places[f.place] || "" : f.at ? `${f.at[0]},${f.at[1]}` : "";
    const head = el("div", { class: "fig-head" });
    head.append(badge, name, el("span", { class: "where" }, where));
    item.append(head);
    for (const t of f.tracks) {
      const row = el("div", { class: "track" });
      row.append(el("span", { class: "track-name" }, t.name));
      const bar = el("span", { class: "bar" });
      const fill = el("span", { class: "fill" });
      const frac = t.max ? Math.max(0, Math.min(1, t.value / t.max)) : 1;
      fill.style.width = `${Math.round(frac * 100)}%`;
      bar.append(fill);
      row.append(bar, el("span", { class: "track-value" }, t.max !== null && t.max !== undefined ? `${t.value}/${t.max}` : t.value));
      item.append(row);
    }
    if (f.states.length) item.append(el("div", { class: "states" }, f.states.join(" · ")));
    list.append(item);
  }
  show("figures-card", view.figures.length > 0);
}

function drawSheets(view) {
  const holder = $("sheets");
  holder.replaceChildren();
  for (const ref of view.sheets) {
    const b = el("button", { type: "button", class: "open-sheet", "data-id": ref.figure_id }, ref.name);
    b.addEventListener("click", () => openSheet(ref.figure_id));
    holder.append(b);
  }
  show("sheets-card", view.sheets.length > 0);
}

function drawLog(view) {
  const list = $("log");
  list.replaceChildren();
  const lines = view.log.slice(-60).reverse(); // newest first
  for (const line of lines) list.append(el("li", {}, line));
  show("log-card", view.log.length > 0);
}

let lastView = null;

function draw(view) {
  lastView = view;
  if (!view) {
    for (const id of ["tracker", "roll", "board-card", "figures-card", "sheets-card", "log-card"]) show(id, false);
    show("waiting", true);
    $("title").textContent = "Brick Companion";
    $("game").textContent = "";
    return;
  }
  show("waiting", false);
  $("title").textContent = view.title;
  $("game").textContent = view.game;
  document.title = `${view.title} · ${view.game}`;
  document.body.dataset.version = String(view.version);
  drawTracker(view);
  drawRoll(view.last_roll);
  drawBoard(view);
  drawFigures(view);
  drawSheets(view);
  drawLog(view);
  if (openSheetId && !view.sheets.some((s) => s.figure_id === openSheetId)) closeSheet();
  else if (openSheetId) openSheet(openSheetId);
}

// -- one character's sheet (read-only) ---------------------------------------------------
let openSheetId = null;

async function openSheet(id) {
  const answer = await fetch(`/api/sheet/${encodeURIComponent(id)}`, { credentials: "same-origin" });
  if (answer.status === 401 || answer.status === 403) { location.href = "/"; return; }
  if (!answer.ok) { closeSheet(); return; }
  const sheet = await answer.json();
  openSheetId = id;
  $("sheet-name").textContent = sheet.name;
  const body = $("sheet-body");
  body.replaceChildren();
  for (const section of sheet.sections) {
    body.append(el("h3", {}, section.heading));
    const table = el("table", {});
    for (const [k, v] of section.rows) {
      const tr = el("tr", {});
      tr.append(el("th", {}, k), el("td", {}, v));
      table.append(tr);
    }
    body.append(table);
  }
  show("sheet", true);
  show("main", false);
  window.scrollTo(0, 0);
}

function closeSheet() {
  openSheetId = null;
  show("sheet", false);
  show("main", true);
}

// -- keeping up with the table -----------------------------------------------------------
function status(text, on) {
  const s = $("status");
  s.textContent = text;
  s.className = "status " + (on ? "on" : "off");
}

async function start() {
  $("sheet-close").addEventListener("click", closeSheet);
  $("zoom").addEventListener("click", () => { wholeMap = !wholeMap; if (lastView) drawBoard(lastView); });
  const answer = await fetch("/api/view", { credentials: "same-origin" });
  if (answer.status === 401 || answer.status === 403) { location.href = "/"; return; }
  if (answer.ok) draw(await answer.json());
  const events = new EventSource("/api/events");
  events.addEventListener("view", (e) => { status("live", true); draw(JSON.parse(e.data)); });
  events.addEventListener("open", () => status("live", true));
  events.addEventListener("error", async () => {
    status("reconnecting…", false);
    // Sharing stopped and started again: the old code is gone, so join again.
    const probe = await fetch("/api/view", { credentials: "same-origin" }).catch(() => null);
    if (probe && (probe.status === 401 || probe.status === 403)) { events.close(); location.href = "/"; }
  });
}

document.addEventListener("DOMContentLoaded", start);
