// cpswiss serve: the arbiter's page. Plain JavaScript over the JSON API (/docs).
"use strict";

const $ = (id) => document.getElementById(id);
// system: null for an individual system, "team" or "double-swiss" for a file of matches (matches.js)
const page = { trf: null, name: null, state: null, pairing: null, account: null, decisions: null, system: null };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : String(c ?? ""));
  return node;
}

function status(text) { $("status").textContent = text; }

function showError(data) {
  const box = $("error");
  box.textContent = data ? data.error : "";
  box.hidden = !data;
}

async function api(path, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    return { ok: false, status: 0, data: { error: "the server does not answer: " + e.message, details: [] } };
  }
  const data = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, data };
}

function common() {
  const body = { trf: page.trf, name: page.name };
  if ($("rules").value) body.rules = $("rules").value;
  if ($("accelerate").value && !$("accelerate").disabled) body.accelerate = $("accelerate").value;
  return body;
}

async function busy(button, text, work) {
  const buttons = document.querySelectorAll("button");
  buttons.forEach((b) => { b.dataset.was = b.disabled; b.disabled = true; });
  status(text);
  const started = performance.now();
  try {
    return await work();
  } finally {
    buttons.forEach((b) => { b.disabled = b.dataset.was === "true"; });
    document.body.dataset.lastMs = Math.round(performance.now() - started);
  }
}

// ---------------------------------------------------------------- loading

async function loadText(text, name) {
  page.trf = text;
  page.name = name;
  page.pairing = page.account = page.decisions = null;
  clearRound();
  showError(null);
  await showState();
  await showRanking(true);  // standings.js
}

async function showState() {
  const r = await busy(null, "Reading the tournament…", () => api("/api/state", common()));
  if (!r.ok) {
    showError(r.data);
    status("The file could not be read.");
    return;
  }
  const s = r.data;
  page.state = s;
  page.system = s.system || null;
  $("accelerate").disabled = page.system === "team";  // a team file asks for Baku by its record 192
  $("state-round").textContent = `${s.round}${s.total_rounds ? " of " + s.total_rounds : ""}`;
  $("round-no").textContent = s.round;
  $("state-rules").textContent = s.rule_set;
  for (const id of ["standings", "round", "tools"]) $(id).hidden = false;
  if (page.system) {
    status(`${page.name}: ${showMatchState(s)}, round ${s.round} to pair.`);
    return;
  }
  showStateHeader(null);
  const body = $("state-table").tBodies[0];
  body.replaceChildren(...s.players.map((p) => el("tr", { class: p.available ? "" : "absent", "data-id": p.id },
    el("td", {}, p.id), el("td", {}, p.name), el("td", { class: "num" }, p.score),
    el("td", { class: "mono" }, p.colours), el("td", {}, p.preference),
    el("td", { class: "mono" }, `${p.float_1}${p.float_2}`), el("td", {}, restrictions(p)))));
  for (const id of ["standings", "round", "tools"]) $(id).hidden = false;
  status(`${page.name}: ${s.players.length} players, round ${s.round} to pair.`);
}

function restrictions(p) {
  if (!p.available) return "absent: not paired";
  const out = [];
  const barred = [p.opponents, p.forbidden].filter(Boolean).join(" ");
  if (barred) out.push(`meet ${barred}`);
  if (!p.bye_eligible) out.push("take the bye");
  if (p.strength === "absolute") out.push(`play ${p.preference === "W" ? "black" : "white"}`);
  return out.join("; ");
}

function readFile(file) {
  const reader = new FileReader();
  reader.onload = () => loadText(reader.result, file.name);
  reader.readAsText(file);
}

// ---------------------------------------------------------------- pairing

function clearRound() {
  $("boards").tBodies[0].replaceChildren();
  for (const id of ["why", "impossible", "whatif-report", "verdict"]) $(id).hidden = true;
  $("account-text").textContent = "(pair the round first)";
  $("download-pairing").disabled = $("download-trf").disabled = true;
  $("check-table").hidden = true;
}

function decisionsFromForm() {
  const pairs = (id) => $(id).value.split(/[\s,;]+/).filter(Boolean);
  const numbers = (id) => pairs(id).map(Number);
  const d = { fix: pairs("wi-fix"), forbid: pairs("wi-forbid"), absent: numbers("wi-absent") };
  if ($("wi-bye").value.trim()) d.bye = Number($("wi-bye").value.trim());
  return d;
}

async function pair(decisions) {
  page.decisions = decisions || null;
  const body = Object.assign(common(), decisions || {});
  const r = await busy(null, "Pairing…", () => api("/api/pair", body));
  clearRound();
  if (!r.ok) {
    if (r.status === 409) return noPairing(r.data);
    showError(r.data);
    status("The round was not paired.");
    return;
  }
  showError(null);
  page.pairing = r.data;
  if (page.system) {
    showMatches(r.data);
    status(`Round ${r.data.round} paired: ${r.data.matches.length} matches` +
      (r.data.bye ? `, bye to ${r.data.bye.id}` : "") + ` (${document.body.dataset.lastMs} ms).`);
    return explainInBackground(body);
  }
  showBoards(r.data);
  status(`Round ${r.data.round} paired: ${r.data.boards.length} boards` +
    (r.data.bye ? `, bye to ${r.data.bye.id}` : "") + ` (${document.body.dataset.lastMs} ms).`);
  explainInBackground(body);
}

function playerButton(id, name, what) {
  return el("button", { type: "button", class: "link", "data-why": what, "data-id": id,
    onclick: () => why(what, id) }, `${id} ${name}`);
}

function showBoards(p) {
  $("pair-rules").textContent = p.rule_set;
  $("boards").tHead.rows[0].cells[0].textContent = "Board";
  const changed = changedBoards(p);
  const rows = p.boards.map((b) => el("tr", { class: changed.has(key(b.white, b.black)) ? "changed" : "" },
    el("td", { class: "num" }, b.board),
    el("td", {}, playerButton(b.white, b.white_name, "player")), el("td", { class: "num" }, b.white_score),
    el("td", {}, playerButton(b.black, b.black_name, "player")), el("td", { class: "num" }, b.black_score),
    el("td", {}, el("button", { type: "button", class: "why-board", "data-board": b.board,
      "aria-label": `Why board ${b.board}`, onclick: () => why("board", b.board) }, "why?"))));
  if (p.bye) {
    rows.push(el("tr", { class: "bye" }, el("td", {}, "bye"),
      el("td", { colspan: 4 }, playerButton(p.bye.id, p.bye.name, "player"), ` (${p.bye.score})`),
      el("td", {}, el("button", { type: "button", id: "why-bye", onclick: () => why("bye") }, "why?"))));
  }
  $("boards").tBodies[0].replaceChildren(...rows);
  const report = $("whatif-report");
  report.hidden = !p.whatif;
  if (p.whatif) report.replaceChildren(el("pre", {}, p.whatif.lines.join("\n")),
    el("p", { class: "small" }, "Boards that differ from the rules' pairing without these decisions are marked."));
  $("download-pairing").disabled = $("download-trf").disabled = false;
}

const key = (a, b) => (a < b ? `${a}-${b}` : `${b}-${a}`);

function changedBoards(p) {
  if (!p.whatif) return new Set();
  const before = new Set(p.whatif.baseline.boards.map(([w, b]) => key(w, b)));
  return new Set(p.boards.map((b) => key(b.white, b.black)).filter((k) => !before.has(k)));
}

async function explainInBackground(body) {
  const r = await api("/api/pair", Object.assign({}, body, { explain: true }));
  if (r.ok && page.pairing && r.data.round === page.pairing.round) {
    page.account = r.data.explanation;
    $("account-text").textContent = page.system ? page.account : page.account.text;
    if (!page.system) markFloaters();
  }
}

function markFloaters() {
  const floaters = new Set(page.account.brackets.flatMap((a) => a.downfloaters));
  for (const button of $("boards").querySelectorAll("button[data-why=player]")) {
    if (floaters.has(Number(button.dataset.id))) {
      button.classList.add("floater");
      button.title = "floats: choose to read why";
    }
  }
}

async function why(what, which) {
  if (!page.account) {
    status("Preparing the explanation…");
    const body = Object.assign(common(), page.decisions || {}, { explain: true });
    const r = await busy(null, "Explaining…", () => api("/api/pair", body));
    if (!r.ok) return showError(r.data);
    page.account = r.data.explanation;
    $("account-text").textContent = page.account.text;
    markFloaters();
  }
  const a = page.account;
  let title, lines = [];
  if (what === "board") {
    const board = a.engine.boards[which - 1];
    title = `Board ${which}: ${board[0]} – ${board[1]}`;
    const colour = a.colours[which - 1];
    if (colour) lines.push(`Colours: ${colour.message} (${colour.article})`);
    lines.push("", ...bracketOf(board));
  } else if (what === "bye") {
    title = `The bye: ${a.engine.bye}`;
    lines.push(a.bye || "", "", ...bracketOf([a.engine.bye]));
  } else {
    title = `Player ${which}`;
    const notes = a.brackets.flatMap((b) => b.notes).filter((n) => n.startsWith(`${which} `));
    const board = a.engine.boards.findIndex((b) => b.includes(which));
    if (board >= 0 && a.colours[board]) lines.push(`Colours: ${a.colours[board].message} (${a.colours[board].article})`);
    lines.push(...notes, "", ...bracketOf([which]));
  }
  $("why-title").textContent = title;
  $("why-text").textContent = lines.join("\n").trim();
  $("why").hidden = false;
  $("why").focus();
}

function bracketOf(players) {
  const b = page.account.brackets.find((x) =>
    players.some((p) => x.residents.includes(p) || x.mdps.includes(p)) &&
    (x.pairs.some((pair) => players.every((p) => pair.includes(p))) || x.downfloaters.some((p) => players.includes(p)) || players.length === 1));
  if (!b) return [];
  const pairs = b.pairs.map(([x, y]) => `${x}-${y}`).join(" ") || "(no pair)";
  const out = [`Bracket ${b.number}: score ${b.score}, ${b.kind}`,
    b.mdps.length ? `  MDPs [${b.mdps.join(" ")}]; residents [${b.residents.join(" ")}]` : `  residents [${b.residents.join(" ")}]`,
    `  S1 [${b.s1.join(" ")}]; S2 [${b.s2.join(" ")}]`,
    `  pairs ${pairs}` + (b.downfloaters.length ? `; floating [${b.downfloaters.join(" ")}]` : "")];
  return out.concat(b.notes.map((n) => "  " + n));
}

async function noPairing(data) {
  showError(null);
  $("impossible").hidden = false;
  $("impossible-message").textContent = data.error;
  $("certificate").textContent = (data.details || []).join("\n");
  status("No legal pairing: the least-bad ones follow.");
  const r = await busy(null, "Looking for the least-bad pairings…", () => api("/api/resolve", common()));
  if (!r.ok) {
    $("alternatives").replaceChildren(el("p", {}, r.data.error));
    return;
  }
  $("alternatives").replaceChildren(...r.data.alternatives.map((a) => {
    const alt = page.system ? alternativeOfMatches(a) : a;
    const text = [alt.violations.length ? alt.violations.map((v) => `breaks ${v.article}: ${v.message}`).join("\n")
      : "breaks no absolute rule",
    alt.boards.map(([w, b], i) => `${String(i + 1).padStart(3)}  ${w} - ${b}`).join("\n"),
    alt.bye ? `  bye ${alt.bye}` : ""].join("\n");
    const file = [alt.boards.length + (alt.bye ? 1 : 0), ...alt.boards.map(([w, b]) => `${w} ${b}`),
      ...(alt.bye ? [`${alt.bye} 0`] : [])].join("\n") + "\n";
    return el("div", { class: "alternative" }, el("h4", {}, `Alternative ${alt.rank}: ${alt.how}`),
      el("pre", {}, text),
      el("button", { type: "button", onclick: () => download(`round-${r.data.round}-alternative-${alt.rank}.txt`, file) },
        `Download alternative ${alt.rank}`));
  }));
  status(`No legal pairing: ${r.data.alternatives.length} least-bad pairings found.`);
}

// ---------------------------------------------------------------- propose, check

function boardsText(p) {
  const lines = page.system ? p.matches.map((m) => `${m.white.id} ${m.black.id}`) : p.boards.map((b) => `${b.white} ${b.black}`);
  if (p.bye) lines.push(`${p.bye.id} 0`);
  return lines.join("\n");
}

function parseProposal(text) {
  const boards = [];
  let bye = null;
  for (const [n, line] of text.split("\n").entries()) {
    const f = line.trim().split(/[\s,-]+/).filter(Boolean);
    if (!f.length) continue;
    if (f.length !== 2 || !f.every((x) => /^\d+$/.test(x))) throw new Error(`line ${n + 1}: expected 'white black', found '${line.trim()}'`);
    if (f[1] === "0") bye = Number(f[0]); else boards.push([Number(f[0]), Number(f[1])]);
  }
  return { boards, bye };
}

async function propose(event) {
  event.preventDefault();
  let pairing;
  try {
    pairing = parseProposal($("proposal").value);
  } catch (e) {
    return showError({ error: e.message });
  }
  const r = await busy(null, "Comparing with the rules' pairing…", () => api("/api/explain", Object.assign(common(), { pairing })));
  const out = $("verdict");
  out.hidden = false;
  if (!r.ok) {
    out.textContent = r.data.error;
    return;
  }
  showError(null);
  const e = r.data;
  if (page.system) {
    out.textContent = matchVerdict(e);
    return status(e.agrees ? "Your pairing is the rules' pairing." : "Your pairing is not the rules' pairing.");
  }
  const head = e.agrees ? "This is the pairing the rules demand." :
    `Not the rules' pairing. ${e.violations.length ? "It breaks " + e.violations.map((v) => `${v.article}: ${v.message}`).join("; ") + ". " : ""}` +
    (e.decisive ? `First rule it breaks: ${e.decisive.article}: ${e.decisive.message}` : "");
  out.textContent = head + "\n\n" + e.text;
  status(e.agrees ? "Your pairing is the rules' pairing." : "Your pairing is not the rules' pairing.");
}

async function check() {
  const r = await busy(null, "Checking every round…", () => api("/api/check", common()));
  if (!r.ok) return showError(r.data);
  showError(null);
  const rows = page.system ? r.data.rounds.map(matchCheckRow) : r.data.rounds.map((c) => {
    const diffs = [...c.missing.map(([w, b]) => `rules demand ${w}-${b}, not played`),
      ...c.extra.map(([w, b]) => `played ${w}-${b}, not what the rules give`),
      ...c.colours.map(([w, b]) => `played ${w}-${b} with colours reversed`)];
    if (c.bye_played !== c.bye_rules) diffs.push(`bye: played ${c.bye_played ?? "none"}, rules ${c.bye_rules ?? "none"}`);
    if (c.error) diffs.push(`cannot be re-paired: ${c.error}`);
    return el("tr", { class: c.agrees ? "agrees" : "differs" }, el("td", { class: "num" }, c.round_no),
      el("td", {}, c.agrees ? "agrees" : "DIFFERS"), el("td", {}, diffs.join("; ")));
  });
  $("check-table").tBodies[0].replaceChildren(...rows);
  $("check-table").hidden = false;
  const differing = r.data.rounds.filter((c) => !c.agrees).map((c) => c.round_no);
  status(differing.length ? `Rounds that differ: ${differing.join(", ")}.` : "Every round agrees with the rules.");
}

// ---------------------------------------------------------------- downloads

function download(name, text) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

function baseName() { return (page.name || "tournament").replace(/\.[^.]*$/, ""); }

// ---------------------------------------------------------------- wiring

async function init() {
  const [rules, samples] = await Promise.all([api("/api/rules"), api("/api/samples")]);
  if (rules.ok) for (const r of rules.data) $("rules").append(el("option", { value: r.file }, `${r.file} – ${r.title}`));
  if (samples.ok) for (const s of samples.data) $("sample").append(el("option", { value: s }, s));
  $("file").addEventListener("change", () => $("file").files[0] && readFile($("file").files[0]));
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files[0]) readFile(e.dataTransfer.files[0]);
  });
  $("load-sample").addEventListener("click", async () => {
    const name = $("sample").value;
    if (!name) return status("Choose a bundled tournament first.");
    const r = await api(`/api/samples/${encodeURIComponent(name)}`);
    if (!r.ok) return showError(r.data);
    await loadText(r.data, name);
  });
  $("rules").addEventListener("change", () => page.trf && loadText(page.trf, page.name));
  $("accelerate").addEventListener("change", () => page.trf && clearRound());
  $("pair").addEventListener("click", () => pair(null));
  $("whatif-form").addEventListener("submit", (e) => { e.preventDefault(); pair(decisionsFromForm()); });
  $("whatif-clear").addEventListener("click", () => {
    for (const id of ["wi-fix", "wi-forbid", "wi-bye", "wi-absent"]) $(id).value = "";
  });
  $("copy-boards").addEventListener("click", () => { if (page.pairing) $("proposal").value = boardsText(page.pairing); });
  $("propose-form").addEventListener("submit", propose);
  $("check").addEventListener("click", check);
  $("download-pairing").addEventListener("click", () =>
    download(`${baseName()}-round-${page.pairing.round}.txt`, page.pairing.pairing_file));
  $("download-trf").addEventListener("click", () =>
    download(`${baseName()}-round-${page.pairing.round}.trf`, page.pairing.trf));
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", init);
