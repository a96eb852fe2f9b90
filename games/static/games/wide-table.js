// A wide table scrolls inside its own box (.wide-table, a .table-scroll), never the page: on a
// phone the standings or the games list may be wider than the screen. When the table is wider
// than its box, a line above it says so and the box's right edge fades while more columns lie
// to the right (site.css), so nobody takes the columns on show for the whole table. It runs
// once the page is parsed (deferred, from templates/base.html), on every resize and scroll of
// the box, and again on whatever htmx swaps in.
(function () {
  "use strict";

  function mark(wrap) {
    var hint = wrap.previousElementSibling;
    if (!hint || !hint.classList.contains("scroll-hint")) {
      hint = document.createElement("p");
      hint.className = "scroll-hint";
      hint.setAttribute("aria-hidden", "true");
      hint.textContent = "The table scrolls sideways: more columns →";
      wrap.parentNode.insertBefore(hint, wrap);
    }
    var wider = wrap.scrollWidth > wrap.clientWidth + 1;
    var more = wider && wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1;
    hint.hidden = !wider;
    wrap.toggleAttribute("data-more-right", more);
  }

  function watch(wrap) {
    if (wrap.dataset.watched) { mark(wrap); return; }
    wrap.dataset.watched = "1";
    wrap.addEventListener("scroll", function () { mark(wrap); }, { passive: true });
    if (window.ResizeObserver) {
      new ResizeObserver(function () { mark(wrap); }).observe(wrap);
    }
    mark(wrap);
  }

  function watchAll(root) {
    if (root.matches && root.matches(".wide-table")) { watch(root); }
    if (root.querySelectorAll) { root.querySelectorAll(".wide-table").forEach(watch); }
  }

  watchAll(document);
  window.addEventListener("resize", function () { watchAll(document); });
  document.addEventListener("htmx:load", function (event) { watchAll(event.target); });
})();
