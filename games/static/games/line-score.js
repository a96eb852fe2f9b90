// A line score whose innings scroll inside their box (a phone, a long game, long team names)
// shows the latest inning played: the box is scrolled so that the last inning with a score
// sits just left of the totals (R, H, RP), which stay put (sticky, scoring.css). Early in a
// game that is the first innings, so nothing moves. It runs once the page is parsed (deferred,
// from templates/base.html) and again on whatever htmx swaps in (a tap's board, the live
// board's update).
(function () {
  "use strict";

  function showLatest(wrap) {
    if (wrap.scrollWidth <= wrap.clientWidth) { return; }
    var table = wrap.querySelector(".line-score");
    if (!table || !table.tBodies.length) { return; }
    var latest = -1;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      Array.prototype.forEach.call(row.cells, function (cell, index) {
        if (cell.tagName === "TD" && !cell.classList.contains("total")
            && !cell.classList.contains("rp") && cell.textContent.trim()) {
          latest = Math.max(latest, index);
        }
      });
    });
    var row = table.tBodies[0].rows[0];
    var total = row && row.querySelector(".total");
    var name = row && row.cells[0];
    if (latest < 0 || !total || !name) { return; }
    var cell = row.cells[latest].getBoundingClientRect();
    var right = total.getBoundingClientRect().left;
    var left = name.getBoundingClientRect().right;
    if (cell.right > right) {
      wrap.scrollLeft += cell.right - right;
    } else if (cell.left < left) {
      wrap.scrollLeft -= left - cell.left;
    }
  }

  function showAll(root) {
    if (root.matches && root.matches(".line-score-wrap")) { showLatest(root); }
    if (root.querySelectorAll) {
      root.querySelectorAll(".line-score-wrap").forEach(showLatest);
    }
  }

  showAll(document);
  document.addEventListener("htmx:load", function (event) { showAll(event.target); });
})();
