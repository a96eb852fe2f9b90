// The game page's win-probability chart (templates/games/_win_probability.html): the figure at
// the play under the pointer, or at the play picked with the keyboard once the chart has the
// focus (left and right arrows one play, Page Up/Down ten, Home/End the first and last), is written below
// the chart and marked on it. The figures come from the table of chances beside the chart, so
// the page carries them once. Kept out of the template because the Content-Security-Policy
// allows no inline script; it runs once the page is parsed (deferred, from games/detail.html)
// and again on whatever htmx swaps in (a live game's board).
(function () {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";

  function text(cell) { return cell ? cell.textContent.trim() : ""; }

  function enhance(figure) {
    if (figure.dataset.enhanced) { return; }
    var section = figure.closest(".win-probability");
    var svg = figure.querySelector(".win-svg");
    var plot = figure.querySelector(".win-plot");
    var line = figure.querySelector(".win-line");
    var readout = figure.querySelector(".win-readout");
    var rows = section ? section.querySelectorAll(".win-table tbody tr") : [];
    if (!svg || !plot || !line || !readout || rows.length < 2) { return; }
    figure.dataset.enhanced = "1";
    var box = plot.viewBox.baseVal;
    var points = line.getAttribute("points").trim().split(/\s+/).map(function (pair) {
      var xy = pair.split(",");
      return [100 * parseFloat(xy[0]) / box.width, 100 * parseFloat(xy[1]) / box.height];
    });
    var sides = Array.prototype.map.call(section.querySelectorAll(".win-table thead th.num"), text);
    var plays = rows.length - 1;
    var current = plays;

    var cursor = document.createElementNS(SVG, "g");
    cursor.setAttribute("class", "win-cursor");
    cursor.setAttribute("aria-hidden", "true");
    var rule = document.createElementNS(SVG, "line");
    rule.setAttribute("y1", "0");
    rule.setAttribute("y2", "100%");
    var dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("r", "5");
    cursor.appendChild(rule);
    cursor.appendChild(dot);
    cursor.setAttribute("visibility", "hidden");
    svg.appendChild(cursor);

    function words(row) {
      var seq = text(row.querySelector("th"));
      var where = text(row.querySelector(".win-where"));
      var what = text(row.querySelector(".win-what"));
      var figures = Array.prototype.map.call(row.querySelectorAll("td.num"), function (cell, i) {
        return (sides[i] || "") + " " + text(cell);
      }).join(", ");
      if (row === rows[0]) { return what + ": " + figures; }
      var stop = /[.!?]$/.test(what) ? " " : ". ";
      return "Play " + seq + (where ? " (" + where + ")" : "") + ": " + what + stop + figures;
    }

    function show(index) {
      current = Math.max(0, Math.min(plays, index));
      var point = points[current] || points[points.length - 1];
      rule.setAttribute("x1", point[0] + "%");
      rule.setAttribute("x2", point[0] + "%");
      dot.setAttribute("cx", point[0] + "%");
      dot.setAttribute("cy", point[1] + "%");
      cursor.setAttribute("visibility", "visible");
      readout.textContent = words(rows[current]);
      readout.hidden = false;
    }

    function hide() { cursor.setAttribute("visibility", "hidden"); }

    svg.setAttribute("tabindex", "0");
    svg.addEventListener("pointermove", function (event) {
      var rect = svg.getBoundingClientRect();
      if (!rect.width) { return; }
      show(Math.round(plays * (event.clientX - rect.left) / rect.width));
    });
    svg.addEventListener("pointerleave", function () {
      if (document.activeElement !== svg) { hide(); }
    });
    svg.addEventListener("focus", function () { show(current); });
    svg.addEventListener("blur", hide);
    svg.addEventListener("keydown", function (event) {
      var moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
      if (event.key in moves) { show(current + moves[event.key]); }
      else if (event.key === "Home") { show(0); }
      else if (event.key === "End") { show(plays); }
      else { return; }
      event.preventDefault();
    });
  }

  function enhanceAll(root) {
    if (root.matches && root.matches("[data-win-chart]")) { enhance(root); }
    if (root.querySelectorAll) { root.querySelectorAll("[data-win-chart]").forEach(enhance); }
  }

  document.addEventListener("DOMContentLoaded", function () { enhanceAll(document); });
  document.addEventListener("htmx:load", function (event) { enhanceAll(event.detail.elt); });
})();
