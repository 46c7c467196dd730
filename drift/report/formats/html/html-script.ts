// The HTML report's one script, allowed by its hash in the page's Content-Security-Policy
// (formats/html.ts). It only adds to a page that is whole without it. It reads the sheet the page
// already holds (tables of `data-rows` rows each; each row's `data-s` status, `data-a` account
// and `data-f` flags, each cell's `data-v` sort key or its text; statuses sort in the report's
// order), shows the filters (hidden without script), filters rows by status or flag, account and
// searched words, sorts by any column whose header has `data-sort` (every table's header sorts
// the whole sheet), and clears the filters when a link leads to a row they hide. After each
// filter or sort the rows shown are packed into the first tables, in order, and the tables left
// empty are hidden, so that the page is as long as what it shows. A page with a history has the
// same script with a few lines more (htmlHistoryScript): a box that keeps the rows new since the
// last run (`data-new`), and the totals of the rows shown (`data-total`), counted after each
// filter; a page without one keeps the script, and its hash, it always had. It never writes markup: text
// goes in through textContent, and nothing from the report is ever evaluated. Plain ES2017, no
// template literals (the source is itself one).

const scriptOf = (parts: ScriptParts): string => `(function () {
  "use strict";
  var sheet = document.getElementById("websites-table");
  var controls = document.getElementById("controls");
  if (!sheet || !controls) return;
  var size = Number(sheet.getAttribute("data-rows")) || 250;
  var tables = Array.prototype.map.call(sheet.querySelectorAll("table"), function (table) {
    return { table: table, box: table.parentNode, body: table.tBodies[0], caption: table.caption };
  });
  var rows = [];
  tables.forEach(function (t) { rows = rows.concat(Array.prototype.slice.call(t.body.rows)); });
  var texts = null;
  var status = document.getElementById("filter-status");
  var account = document.getElementById("filter-account");
  var search = document.getElementById("filter-search");${parts.declare}
  var shown = document.getElementById("shown");
  var total = rows.length;
  var number = new Intl.NumberFormat("en");
  var collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  var statuses = ["in-sync", "changed", "gone", "unmanaged", "duplicate"];

  function textOf(i) {
    if (texts === null) texts = rows.map(function (row) { return row.textContent.toLowerCase(); });
    return texts[i];
  }

  function keeps(row, i, wanted, owner, words) {
    if (wanted !== "") {
      var kind = wanted.slice(0, 2);
      var value = wanted.slice(2);
      if (kind === "s:" && row.getAttribute("data-s") !== value) return false;
      if (kind === "f:" && (" " + (row.getAttribute("data-f") || "") + " ").indexOf(" " + value + " ") < 0) return false;
    }
    if (owner !== "" && row.getAttribute("data-a") !== owner) return false;${parts.keep}
    for (var w = 0; w < words.length; w++) if (textOf(i).indexOf(words[w]) < 0) return false;
    return true;
  }

  function pack(count) {
    var kept = [];
    var left = [];
    rows.forEach(function (row) { (row.hidden ? left : kept).push(row); });
    var ordered = kept.concat(left);
    tables.forEach(function (t, n) {
      var part = ordered.slice(n * size, (n + 1) * size);
      var fragment = document.createDocumentFragment();
      part.forEach(function (row) { fragment.appendChild(row); });
      t.body.textContent = "";
      t.body.appendChild(fragment);
      var first = n * size + 1;
      t.box.hidden = first > count;
      if (t.box.hidden) return;
      t.caption.textContent = "Websites " + number.format(first) + " to " +
        number.format(Math.min(count, (n + 1) * size)) + " of " + number.format(count) +
        (count === total ? "" : " shown");
    });
  }

  function apply() {
    var wanted = status.value;
    var owner = account.value;
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var count = 0;
    for (var i = 0; i < total; i++) {
      var row = rows[i];
      var keep = keeps(row, i, wanted, owner, words);
      if (keep) count++;
      if (row.hidden === keep) row.hidden = !keep;
    }
    pack(count);
    shown.textContent = count === total
      ? "Showing all " + number.format(total) + " websites."
      : "Showing " + number.format(count) + " of " + number.format(total) + " websites.";${parts.count}
  }

  var pending = 0;
  function later() {
    clearTimeout(pending);
    pending = setTimeout(apply, 150);
  }

  function keyOf(row, column, kind) {
    if (kind === "status") return statuses.indexOf(row.getAttribute("data-s"));
    var cell = row.cells[column];
    var value = cell.getAttribute("data-v");
    var key = value !== null ? value : cell.textContent.trim();
    return kind === "number" ? Number(key) || 0 : key;
  }

  var order = { column: -1, direction: 1 };

  function sortBy(column, kind) {
    var direction = order.column === column ? -order.direction : kind === "number" ? -1 : 1;
    order = { column: column, direction: direction };
    var keyed = rows.map(function (row, i) {
      return { row: row, i: i, key: keyOf(row, column, kind) };
    });
    keyed.sort(function (a, b) {
      var by = kind === "text" ? collator.compare(a.key, b.key) : a.key - b.key;
      return by !== 0 ? by * direction : a.i - b.i;
    });
    var before = texts;
    rows = keyed.map(function (k) { return k.row; });
    texts = before === null ? null : keyed.map(function (k) { return before[k.i]; });
    var count = 0;
    rows.forEach(function (row) { if (!row.hidden) count++; });
    pack(count);
    tables.forEach(function (t) {
      Array.prototype.forEach.call(t.table.tHead.rows[0].cells, function (header, n) {
        if (n === column) header.setAttribute("aria-sort", direction === 1 ? "ascending" : "descending");
        else header.removeAttribute("aria-sort");
      });
    });
  }

  tables.forEach(function (t) {
    Array.prototype.forEach.call(t.table.tHead.rows[0].cells, function (header, column) {
      var kind = header.getAttribute("data-sort");
      if (!kind) return;
      var button = document.createElement("button");
      button.type = "button";
      while (header.firstChild) button.appendChild(header.firstChild);
      header.appendChild(button);
      button.addEventListener("click", function () { sortBy(column, kind); });
    });
  });

  function clear() {
    status.value = "";
    account.value = "";
    search.value = "";${parts.clear}
    apply();
  }

  function reveal() {
    var id = location.hash.slice(1);
    var target = id === "" ? null : document.getElementById(decodeURIComponent(id));
    if (target && target.tagName === "TR" && target.hidden) {
      clear();
      target.scrollIntoView();
    }
  }

  status.addEventListener("change", apply);
  account.addEventListener("change", apply);${parts.listen}
  search.addEventListener("input", later);
  search.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { search.value = ""; apply(); }
  });
  Array.prototype.forEach.call(document.querySelectorAll("a[data-filter]"), function (link) {
    link.addEventListener("click", function () {
      status.value = link.getAttribute("data-filter");
      account.value = "";
      search.value = "";${parts.link}
      apply();
    });
  });
  window.addEventListener("hashchange", reveal);
  controls.hidden = false;
  reveal();
})();
`;

/** Where a page with a history adds to the script: each empty in a page without one. */
interface ScriptParts {
  /** After the filters' elements: the "new since the last run" box, the totals and their count. */
  declare: string;
  /** In a row's test, after the account's. */
  keep: string;
  /** After the rows shown are counted. */
  count: string;
  /** Where the filters are cleared, and where a count's link sets them. */
  clear: string;
  link: string;
  /** After the filters' listeners. */
  listen: string;
}

export const htmlScript = scriptOf({ declare: "", keep: "", count: "", clear: "", link: "", listen: "" });

/**
 * The script of a page with a history: the box keeps only the rows marked `data-new`, and the
 * totals (each `data-total` element, "new" or "s:" and a status) count the rows shown.
 */
export const htmlHistoryScript = scriptOf({
  declare: `
  var fresh = document.getElementById("filter-new");
  var totals = Array.prototype.slice.call(document.querySelectorAll("[data-total]"));

  function tally() {
    var counts = {};
    rows.forEach(function (row) {
      if (row.hidden) return;
      var key = "s:" + row.getAttribute("data-s");
      counts[key] = (counts[key] || 0) + 1;
      if (row.hasAttribute("data-new")) counts["new"] = (counts["new"] || 0) + 1;
    });
    totals.forEach(function (element) {
      element.textContent = number.format(counts[element.getAttribute("data-total")] || 0);
    });
  }`,
  keep: `
    if (fresh.checked && !row.hasAttribute("data-new")) return false;`,
  count: `
    tally();`,
  clear: `
    fresh.checked = false;`,
  link: `
      fresh.checked = false;`,
  listen: `
  fresh.addEventListener("change", apply);`,
});
