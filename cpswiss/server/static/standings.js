// cpswiss serve: the standings (POST /api/standings, FIDE C.07) - the tie-break list editable,
// two rows chosen to read why one ranks ahead of the other. Uses app.js's $, el, api, page.
"use strict";

const ranking = { answer: null, chosen: [] };

function rankingBody(explain) {
  const body = { trf: page.trf, name: page.name };
  const list = $("tb-list").value.trim();
  if (list) body.tiebreaks = list;
  if ($("tb-edition").value) body.edition = $("tb-edition").value;
  if (explain) body.explain = explain;
  return body;
}

// counts, places and ratings print as integers; points to one decimal (two where needed)
const COUNTS = /^(DE|EDE|EDET|EDEB|EDEBT|EDEBB|WIN|WON|BPG|BWG|REP|GE|TPN|ARO|TPR|PTP|APRO|APPO|RTNG|BC|TBR|BBE|OTHER_1999|VUR|NUM)\b/;

function shown(value, code) {
  if (value === null || value === undefined) return "-";
  if (COUNTS.test(code)) return String(value);
  return value.toFixed(Number.isInteger(value * 10) && !/^(SB|E[MG][MG]SB|AOB|SSSC)/.test(code) ? 1 : 2);
}

async function showRanking(fresh) {
  if (fresh) { $("tb-list").value = ""; ranking.answer = null; }
  ranking.chosen = [];
  $("ranking-why").hidden = true;
  const r = await api("/api/standings", rankingBody(null));
  $("ranking").hidden = false;
  if (!r.ok) {
    $("ranking-heading").textContent = r.data.error;
    $("ranking-heading").classList.add("error");
    $("ranking-table").tBodies[0].replaceChildren();
    return;
  }
  $("ranking-heading").classList.remove("error");
  const s = ranking.answer = r.data;
  if (!$("tb-list").value.trim()) $("tb-list").value = s.tiebreaks.slice(1).join(",");
  $("ranking-round").textContent = `after round ${s.round}`;
  const na = Object.entries(s.not_applicable).map(([code, why]) => `${code}: ${why}`).join("; ");
  $("ranking-heading").textContent = `C.07 ${s.edition} (${s.edition_reason}); tie-breaks from ${s.list_from}` +
    (na ? `. ${na}` : "");
  $("ranking-table").tHead.rows[0].replaceChildren(
    ...["Rank", "No", "Name", ...s.tiebreaks].map((h) => el("th", { scope: "col" }, h)));
  $("ranking-table").tBodies[0].replaceChildren(...s.rows.map((row, k) =>
    el("tr", { "data-id": row.id, class: k && s.rows[k - 1].rank === row.rank ? "shared" : "",
      tabindex: "0", onclick: () => choose(row.id),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(row.id); } } },
    el("td", { class: "num" }, row.rank), el("td", { class: "num" }, row.id), el("td", {}, row.name),
    ...s.tiebreaks.map((code) => el("td", { class: "num" }, shown(row.values[code], code))))));
}

async function choose(id) {
  ranking.chosen = ranking.chosen.includes(id) ? ranking.chosen.filter((x) => x !== id)
    : [...ranking.chosen, id].slice(-2);
  for (const tr of $("ranking-table").tBodies[0].rows) {
    tr.classList.toggle("chosen", ranking.chosen.includes(Number(tr.dataset.id)));
  }
  if (ranking.chosen.length < 2) { $("ranking-why").hidden = true; return; }
  const r = await api("/api/standings", rankingBody(ranking.chosen));
  $("ranking-why").hidden = false;
  $("ranking-why-text").textContent = r.ok ? r.data.explanation.text.join("\n") : r.data.error;
}

document.addEventListener("DOMContentLoaded", () => {
  $("ranking-form").addEventListener("submit", (e) => { e.preventDefault(); if (page.trf) showRanking(false); });
});
