// cpswiss serve: the page for a file of matches - teams (C.04.6: team names, match and game
// points, each board's colours) and Double-Swiss players (C.04.5: both games' colours).  The
// answers are the typed models of the JSON API (MatchPairAnswer, MatchStateAnswer, ...; /docs).
"use strict";

function matchColumns(system) {
  return system === "team"
    ? [["#"], ["Team"], ["MP", "match points"], ["GP", "game points"], ["Colours", "board-1 colours of the matches played, oldest first"],
      ["CD", "colour difference (Art. 1.6.2)"], ["Pref.", "colour preference (Art. 1.7)"], ["Floated", "float of the previous round"],
      ["This round may not"]]
    : [["#"], ["Name"], ["Score"], ["Colours", "game-1 colours of the matches played, oldest first"], ["Whites", "matches with White in game 1"],
      ["Floated", "floated in the previous round"], ["This round may not"]];
}

function matchCells(system, c) {
  const may = [c.available ? "" : "absent: not paired", c.bye_eligible ? "" : "take the bye"].filter(Boolean).join("; ");
  return system === "team"
    ? [el("td", {}, c.id), el("td", {}, c.name), el("td", { class: "num" }, c.match_points), el("td", { class: "num" }, c.game_points),
      el("td", { class: "mono" }, c.colours), el("td", { class: "num" }, c.colour_difference), el("td", {}, c.preference),
      el("td", {}, c.floated), el("td", {}, may)]
    : [el("td", {}, c.id), el("td", {}, c.name), el("td", { class: "num" }, c.score), el("td", { class: "mono" }, c.colours),
      el("td", { class: "num" }, c.whites), el("td", {}, c.floated), el("td", {}, may)];
}

// the state table: its columns by the system (the individual systems' header kept for them)
let individualHeader = null;

function showStateHeader(system) {
  const head = $("state-table").tHead;
  individualHeader ??= head.innerHTML;
  if (!system) { head.innerHTML = individualHeader; return; }
  head.replaceChildren(el("tr", {}, ...matchColumns(system).map(([name, title]) =>
    el("th", title ? { scope: "col", title } : { scope: "col" }, name))));
}

function showMatchState(s) {
  showStateHeader(s.system);
  $("state-table").tBodies[0].replaceChildren(...s.competitors.map((c) =>
    el("tr", { class: c.available ? "" : "absent", "data-id": c.id }, ...matchCells(s.system, c))));
  return `${s.competitors.length} ${s.system === "team" ? "teams (C.04.6)" : "players (Double-Swiss, C.04.5)"}`;
}

function competitorButton(c) {
  return el("button", { type: "button", class: "link", "data-why": "competitor", "data-id": c.id,
    onclick: () => whyMatch("competitor", c.id) }, `${c.id} ${c.name}`);
}

function gameLine(system, g) {
  const what = system === "team" ? `board ${g.number}` : `game ${g.number}`;
  return el("li", { "data-game": g.number }, `${what}: White ${g.white} ${g.white_name} – Black ${g.black} ${g.black_name}`);
}

function showMatches(p) {
  $("pair-rules").textContent = p.rule_set;
  $("boards").tHead.rows[0].cells[0].textContent = "Match";
  // under the arbiter's decisions: the matches the rules' pairing does not make are marked
  const before = new Set((p.whatif ? p.whatif.baseline.matches : []).map((m) => key(m.white, m.black)));
  const rows = [];
  for (const m of p.matches) {
    const changed = p.whatif && !before.has(key(m.white.id, m.black.id));
    rows.push(el("tr", { class: "match" + (changed ? " changed" : ""), "data-match": m.number },
      el("td", { class: "num" }, m.number),
      el("td", {}, competitorButton(m.white)), el("td", { class: "num" }, m.white.score_text),
      el("td", {}, competitorButton(m.black)), el("td", { class: "num" }, m.black.score_text),
      el("td", {}, el("button", { type: "button", class: "why-board", "data-board": m.number,
        "aria-label": `Why match ${m.number}`, onclick: () => whyMatch("match", m.number) }, "why?"))));
    rows.push(el("tr", { class: "games" }, el("td", {}),
      el("td", { colspan: 5 }, el("ul", { class: "games" }, ...m.games.map((g) => gameLine(p.system, g))))));
  }
  if (p.bye) {
    rows.push(el("tr", { class: "bye" }, el("td", {}, "bye"),
      el("td", { colspan: 4 }, competitorButton(p.bye), ` (${p.bye.score_text})`),
      el("td", {}, el("button", { type: "button", id: "why-bye", onclick: () => whyMatch("bye") }, "why?"))));
  }
  $("boards").tBodies[0].replaceChildren(...rows);
  const report = $("whatif-report");
  report.hidden = !p.whatif;
  if (p.whatif) report.replaceChildren(el("pre", {}, p.whatif.lines.join("\n")),
    el("p", { class: "small" }, "Matches the rules' pairing without these decisions does not make are marked."));
  $("download-pairing").disabled = $("download-trf").disabled = false;
}

// an alternative of 'resolve' on a file of matches, in the shape the page shows the individual ones in
function alternativeOfMatches(a) {
  return { rank: a.rank, how: a.how, bye: a.pairing.bye, boards: a.pairing.matches.map((m) => [m.white, m.black]),
    violations: a.breaks.map((b) => { const [article, ...rest] = b.split(": "); return { article, message: rest.join(": ") }; }) };
}

// the explanation in the text's words, split into its parts: the bye (Art. 3.4), each bracket, the colours
function explanationParts(text) {
  const parts = [];
  for (const line of text.split("\n")) {
    if (/^(Art\. 3\.4|Bracket \d|Colours)/.test(line) || !parts.length) parts.push([line]);
    else parts[parts.length - 1].push(line);
  }
  return parts;
}

function numbersOf(line) { return (line.match(/\d+/g) || []).map(Number); }

function bracketWith(parts, ids) {
  return parts.find((p) => p[0].startsWith("Bracket") &&
    p.some((line) => /identifier/.test(line) && ids.every((id) => numbersOf(line.split("(")[0]).includes(id))));
}

async function whyMatch(what, which) {
  if (!page.account) {
    const body = Object.assign(common(), page.decisions || {}, { explain: true });
    const r = await busy(null, "Explaining…", () => api("/api/pair", body));
    if (!r.ok) return showError(r.data);
    page.account = r.data.explanation;
    $("account-text").textContent = page.account;
  }
  const parts = explanationParts(page.account);
  const colours = parts.find((p) => p[0].startsWith("Colours")) || [];
  let title, lines = [];
  if (what === "match") {
    const m = page.pairing.matches[which - 1];
    title = `Match ${which}: ${m.white.name} – ${m.black.name}`;
    lines.push(...colours.filter((l) => l.trim().startsWith(`${m.white.id} - ${m.black.id}:`)).map((l) => "Colours: " + l.trim()),
      "", ...(bracketWith(parts, [m.white.id, m.black.id]) || []));
  } else if (what === "bye") {
    title = `The bye: ${page.pairing.bye.name}`;
    lines.push(...(parts.find((p) => p[0].startsWith("Art. 3.4")) || []));
  } else {
    title = page.system === "team" ? `Team ${which}` : `Player ${which}`;
    const m = page.pairing.matches.find((x) => x.white.id === which || x.black.id === which);
    if (m) return whyMatch("match", m.number);
    lines.push(...(parts.find((p) => p[0].startsWith("Art. 3.4")) || []));
  }
  $("why-title").textContent = title;
  $("why-text").textContent = lines.join("\n").trim();
  $("why").hidden = false;
  $("why").focus();
}

function matchVerdict(e) {
  if (e.agrees) return "This is the pairing the rules demand.\n\n" + e.text;
  return "Not the rules' pairing.\n" + [...e.problems, ...e.differences].map((x) => "  " + x).join("\n") + "\n\n" + e.text;
}

function matchCheckRow(c) {
  return el("tr", { class: c.agrees ? "agrees" : "differs" }, el("td", { class: "num" }, c.round_no),
    el("td", {}, c.agrees ? "agrees" : "DIFFERS"), el("td", {}, c.findings.join("; ")));
}
