// rin-web's page: the board, the controls and the analysis. The server owns
// the game record and the engine; this page shows what it answers and asks
// it for stones, analysis and records. No library, no build step.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const COLUMNS = "ABCDEFGHJKLMNOPQ";
const CELL = 40;
const MARGIN = 36;
// Without coordinates: the edge points' half cell and a little.
const COMPACT_MARGIN = CELL / 2 + 2;
// Points smaller than this on the screen (CSS px) are too small for a finger
// and their coordinates too small to read: the board drops its coordinates,
// and a tap shows a point's name first and places on a second tap.
const FINGER_PX = 32;
const POLL_MS = 300;
const SGF_MAX_BYTES = 1 << 20;
// The designer's marker points on 16x16 (no effect on play).
const MARKERS_16 = ["G13", "K13", "N10", "N7", "K4", "G4", "D7", "D10"];

const ui = {};
const app = {
  game: null,         // the server's state of the game
  view: null,         // stones shown (null: the whole game)
  busy: false,        // a request that changes the game is under way
  pending: 0,
  thinkingTimer: null,
  paused: false,
  analysis: null,     // {index, candidates, running}
  analysisTimer: null,
  analysisWanted: null,
  threats: null,      // {index, b, w}
  hoverPv: null,
  focus: null,        // vertex with the roving tabindex
  size: 0,
  compact: false,     // the board is drawn without coordinates
  margin: MARGIN,
  picked: null,       // the point a first tap named (compact board, touch)
  pointer: "mouse",   // the kind of the last pointer on the board
  generation: 0,      // bumps with every new game: late answers of an old game are dropped
};

// ---------------------------------------------------------------- server
async function api(path, body, options = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body || {}),
      keepalive: options.keepalive || false,
    });
  } catch (error) {
    throw new Error("The server does not answer (is rin-web still running?)");
  }
  let data;
  try {
    data = await response.json();
  } catch (error) {
    throw new Error(`The server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const failure = new Error(data.error || `HTTP ${response.status}`);
    failure.status = response.status;
    throw failure;
  }
  return data;
}

// ---------------------------------------------------------------- positions
function parsePosition(text) {
  const [board, toMove, stone] = text.split(" ");
  const rows = board.split("/").map((field) => {
    let row = "";
    for (const part of field.match(/\d+|[xo]/g) || []) row += /\d/.test(part) ? ".".repeat(Number(part)) : part;
    return row;
  });
  return {rows, toMove, stone: Number(stone), size: rows.length};
}

function positionAt(index) {
  const game = app.game;
  return parsePosition(index > 0 ? game.moves[index - 1].position : game.start);
}

function vertexOf(column, row, size) { return COLUMNS[column] + (size - row); }
function indexOf(vertex, size) { return [COLUMNS.indexOf(vertex[0]), size - Number(vertex.slice(1))]; }
function markAt(pos, vertex) { const [c, r] = indexOf(vertex, pos.size); return pos.rows[r][c]; }
function countOf(pos, mark) { return pos.rows.reduce((n, row) => n + row.split(mark).length - 1, 0); }
function colorName(color) { return color === "b" ? "Black" : "White"; }
function other(color) { return color === "b" ? "w" : "b"; }

// The colours of the next stones from a position: Rin's turns are B, WW, BB,
// ...; on an empty board Black's opening stone is a turn of its own.
function nextColors(pos, count) {
  let color = pos.toMove, stone = pos.stone;
  let empty = countOf(pos, "x") + countOf(pos, "o") === 0;
  const colors = [];
  for (let i = 0; i < count; i++) {
    colors.push(color);
    if (stone === 1 && !empty) { stone = 2; } else { color = other(color); stone = 1; }
    empty = false;
  }
  return colors;
}

function changedPoints(before, after) {
  const changed = [];
  for (let r = 0; r < after.size; r++)
    for (let c = 0; c < after.size; c++)
      if (before.rows[r][c] !== after.rows[r][c]) changed.push(vertexOf(c, r, after.size));
  return changed;
}

// Stones of the turn that ends with stone `index` (1-based count of stones).
function turnOf(index) {
  if (index === 0) return [];
  const stones = [index];
  if (index >= 2 && positionAt(index - 1).stone === 2) stones.unshift(index - 1);
  return stones;
}

// ---------------------------------------------------------------- the board
function svg(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

function pointXY(vertex, size) {
  const [c, r] = indexOf(vertex, size);
  return [app.margin + c * CELL, app.margin + r * CELL];
}

function compactBoard(size) {
  return ui.board.parentElement.clientWidth / (size + 1) < FINGER_PX;
}

function buildBoard(size) {
  const board = ui.board;
  board.replaceChildren();
  app.size = size;
  app.compact = compactBoard(size);
  app.picked = null;
  const margin = app.margin = app.compact ? COMPACT_MARGIN : MARGIN;
  const extent = margin * 2 + (size - 1) * CELL;
  board.setAttribute("viewBox", `0 0 ${extent} ${extent}`);
  board.setAttribute("aria-label", `Board, ${size} by ${size}. Arrow keys move between points; Enter or Space places a stone.`);
  svg("rect", {class: "bg", x: 0, y: 0, width: extent, height: extent, rx: 8}, board);
  // The safe zone: the edge points, which the opponent can never fill.
  const lo = margin - CELL / 2, hi = margin + (size - 1) * CELL + CELL / 2;
  const ring = `M${lo} ${lo}H${hi}V${hi}H${lo}Z M${lo + CELL} ${lo + CELL}V${hi - CELL}H${hi - CELL}V${lo + CELL}Z`;
  svg("path", {class: "safe", d: ring, "fill-rule": "evenodd"}, board);
  const grid = svg("g", {class: "grid"}, board);
  for (let i = 0; i < size; i++) {
    const p = margin + i * CELL, end = margin + (size - 1) * CELL;
    svg("line", {x1: margin, y1: p, x2: end, y2: p}, grid);
    svg("line", {x1: p, y1: margin, x2: p, y2: end}, grid);
  }
  const coords = svg("g", {"aria-hidden": "true"}, board);
  for (let i = 0; i < size && !app.compact; i++) {
    const p = MARGIN + i * CELL;
    for (const [x, y, text] of [[p, MARGIN / 2 - 4, COLUMNS[i]], [p, extent - MARGIN / 2 + 4, COLUMNS[i]],
                                [MARGIN / 2 - 6, p, String(size - i)], [extent - MARGIN / 2 + 6, p, String(size - i)]])
      svg("text", {class: "coord", x, y}, coords).textContent = text;
  }
  if (size === 16) for (const vertex of MARKERS_16) {
    const [x, y] = pointXY(vertex, size);
    svg("circle", {class: "marker", cx: x, cy: y, r: 3.5}, board);
  }
  ui.fillLayer = svg("g", {}, board);
  ui.threatLayer = svg("g", {}, board);
  ui.stoneLayer = svg("g", {}, board);
  ui.markLayer = svg("g", {}, board);
  ui.hitLayer = svg("g", {}, board);
  ui.candidateLayer = svg("g", {}, board);
  ui.pvLayer = svg("g", {}, board);
  ui.pickLayer = svg("g", {"aria-hidden": "true"}, board);
  ui.points = new Map();
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) {
    const vertex = vertexOf(c, r, size);
    const [x, y] = pointXY(vertex, size);
    const hit = svg("rect", {class: "hit", x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL,
                             role: "button", tabindex: "-1", "data-vertex": vertex, "data-state": "empty"}, ui.hitLayer);
    svg("circle", {class: "hover-ghost none", cx: x, cy: y, r: CELL * 0.45}, ui.hitLayer);
    hit.addEventListener("click", () => { setFocus(vertex, false); tapPoint(vertex); });
    ui.points.set(vertex, hit);
  }
  app.focus = vertexOf(Math.floor((size - 1) / 2), Math.floor(size / 2), size);
  ui.points.get(app.focus).setAttribute("tabindex", "0");
}

function setFocus(vertex, move = true) {
  const old = ui.points.get(app.focus);
  if (old) old.setAttribute("tabindex", "-1");
  app.focus = vertex;
  const point = ui.points.get(vertex);
  point.setAttribute("tabindex", "0");
  if (move) point.focus();
}

function boardKey(event) {
  const target = event.target;
  if (!target.dataset || !target.dataset.vertex) return;
  const [c, r] = indexOf(target.dataset.vertex, app.size);
  const moves = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  if (moves[event.key]) {
    const [dc, dr] = moves[event.key];
    const nc = Math.min(app.size - 1, Math.max(0, c + dc)), nr = Math.min(app.size - 1, Math.max(0, r + dr));
    setFocus(vertexOf(nc, nr, app.size));
    event.preventDefault();
    event.stopPropagation();
  } else if (event.key === "Enter" || event.key === " ") {
    clickPoint(target.dataset.vertex);
    event.preventDefault();
  }
}

function shownIndex() {
  return app.view === null ? app.game.moves.length : app.view;
}

function drawBoard() {
  const game = app.game;
  if (!game) return;
  if (app.size !== game.size || app.compact !== compactBoard(game.size)) buildBoard(game.size);
  const index = shownIndex();
  const pos = positionAt(index);
  const size = pos.size;
  ui.stoneLayer.replaceChildren();
  ui.markLayer.replaceChildren();
  ui.fillLayer.replaceChildren();
  const turn = turnOf(index);
  const turnVertices = new Map(turn.map((i, n) => [game.moves[i - 1].vertex, turn.length === 2 ? n + 1 : 0]));
  // Fills of the last turn shown: points that changed other than its stones.
  const fills = new Set();
  if (turn.length) {
    const before = positionAt(turn[0] - 1);
    for (const vertex of changedPoints(before, pos)) if (!turnVertices.has(vertex)) fills.add(vertex);
  }
  const fresh = app.view === null && app.freshFills;
  for (const vertex of fills) {
    const [x, y] = pointXY(vertex, size);
    svg("rect", {class: "fill-mark" + (fresh ? " fresh" : ""), x: x - CELL / 2 + 2, y: y - CELL / 2 + 2,
                 width: CELL - 4, height: CELL - 4, rx: 4}, ui.fillLayer);
  }
  app.freshFills = false;
  const locked = !humanMayPlay();
  ui.board.classList.toggle("locked", locked);
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) {
    const vertex = vertexOf(c, r, size);
    const mark = pos.rows[r][c];
    const hit = ui.points.get(vertex);
    const ghost = hit.nextSibling;
    let label = vertex;
    if (mark !== ".") {
      const color = mark === "x" ? "b" : "w";
      const [x, y] = pointXY(vertex, size);
      svg("circle", {class: `stone ${color}`, cx: x, cy: y, r: CELL * 0.45}, ui.stoneLayer);
      label += `, ${colorName(color).toLowerCase()} stone`;
      if (turnVertices.has(vertex)) {
        svg("circle", {class: `last-mark on-${color}`, cx: x, cy: y, r: CELL * 0.2}, ui.markLayer);
        const number = turnVertices.get(vertex);
        label += number ? `, stone ${number} of the last turn` : ", last turn";
      }
      if (fills.has(vertex)) label += ", just filled";
      hit.dataset.state = color;
      ghost.setAttribute("class", "hover-ghost none");
    } else {
      label += ", empty";
      hit.dataset.state = "empty";
      ghost.setAttribute("class", locked ? "hover-ghost none" : `hover-ghost stone ${pos.toMove}`);
    }
    hit.setAttribute("aria-label", label);
    hit.setAttribute("aria-disabled", String(locked || mark !== "."));
  }
  drawThreats();
  drawCandidates();
  drawPicked();
}

// A tap on a compact board: the first names the point (a label above it,
// its row and column marked), a second on the same point places the stone.
function tapPoint(vertex) {
  if (!app.compact || app.pointer !== "touch") { clickPoint(vertex); return; }
  if (app.picked === vertex && humanMayPlay() && markAt(positionAt(shownIndex()), vertex) === ".") {
    app.picked = null;
    drawPicked();
    clickPoint(vertex);
    return;
  }
  app.picked = vertex;
  drawPicked();
}

function drawPicked() {
  ui.pickLayer.replaceChildren();
  const vertex = app.picked;
  ui.pointNote.hidden = !vertex;
  if (!vertex || !app.game) return;
  const pos = positionAt(shownIndex());
  const size = pos.size;
  const [x, y] = pointXY(vertex, size);
  const mark = markAt(pos, vertex);
  const place = mark === "." && humanMayPlay();
  const end = app.margin + (size - 1) * CELL;
  svg("line", {class: "pick-line", x1: app.margin, y1: y, x2: end, y2: y}, ui.pickLayer);
  svg("line", {class: "pick-line", x1: x, y1: app.margin, x2: x, y2: end}, ui.pickLayer);
  if (place) svg("circle", {class: `stone pick-ghost ${pos.toMove}`, cx: x, cy: y, r: CELL * 0.45}, ui.pickLayer);
  else svg("circle", {class: "pick-ring", cx: x, cy: y, r: CELL * 0.5}, ui.pickLayer);
  // Above the point, where the finger is not; below it on the top rows.
  const above = indexOf(vertex, size)[1] >= 2;
  const width = 30 * vertex.length + 16, height = 52;
  const extent = app.margin * 2 + (size - 1) * CELL;
  const left = Math.max(2, Math.min(extent - width - 2, x - width / 2));
  const top = above ? y - CELL * 0.7 - height : y + CELL * 0.7;
  svg("rect", {class: "pick-label", x: left, y: top, width, height, rx: 8}, ui.pickLayer);
  svg("text", {class: "pick-text", x: left + width / 2, y: top + height / 2}, ui.pickLayer).textContent = vertex;
  const what = mark === "x" ? "a black stone" : mark === "o" ? "a white stone" : "empty";
  ui.pointNote.textContent = place ? `${vertex}: tap it again to place ${colorName(pos.toMove)}'s stone`
                                   : `${vertex}: ${what}`;
}

function drawThreats() {
  ui.threatLayer.replaceChildren();
  const threats = app.threats;
  if (!ui.threatsToggle.checked || !threats || threats.index !== shownIndex()) return;
  const size = app.game.size;
  for (const color of ["b", "w"]) {
    const area = new Set();
    for (const threat of threats[color]) for (const vertex of threat.fills) area.add(vertex);
    for (const vertex of area) {
      const [x, y] = pointXY(vertex, size);
      svg("rect", {class: `threat-area ${color}`, x: x - CELL / 2 + (color === "b" ? 3 : 9),
                   y: y - CELL / 2 + (color === "b" ? 3 : 9), width: CELL - (color === "b" ? 6 : 18),
                   height: CELL - (color === "b" ? 6 : 18), rx: 3}, ui.threatLayer);
    }
    for (const threat of threats[color]) {
      const [x, y] = pointXY(threat.vertex, size);
      const key = svg("circle", {class: `threat-key ${color}`, cx: x, cy: y, r: CELL * 0.38}, ui.threatLayer);
      svg("title", {}, key).textContent = `${colorName(color)} here fills ${threat.fills.length}`;
    }
  }
}

function formatScore(score, exact) {
  const text = (score > 0 ? "+" : "") + (exact ? String(score) : score.toFixed(1));
  return exact ? text + "!" : text;
}

function drawCandidates() {
  ui.candidateLayer.replaceChildren();
  ui.pvLayer.replaceChildren();
  const analysis = app.analysis;
  const index = shownIndex();
  if (!ui.analyseToggle.checked || !analysis || analysis.index !== index) return;
  const size = app.game.size;
  const pos = positionAt(index);
  analysis.candidates.forEach((candidate, n) => {
    if (markAt(pos, candidate.vertex) !== ".") return;
    const [x, y] = pointXY(candidate.vertex, size);
    const group = svg("g", {class: "candidate" + (n === 0 ? " best" : ""), "data-vertex": candidate.vertex,
                            "aria-hidden": "true"}, ui.candidateLayer);
    svg("circle", {cx: x, cy: y, r: CELL * 0.44}, group);
    svg("text", {x, y}, group).textContent = formatScore(candidate.score, candidate.exact);
    svg("title", {}, group).textContent =
      `${candidate.vertex}: ${formatScore(candidate.score, candidate.exact)} for ${colorName(pos.toMove)} at depth ${candidate.depth}; PV ${candidate.pv.join(" ")}`;
    group.addEventListener("mouseenter", () => showPv(candidate));
    group.addEventListener("mouseleave", () => showPv(null));
    group.addEventListener("click", () => tapPoint(candidate.vertex));
  });
  if (app.hoverPv) drawPv(app.hoverPv, pos);
}

function showPv(candidate) {
  app.hoverPv = candidate;
  ui.board.classList.toggle("pv-shown", Boolean(candidate));
  ui.pvLayer.replaceChildren();
  if (candidate && app.game) drawPv(candidate, positionAt(shownIndex()));
}

function drawPv(candidate, pos) {
  const colors = nextColors(pos, candidate.pv.length);
  candidate.pv.forEach((vertex, n) => {
    if (!/^[A-Q]\d+$/.test(vertex)) return;
    const [x, y] = pointXY(vertex, pos.size);
    svg("circle", {class: `stone pv-stone ${colors[n]}`, cx: x, cy: y, r: CELL * 0.42}, ui.pvLayer);
    svg("text", {class: `pv-num on-${colors[n]}`, x, y}, ui.pvLayer).textContent = n + 1;
  });
}

// ---------------------------------------------------------------- the rest of the page
function mode() { return ui.mode.value; }

function engineColor(color) {
  const m = app.gameMode || mode();
  return m === "engines" || (m === "black" && color === "w") || (m === "white" && color === "b");
}

function humanMayPlay() {
  const game = app.game;
  return game && !game.over && !app.busy && app.view === null && !engineColor(game.toMove);
}

function drawStatus() {
  const game = app.game;
  const index = shownIndex();
  const pos = positionAt(index);
  ui.countBlack.textContent = countOf(pos, "x");
  ui.countWhite.textContent = countOf(pos, "o");
  ui.countEmpty.textContent = countOf(pos, ".");
  let status;
  if (game.over) {
    const b = game.black, w = game.white;
    if (game.resigned) status = `${colorName(game.resigned)} resigned: ${game.result}`;
    else if (game.result === "0") status = `Draw, ${b}–${w}`;
    else status = `${game.result[0] === "B" ? "Black" : "White"} wins ${game.result} (${b}–${w})`;
    ui.result.textContent = game.result ? `Result ${game.result}` : "";
  } else {
    ui.result.textContent = "";
    const who = engineColor(game.toMove) && mode() !== "humans" ? `${colorName(game.toMove)} (engine)` : colorName(game.toMove);
    const opening = game.moves.length === 0 && game.toMove === "b" && game.stone === 1 && countOf(pos, "x") === 0;
    const which = opening ? "the opening stone" : `stone ${game.stone} of 2`;
    status = `${who} to play, ${which}`;
  }
  if (app.paused && !game.over && (app.gameMode || mode()) === "engines")
    status = `Paused (Continue goes on): ${status}`;
  if (app.view !== null) status = `Viewing stone ${index} of ${game.moves.length}. ${status}`;
  if (app.starting) status = "Starting a new game…";
  ui.status.textContent = status;
  ui.positionLabel.textContent = index === 0 ? "Start" : `Stone ${index} / ${game.moves.length}`;
  ui.first.disabled = ui.prev.disabled = index === 0;
  ui.next.disabled = ui.last.disabled = index === game.moves.length;
  // A resignation ends the game for good: New game starts the next.
  ui.undo.disabled = app.busy || game.moves.length === 0 || Boolean(game.resigned);
  ui.resign.disabled = app.busy || game.over;
  ui.pause.hidden = (app.gameMode || mode()) !== "engines" || game.over;
  ui.pause.textContent = app.paused ? "Continue" : "Pause";
  ui.download.href = `/api/sgf?game=${encodeURIComponent(game.game)}&players=${app.gameMode || mode()}`;
  document.body.dataset.busy = app.busy ? "true" : "false";
  document.body.dataset.over = game.over ? "true" : "false";
}

function drawMoves() {
  const game = app.game;
  ui.moves.replaceChildren();
  let item = null, turn = 0;
  game.moves.forEach((move, n) => {
    const before = positionAt(n);
    if (!item || before.stone === 1) {
      turn += 1;
      item = document.createElement("li");
      item.value = turn;
      const swatch = document.createElement("span");
      swatch.className = `swatch ${move.color}`;
      swatch.setAttribute("aria-hidden", "true");
      item.appendChild(swatch);
      ui.moves.appendChild(item);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move.vertex;
    button.dataset.index = n + 1;
    button.setAttribute("aria-label", `Stone ${n + 1}: ${colorName(move.color)} ${move.vertex}`);
    if (shownIndex() === n + 1) button.setAttribute("aria-current", "step");
    button.addEventListener("click", () => browse(n + 1));
    item.appendChild(button);
    const after = parsePosition(move.position);
    const filled = changedPoints(before, after).length - 1;
    if (filled > 0) {
      const note = document.createElement("span");
      note.className = "fills";
      note.textContent = `+${filled}`;
      note.title = `filled ${filled}`;
      item.appendChild(note);
    }
  });
  // Keeps the current stone in sight by scrolling the list, not the page.
  const current = ui.moves.querySelector('[aria-current="step"]');
  if (current) {
    const list = ui.moves.getBoundingClientRect(), item = current.getBoundingClientRect();
    if (item.bottom > list.bottom) ui.moves.scrollTop += item.bottom - list.bottom;
    else if (item.top < list.top) ui.moves.scrollTop -= list.top - item.top;
  }
}

function drawGraph() {
  const game = app.game;
  const graph = ui.graph;
  graph.replaceChildren();
  const width = 400, height = 140, pad = 18;
  graph.setAttribute("viewBox", `0 0 ${width} ${height}`);
  graph.setAttribute("preserveAspectRatio", "none");
  const total = Math.max(game.moves.length, 1);
  const points = Object.entries(game.scores).map(([i, s]) => [Number(i), s]).sort((a, b) => a[0] - b[0]);
  const top = Math.max(2, ...points.map(([, s]) => Math.abs(s.score)));
  const x = (i) => pad + (i / total) * (width - 2 * pad);
  const y = (v) => height / 2 - (v / top) * (height / 2 - 8);
  svg("line", {class: "axis", x1: pad, y1: y(0), x2: width - pad, y2: y(0)}, graph);
  svg("text", {class: "label", x: 2, y: 10}, graph).textContent = `B +${top.toFixed(0)}`;
  svg("text", {class: "label", x: 2, y: height - 3}, graph).textContent = `W +${top.toFixed(0)}`;
  if (points.length) {
    const d = points.map(([i, s], n) => `${n ? "L" : "M"}${x(i).toFixed(1)} ${y(s.score).toFixed(1)}`).join(" ");
    svg("path", {class: "area-b", d: `${d} L${x(points[points.length - 1][0]).toFixed(1)} ${y(0)} L${x(points[0][0]).toFixed(1)} ${y(0)} Z`}, graph);
    svg("path", {class: "line", d}, graph);
    for (const [i, s] of points)
      svg("circle", {class: "dot" + (s.exact ? " exact" : ""), cx: x(i), cy: y(s.score), r: 2.2}, graph);
  }
  const cursor = x(shownIndex());
  svg("line", {class: "cursor", x1: cursor, y1: 0, x2: cursor, y2: height}, graph);
  const known = points.filter(([i]) => i === shownIndex());
  graph.setAttribute("aria-label", `Score graph over ${game.moves.length} stones` +
    (known.length ? `; at this stone ${formatScore(known[0][1].score, known[0][1].exact)} for Black` : ""));
  graph.onclick = (event) => {
    const box = graph.getBoundingClientRect();
    const fraction = (event.clientX - box.left) / box.width;
    const i = Math.round(((fraction * width - pad) / (width - 2 * pad)) * total);
    browse(Math.max(0, Math.min(game.moves.length, i)));
  };
}

function drawCandidateList() {
  ui.candidates.replaceChildren();
  const analysis = app.analysis;
  const index = shownIndex();
  if (!ui.analyseToggle.checked) { ui.analysisStatus.textContent = ""; return; }
  if (!analysis || analysis.index !== index) { ui.analysisStatus.textContent = app.game.over && index === app.game.moves.length ? "The board is full." : "…"; return; }
  const pos = positionAt(index);
  for (const [n, candidate] of analysis.candidates.entries()) {
    const item = document.createElement("li");
    item.tabIndex = 0;
    item.className = "candidate-item";
    item.textContent = `${candidate.vertex} ${formatScore(candidate.score, candidate.exact)} (depth ${candidate.depth}) ${candidate.pv.slice(0, 8).join(" ")}`;
    if (n === 0) item.setAttribute("aria-label", `Best: ${item.textContent}`);
    item.addEventListener("mouseenter", () => showPv(candidate));
    item.addEventListener("focus", () => showPv(candidate));
    item.addEventListener("mouseleave", () => showPv(null));
    item.addEventListener("blur", () => showPv(null));
    ui.candidates.appendChild(item);
  }
  // The depth is the deepest search the engine reported, which climbs as it goes.
  const best = analysis.candidates[0];
  const end = analysis.running ? (best ? ", searching deeper…" : "") : analysis.stopped ? " — stopped" : " — done";
  ui.analysisStatus.textContent = analysis.error ? `Analysis stopped: ${analysis.error}` :
    (best ? `${colorName(pos.toMove)} to play: best ${best.vertex}, ${formatScore(best.score, best.exact)} stones at depth ${best.depth}` : "Thinking…") +
    end;
}

function render() {
  if (!app.game) return;
  drawBoard();
  drawStatus();
  drawMoves();
  drawGraph();
  drawCandidateList();
}

// Notices show at the top of the window, over the page, until dismissed or
// the next action.
function showNotice(text, kind = "error") {
  ui.noticeText.textContent = text;
  ui.notice.className = `notice ${kind}`;
  ui.notice.hidden = !text;
}

// The game as a record the engine reads back (protocol/PROTOCOL.md, "Game records").
function recordOf(state) {
  const size = state.size;
  const point = (vertex) => {
    const [c, r] = indexOf(vertex, size);
    return String.fromCharCode(97 + c) + String.fromCharCode(97 + r);
  };
  const start = state.start === `${Array(size).fill(size).join("/")} b 1` ? "" : `RP[${state.start}]`;
  return `(;GN[Rin]RU[Rin]SZ[${size}]${start}` +
    state.moves.map((m) => `;${m.color.toUpperCase()}[${point(m.vertex)}]`).join("") + ")";
}

// A reload of the page keeps the game, its score graph and the overlays
// shown: they are kept in this tab's storage and opened again (the server
// ends the old game's engine when the page goes).
function saveGame(state) {
  if (!state) return;
  try {
    sessionStorage.setItem("rin-web-game", JSON.stringify({
      mode: app.gameMode, record: recordOf(state), movetime: state.movetime, scores: state.scores,
      analyse: ui.analyseToggle.checked, threats: ui.threatsToggle.checked, seconds: ui.analysisSeconds.value}));
  } catch (error) { /* storage is a convenience */ }
}

function savedGame() {
  try { return JSON.parse(sessionStorage.getItem("rin-web-game") || "null"); } catch (error) { return null; }
}

function setState(state) {
  const grew = app.game && state.moves.length > app.game.moves.length;
  if (!app.game || state.game !== app.game.game || state.moves.length !== app.game.moves.length) app.picked = null;
  app.game = state;
  saveGame(state);
  if (app.view !== null && app.view > state.moves.length) app.view = null;
  if (grew) app.freshFills = true;
  if (state.notices && state.notices.length) showNotice(state.notices.join(" "), "info");
}

// ---------------------------------------------------------------- actions
async function run(action, force = false) {
  // One change of the game at a time (but a new game may always start: the
  // server ends the old game's engine, and the old request's answer is
  // dropped); the page stays live meanwhile.
  if (app.busy && !force) return false;
  app.pending += 1;
  app.busy = true;
  if (app.game) render();
  const generation = app.generation;
  try {
    await action(generation);
    return generation === app.generation;
  } catch (error) {
    if (generation === app.generation) showNotice(error.message);
    return false;
  } finally {
    app.pending -= 1;
    app.busy = app.pending > 0;
    if (app.game) render();
  }
}

async function newGame() {
  stopAnalysisPolling();
  app.generation += 1;
  const replaces = app.game ? app.game.game : undefined;
  const newMode = mode();
  app.paused = false;
  app.view = null;
  app.analysis = null;
  app.threats = null;
  showNotice("");
  stopThinking();
  app.starting = true;
  const generation = app.generation;
  const ok = await run(async (generation) => {
    const state = await api("/api/new", {size: Number(ui.size.value), movetime: Number(ui.movetime.value), replaces});
    if (generation !== app.generation) return;
    app.game = null;
    app.gameMode = newMode;
    app.starting = false;
    setState(state);
  }, true);
  if (!ok && generation === app.generation) {
    app.starting = false;
    if (app.game) render();
    else ui.status.textContent = "No game: New game tries again.";
  }
  if (ok) afterChange();
}

async function clickPoint(vertex) {
  const game = app.game;
  if (!game) return;
  if (app.view !== null) { showNotice("You are looking at an earlier stone: go to the game now (End) to play.", "info"); return; }
  if (game.over || app.busy || engineColor(game.toMove)) return;
  if (markAt(positionAt(game.moves.length), vertex) !== ".") return;
  showNotice("");
  const color = game.toMove;
  const ok = await run(async (generation) => {
    // The stone shows at once; the answer (with any fills) replaces it.
    const [x, y] = pointXY(vertex, game.size);
    svg("circle", {class: `stone ${color}`, cx: x, cy: y, r: CELL * 0.45}, ui.stoneLayer);
    const state = await api("/api/play", {game: game.game, vertex});
    if (generation === app.generation) setState(state);
  });
  if (ok) afterChange();
}

// After every change: the engine's turn, the overlays.
function afterChange() {
  render();
  if (!app.game) return;
  if (!app.game.over && engineColor(app.game.toMove) && !app.paused && app.view === null) {
    engineMove();
    return;
  }
  refreshOverlays();
}

async function engineMove() {
  const game = app.game;
  stopAnalysisPolling();
  startThinking(game.game);
  const ok = await run(async (generation) => {
    try {
      const state = await api("/api/genmove", {game: game.game});
      if (generation === app.generation) setState(state);
    } finally {
      if (generation === app.generation) stopThinking();
    }
  });
  if (ok) afterChange();
}

function startThinking(gameId) {
  stopThinking();
  ui.thinking.hidden = false;
  ui.thinkingText.textContent = "Engine thinking…";
  const started = performance.now();
  app.thinkingTimer = setInterval(async () => {
    try {
      const data = await api("/api/thinking", {game: gameId});
      if (ui.thinking.hidden) return;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const t = data.thinking;
      ui.thinkingText.textContent = t ? `Engine thinking ${seconds} s: depth ${t.depth}, score ${formatScore(t.score, t.exact)} for the side to move, ${t.pv.slice(0, 4).join(" ")}`
                                      : `Engine thinking ${seconds} s`;
    } catch (error) { /* the move request reports failures */ }
  }, POLL_MS);
}

function stopThinking() {
  clearInterval(app.thinkingTimer);
  app.thinkingTimer = null;
  ui.thinking.hidden = true;
}

async function undo() {
  const game = app.game;
  if (!game || app.busy) return;
  stopAnalysisPolling();
  app.view = null;
  const ok = await run(async (generation) => {
    let state = await api("/api/undo", {game: game.game, turns: 1});
    // Against the engine, back to your own turn.
    const m = app.gameMode;
    if ((m === "black" || m === "white") && state.moves.length && engineColor(state.toMove))
      state = await api("/api/undo", {game: game.game, turns: 1});
    if (generation === app.generation) setState(state);
  });
  if (ok) {
    if (app.gameMode === "engines") app.paused = true;
    afterChange();
  }
}

async function resign() {
  const game = app.game;
  if (!game || game.over) return;
  const m = app.gameMode;
  const color = m === "black" ? "b" : m === "white" ? "w" : game.toMove;
  if (!window.confirm(`Resign for ${colorName(color)}?`)) return;
  const ok = await run(async () => setState(await api("/api/resign", {game: game.game, color})));
  if (ok) afterChange();
}

async function openSgf(file) {
  if (!file || !app.game) return;
  if (file.size > SGF_MAX_BYTES) { showNotice(`${file.name}: larger than 1 MiB, the engine's limit`); return; }
  const text = await file.text();
  stopAnalysisPolling();
  app.view = null;
  app.analysis = null;
  app.threats = null;
  const ok = await run(async () => {
    const state = await api("/api/loadsgf", {game: app.game.game, sgf: text, name: file.name});
    setState(state);
    app.gameMode = "humans";
    ui.mode.value = "humans";
    showNotice(`Opened ${file.name}: ${state.moves.length} stones. Both sides are now played here; choose Players and New game to play the engine.`, "info");
  });
  ui.openSgf.value = "";
  if (ok) afterChange();
}

function browse(index) {
  if (!app.game) return;
  const last = app.game.moves.length;
  index = Math.max(0, Math.min(last, index));
  app.view = index === last ? null : index;
  app.hoverPv = null;
  app.picked = null;
  render();
  refreshOverlays();
  if (app.view === null && engineColor(app.game.toMove) && !app.game.over && !app.busy && !app.paused) engineMove();
}

// ---------------------------------------------------------------- analysis
function refreshOverlays() {
  if (!app.game) return;
  const index = shownIndex();
  if (ui.threatsToggle.checked && !(app.threats && app.threats.index === index)) loadThreats(index);
  if (ui.analyseToggle.checked) startAnalysis(index);
  else stopAnalysis();
  render();
}

async function loadThreats(index) {
  const gameId = app.game.game;
  try {
    const threats = await api("/api/threats", {game: gameId, index});
    if (app.game && app.game.game === gameId) { app.threats = threats; drawBoard(); }
  } catch (error) {
    showNotice(error.message);
  }
}

async function startAnalysis(index) {
  if (app.busy || !app.game) return;
  if (app.analysis && app.analysis.index === index && (app.analysis.running || app.analysisWanted === index)) return;
  if (positionAt(index).rows.every((row) => !row.includes("."))) { app.analysis = null; render(); return; }
  stopAnalysisPolling();
  app.analysisWanted = index;
  const gameId = app.game.game;
  try {
    const status = await api("/api/analyze", {game: gameId, index, seconds: Number(ui.analysisSeconds.value)});
    app.analysis = status;
  } catch (error) {
    showNotice(error.message);
    return;
  }
  pollAnalysis(gameId);
}

function pollAnalysis(gameId) {
  stopAnalysisPolling();
  app.analysisTimer = setInterval(async () => {
    try {
      const status = await api("/api/analysis", {game: gameId});
      if (!app.game || app.game.game !== gameId) return;
      app.analysis = status;
      if (status.index !== null && status.candidates.length) {
        const best = status.candidates[0];
        const color = positionAt(status.index).toMove;
        app.game.scores[String(status.index)] = {score: color === "b" ? best.score : -best.score, depth: best.depth, exact: best.exact};
      }
      drawCandidates();
      drawCandidateList();
      drawGraph();
      if (!status.running) stopAnalysisPolling();
    } catch (error) {
      stopAnalysisPolling();
    }
  }, POLL_MS);
}

function stopAnalysisPolling() {
  clearInterval(app.analysisTimer);
  app.analysisTimer = null;
}

async function stopAnalysis() {
  stopAnalysisPolling();
  app.analysisWanted = null;
  if (app.analysis && app.analysis.running && app.game) {
    try { app.analysis = await api("/api/analyze-stop", {game: app.game.game}); } catch (error) { /* shown elsewhere */ }
  }
}

// A second of analysis for every position without a score, one after the
// other, for the graph (like "analyse game" in Lizzie or Sabaki). Any other
// action stops it.
async function graphGame() {
  if (app.graphing) { app.graphing = false; return; }
  if (!app.game || app.busy) return;
  const gameId = app.game.game, generation = app.generation;
  const going = () => app.graphing && generation === app.generation && !app.busy;
  app.graphing = true;
  ui.graphGame.textContent = "Stop graphing";
  stopAnalysisPolling();
  try {
    for (let index = 0; index <= app.game.moves.length && going(); index++) {
      if (app.game.scores[String(index)] || !positionAt(index).rows.some((row) => row.includes("."))) continue;
      ui.analysisStatus.textContent = `Graphing: stone ${index} of ${app.game.moves.length}…`;
      let status = await api("/api/analyze", {game: gameId, index, seconds: 1});
      while (status.running && going()) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        status = await api("/api/analysis", {game: gameId});
      }
      if (!going()) break;
      const best = status.index === index ? status.candidates[0] : null;
      if (best) {
        const color = positionAt(index).toMove;
        app.game.scores[String(index)] = {score: color === "b" ? best.score : -best.score, depth: best.depth, exact: best.exact};
        drawGraph();
      }
    }
  } catch (error) {
    showNotice(error.message);
  } finally {
    app.graphing = false;
    ui.graphGame.textContent = "Graph the game";
    ui.analysisStatus.textContent = "";
    if (generation === app.generation) { app.analysis = null; refreshOverlays(); }
  }
}

// ---------------------------------------------------------------- start
function bind() {
  for (const id of ["board", "status", "size", "mode", "movetime", "moves", "graph", "candidates", "notice",
                    "thinking", "undo", "resign", "pause", "first", "prev", "next", "last", "result"])
    ui[id] = document.getElementById(id);
  ui.countBlack = document.getElementById("count-black");
  ui.countWhite = document.getElementById("count-white");
  ui.countEmpty = document.getElementById("count-empty");
  ui.thinkingText = document.getElementById("thinking-text");
  ui.noticeText = document.getElementById("notice-text");
  ui.pointNote = document.getElementById("point-note");
  document.getElementById("notice-close").addEventListener("click", () => showNotice(""));
  ui.board.addEventListener("pointerdown", (event) => { app.pointer = event.pointerType; });
  window.addEventListener("resize", () => {
    if (app.game && app.compact !== compactBoard(app.game.size)) render();
  });
  ui.positionLabel = document.getElementById("position-label");
  ui.download = document.getElementById("download-sgf");
  ui.openSgf = document.getElementById("open-sgf");
  ui.analyseToggle = document.getElementById("analyse");
  ui.threatsToggle = document.getElementById("threats");
  ui.analysisSeconds = document.getElementById("analysis-seconds");
  ui.analysisStatus = document.getElementById("analysis-status");
  ui.graphGame = document.getElementById("graph-game");
  ui.graphGame.addEventListener("click", graphGame);
  for (let n = 4; n <= 16; n++) {
    const option = document.createElement("option");
    option.value = n;
    option.textContent = `${n}×${n}`;
    ui.size.appendChild(option);
  }
  ui.size.value = "8";
  document.querySelectorAll("[data-size]").forEach((button) =>
    button.addEventListener("click", () => { ui.size.value = button.dataset.size; newGame(); }));
  document.getElementById("new-game").addEventListener("click", newGame);
  ui.board.addEventListener("keydown", boardKey);
  ui.undo.addEventListener("click", undo);
  ui.resign.addEventListener("click", resign);
  ui.pause.addEventListener("click", () => { app.paused = !app.paused; afterChange(); });
  ui.first.addEventListener("click", () => browse(0));
  ui.prev.addEventListener("click", () => browse(shownIndex() - 1));
  ui.next.addEventListener("click", () => browse(shownIndex() + 1));
  ui.last.addEventListener("click", () => browse(app.game ? app.game.moves.length : 0));
  ui.openSgf.addEventListener("change", () => openSgf(ui.openSgf.files[0]));
  ui.analyseToggle.addEventListener("change", () => { app.analysisWanted = null; refreshOverlays(); saveGame(app.game); });
  ui.threatsToggle.addEventListener("change", () => { refreshOverlays(); saveGame(app.game); });
  ui.analysisSeconds.addEventListener("change", () => {
    app.analysis = null; app.analysisWanted = null; refreshOverlays(); saveGame(app.game);
  });
  ui.movetime.addEventListener("change", async () => {
    if (!app.game) return;
    try { setState(await api("/api/settings", {game: app.game.game, movetime: Number(ui.movetime.value)})); }
    catch (error) { showNotice(error.message); }
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea, svg, .candidates")) return;
    const keys = {ArrowLeft: () => browse(shownIndex() - 1), ArrowRight: () => browse(shownIndex() + 1),
                  Home: () => browse(0), End: () => browse(app.game.moves.length)};
    if (keys[event.key] && app.game) { keys[event.key](); event.preventDefault(); }
  });
  window.addEventListener("pagehide", () => {
    saveGame(app.game); // with the scores an analysis or the graphing added since
    if (app.game) api("/api/close", {game: app.game.game}, {keepalive: true}).catch(() => {});
  });
  // A page left open keeps its game: a quiet request now and then.
  setInterval(() => { if (app.game && !app.busy) api("/api/state", {game: app.game.game}).catch(() => {}); }, 60000);
}

async function start() {
  bind();
  try {
    const info = await api("/api/info", {});
    const wanted = String(info.defaultMovetime);
    if (![...ui.movetime.options].some((o) => o.value === wanted)) {
      const option = document.createElement("option");
      option.value = wanted;
      option.textContent = `${info.defaultMovetime / 1000} s a stone`;
      ui.movetime.appendChild(option);
    }
    ui.movetime.value = wanted;
  } catch (error) {
    showNotice(error.message);
  }
  const saved = savedGame();
  if (saved && saved.mode) ui.mode.value = saved.mode;
  if (saved && [...ui.movetime.options].some((o) => o.value === String(saved.movetime)))
    ui.movetime.value = String(saved.movetime);
  if (saved && saved.record) {
    const size = /SZ\[(\d+)\]/.exec(saved.record);
    if (size) ui.size.value = size[1];
  }
  if (saved) {
    ui.analyseToggle.checked = Boolean(saved.analyse);
    ui.threatsToggle.checked = Boolean(saved.threats);
    if ([...ui.analysisSeconds.options].some((o) => o.value === saved.seconds)) ui.analysisSeconds.value = saved.seconds;
  }
  await newGame();
  if (saved && saved.record && app.game && /;[BW]\[/.test(saved.record)) {
    const ok = await run(async () => setState(await api("/api/loadsgf", {
      game: app.game.game, sgf: saved.record, name: "the saved game", scores: saved.scores || {}})));
    if (ok) afterChange();
  }
}

document.addEventListener("DOMContentLoaded", start);
