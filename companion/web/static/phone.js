// Nightwatch phone view: draws the table's phone view (companion/web/phoneview.py) and, for the host,
// teaches cards and changes settings. One template for every game; the DOM is built with textContent
// only (never HTML from data), so a player's name can never run as code.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const meta = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content || "";
  const csrf = meta("csrf");
  const host = meta("role") === "host";
  let view = null;          // the last phone view
  let me = localStorage.getItem("nightwatch-me") || "";
  let countdown = null;     // {left, at, paused}
  const teachCells = {};    // district -> "red" | "blue"
  let cards = [];
  const DISTRICTS = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"];
  const MOODS = ["night", "day", "dawn", "danger", "occupied"];  // phoneview.MOOD_COLOURS with a pattern
  // the table's token pictures (companion/web/tokens.py TOKENS): only these names go into a URL
  const ICONS = ["agent-hidden", "agent-exposed", "minion", "blood", "blood-point", "sigil", "relic", "kill",
    "ap", "bite", "clock", "veil"];

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  // A player's seat shape in their colour (an SVG polygon the table computed), so colour is never the
  // only mark: attributes only, no markup from data.
  function shape(points, colour) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("class", "shape");
    const poly = document.createElementNS(ns, "polygon");
    poly.setAttribute("points", points || "");
    poly.setAttribute("fill", colour || "#ffffff");
    svg.appendChild(poly);
    return svg;
  }

  // Numbers as the table shows them: its token picture beside each (served by the table, no CDN), the
  // picture's text alternative saying what the number counts ("minions 3" to a screen reader).
  function counts(list) {
    const box = el("span", "counts");
    for (const c of list || []) {
      const item = el("span", "count");
      if (ICONS.includes(c.icon)) {
        const img = el("img", "token");
        img.src = `/static/icons/${c.icon}.png`;
        img.alt = c.label || "";
        img.width = 20;
        img.height = 20;
        item.appendChild(img);
      } else {
        item.appendChild(el("span", "", `${c.label || ""} `));  // a picture we do not have: its words
      }
      item.appendChild(el("span", "n", c.n));
      box.appendChild(item);
    }
    return box;
  }

  function label(key) { return (view && view.labels && view.labels[key]) || ""; }

  function draw(v) {
    view = v;
    $("status").textContent = "";
    $("view").hidden = false;
    for (const key of ["turn", "board", "card", "players", "log", "host", "teach", "settings", "downloads"]) {
      const node = $(key + "-label");
      if (node) node.textContent = label(key);
    }
    $("me-hint").textContent = label("me");
    if (!v.game) {
      $("title").textContent = label("nogame");
      $("where").textContent = "";
      $("turn").textContent = "";
      clear($("board")); clear($("players")); clear($("log"));
      $("card-box").hidden = true;
      drawHost(v);
      return;
    }
    $("title").textContent = v.title || v.game;
    $("where").textContent = [v.phase, v.step].filter(Boolean).join(" \u00b7 ");
    $("turn").textContent = v.outcome ? `${label("over")}: ${v.outcome}` : (v.turn || label("nobody"));
    drawTimer(v.timer);
    drawBoard(v);
    drawCard(v.card);
    drawPlayers(v.players || []);
    drawLog(v.log || []);
    drawHost(v);
  }

  function drawBoard(v) {
    const board = $("board");
    clear(board);
    for (const c of v.board || []) {
      const cell = el("div", "cell");
      cell.dataset.pos = c.pos;
      cell.style.backgroundColor = c.colour;  // (the mood's pattern, phone.css, lies over it)
      cell.style.opacity = String(0.55 + 0.45 * Math.min(1, c.level || 0));
      cell.appendChild(el("div", "name", c.label || c.pos));
      const mood = MOODS.includes(c.mood) ? c.mood : "";
      if (mood) {  // never colour alone: a pattern for every mood, and its word
        cell.classList.add("mood-" + mood);
        cell.appendChild(el("div", "mood", label("mood-" + mood)));
      }
      if ((c.counts || []).length) cell.appendChild(counts(c.counts));
      for (const line of c.lines || []) cell.appendChild(el("div", "", line));
      const dots = el("div", "dots");
      for (const mark of c.marks || []) dots.appendChild(shape(mark.shape, mark.colour));
      cell.appendChild(dots);
      if (me && (c.marks || []).some((m) => m.name === me)) cell.classList.add("mine");
      board.appendChild(cell);
    }
    // the game's board in lines (Masters: its veil; a plugin: its counters), or its counts when it
    // gives them (pictures with numbers, as the table shows them)
    const lines = $("veil");
    clear(lines);
    lines.hidden = !(v.lines || []).length && !(v.counts || []).length;
    if ((v.counts || []).length) lines.appendChild(counts(v.counts));
    else lines.textContent = (v.lines || []).join(" \u00b7 ");
  }

  // A card's grid: each cell named by the district lying there in the game on the table (its grid
  // position only without a game: the box has no name for it then).
  function drawGrid(node, grid, onTap) {
    clear(node);
    const names = {};
    for (const c of (view && view.board) || []) names[c.pos] = c.label;
    for (const pos of DISTRICTS) {
      const colour = grid[pos] || "";
      const where = names[pos] || pos;
      const cell = el("div", "cell " + (colour || "empty"), colour ? `${where}: ${label(colour)}` : where);
      cell.dataset.pos = pos;
      if (onTap) cell.addEventListener("click", () => onTap(pos));
      node.appendChild(cell);
    }
  }

  function drawCard(card) {
    $("card-box").hidden = !card;
    if (!card) return;
    $("card-name").textContent = card.name || "";  // by its name, never its code
    drawGrid($("card"), card.grid || {});
  }

  function drawPlayers(players) {
    const list = $("players");
    clear(list);
    for (const p of players) {
      const item = el("li", [p.turn ? "turn" : "", p.out ? "out" : "", p.name === me ? "me" : ""].join(" ").trim());
      item.appendChild(shape(p.shape, p.colour));
      item.appendChild(el("span", "who", p.out ? `${p.name} (${label("out")})` : p.name));
      if ((p.counts || []).length) item.appendChild(counts(p.counts));
      item.addEventListener("click", () => {
        me = me === p.name ? "" : p.name;
        localStorage.setItem("nightwatch-me", me);
        draw(view);
      });
      list.appendChild(item);
    }
  }

  function drawLog(lines) {
    const log = $("log");
    clear(log);
    for (const line of lines.slice().reverse()) log.appendChild(el("li", "", line));
  }

  function drawTimer(timer) {
    countdown = timer ? { left: timer.left, at: Date.now(), paused: timer.paused } : null;
    tick();
  }

  function tick() {
    const node = $("timer");
    node.hidden = !countdown;
    if (!countdown) return;
    const left = countdown.paused ? countdown.left : Math.max(0, countdown.left - (Date.now() - countdown.at) / 1000);
    const s = Math.ceil(left);
    node.textContent = `${label("time")}: ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` +
      (countdown.paused ? ` (${label("paused")})` : "");
  }

  // -- the host ------------------------------------------------------------------------------------
  let hostReady = false;

  function drawHost(v) {
    if (!host) return;
    $("host").hidden = false;
    for (const key of ["act", "number", "brightness", "volume", "mute", "language"]) $(key + "-label").textContent = label(key);
    $("tap-hint").textContent = label("tapgrid");
    $("teach-save").textContent = label("save");
    $("card-name-input").placeholder = label("name");
    $("dl-story").textContent = label("story");
    $("dl-journal").textContent = label("journal");
    $("dl-taught").textContent = label("taught");
    const s = v.settings || {};
    $("brightness").value = Math.round((s.brightness || 0) * 100);
    $("volume").value = Math.round((s.volume || 0) * 100);
    $("mute").checked = !!s.mute;
    const langs = $("language");
    if (!langs.options.length) {
      for (const [code, name] of Object.entries(v.languages || {})) {
        const option = el("option", "", name);
        option.value = code;
        langs.appendChild(option);
      }
    }
    langs.value = s.language || "en";
    drawGrid($("teach-grid"), teachCells, tapCell);
    drawRename(v);
    if (!hostReady) setUpHost();
  }

  // Rename players: one field per seat, sent as the game's `rename` (the table journals it).
  let renameSeats = "";

  function drawRename(v) {
    const box = $("rename-box");
    box.hidden = !v.game || !v.renames;
    $("rename-label").textContent = label("rename");
    $("rename-save").textContent = label("names");
    const players = v.players || [];
    const key = players.map((p) => p.name).join("\n");
    if (box.hidden || key === renameSeats) return;  // keep what the host is typing until the names change
    renameSeats = key;
    const list = $("rename-list");
    clear(list);
    for (const p of players) {
      const row = el("div", "row");
      row.appendChild(shape(p.shape, p.colour));
      const input = el("input");
      input.maxLength = 24;
      input.value = p.name;
      input.dataset.seat = String(p.seat);
      input.setAttribute("aria-label", p.name);
      row.appendChild(input);
      list.appendChild(row);
    }
  }

  function saveNames() {
    const names = {};
    for (const input of $("rename-list").querySelectorAll("input")) names[input.dataset.seat] = input.value;
    change("/api/rename", { names }).then((ok) => { if (ok) renameSeats = ""; });
  }

  function setUpHost() {
    hostReady = true;
    const numbers = $("number");
    $("act").addEventListener("change", () => { fillCards(); pickCard(); });
    numbers.addEventListener("change", pickCard);
    $("teach-save").addEventListener("click", saveCard);
    $("rename-save").addEventListener("click", saveNames);
    $("brightness").addEventListener("change", (e) => setting("brightness", Number(e.target.value) / 100));
    $("volume").addEventListener("change", (e) => setting("volume", Number(e.target.value) / 100));
    $("mute").addEventListener("change", (e) => setting("mute", e.target.checked));
    $("language").addEventListener("change", (e) => setting("language", e.target.value));
    fetch("/api/cards", { credentials: "same-origin" }).then((r) => r.json()).then((body) => {
      cards = body.cards || [];
      fillCards();
      pickCard();
    }).catch(() => {});
  }

  // The act's cards the table knows (taught), by name, or by their grid in the districts' names when
  // taught without one; first "A new card": it goes to the act's first place nothing was taught into.
  // Never a card's code: the players know a card by its name and its grid.
  function fillCards() {
    const select = $("number");
    const kept = select.value;
    clear(select);
    const fresh = el("option", "", label("newcard"));
    fresh.value = "new";
    select.appendChild(fresh);
    for (const card of cards.filter((c) => c.act === $("act").value && c.taught)) {
      const option = el("option", "", cardWords(card));
      option.value = card.key;
      select.appendChild(option);
    }
    select.value = [...select.options].some((o) => o.value === kept) ? kept : "new";
  }

  function cardWords(card) {
    if (card.name && card.name !== `Card ${card.key}`) return card.name;
    const names = {};
    for (const c of (view && view.board) || []) names[c.pos] = c.label;
    const part = (colour, cells) => (cells || []).length ? `${label(colour)}: ${cells.map((p) => names[p] || p).join(", ")}` : "";
    return [part("red", card.red), part("blue", card.blue)].filter(Boolean).join("; ");
  }

  function cardKey() {
    const chosen = $("number").value;
    if (chosen && chosen !== "new") return chosen;
    const act = $("act").value;
    const taught = new Set(cards.filter((c) => c.taught).map((c) => c.key));
    for (let n = 1; n <= 18; n++) {
      const key = `${act}-${String(n).padStart(2, "0")}`;
      if (!taught.has(key)) return key;
    }
    return `${act}-01`;
  }

  function pickCard() {
    const card = cards.find((c) => c.key === $("number").value);  // a taught one; a new card starts empty
    for (const pos of DISTRICTS) delete teachCells[pos];
    $("card-name-input").value = "";
    if (card) {
      for (const pos of card.red || []) teachCells[pos] = "red";
      for (const pos of card.blue || []) teachCells[pos] = "blue";
      $("card-name-input").value = card.taught ? card.name : "";
    }
    drawGrid($("teach-grid"), teachCells, tapCell);
  }

  function tapCell(pos) {
    const next = { "": "red", red: "blue", blue: "" }[teachCells[pos] || ""];
    if (next) teachCells[pos] = next; else delete teachCells[pos];
    drawGrid($("teach-grid"), teachCells, tapCell);
  }

  function saveCard() {
    const red = DISTRICTS.filter((p) => teachCells[p] === "red");
    const blue = DISTRICTS.filter((p) => teachCells[p] === "blue");
    const body = { card: cardKey(), red, blue };
    const name = $("card-name-input").value.trim();
    if (name) body.name = name;
    change("/api/teach", body).then((ok) => {
      if (ok) fetch("/api/cards", { credentials: "same-origin" }).then((r) => r.json()).then((b) => {
        cards = b.cards || cards;
        fillCards();
      });
    });
  }

  function setting(key, value) { change("/api/settings", { key, value }); }

  function change(path, body) {
    const message = $("host-message");
    message.textContent = "";
    return fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify(Object.assign({ gv: view ? view.gv : -1 }, body)),
    }).then((r) => r.json().catch(() => ({})).then((b) => {
      message.textContent = r.ok ? label("done") : (b.error || String(r.status));
      message.className = r.ok ? "hint" : "problem";
      return r.ok;
    })).catch(() => { message.textContent = label("offline"); return false; });
  }

  // -- the stream ------------------------------------------------------------------------------------
  function connect() {
    const stream = new EventSource("/api/events");
    stream.addEventListener("view", (e) => draw(JSON.parse(e.data)));
    stream.addEventListener("unpaired", () => { stream.close(); window.location.replace("/pair"); });
    stream.onerror = () => { if (view) $("status").textContent = label("offline"); };
  }

  setInterval(tick, 500);
  connect();
})();
