// The public game page: the print button, and what a failed live poll says. Kept out of the
// template because the Content-Security-Policy allows no inline script or handler.
(function () {
  function show(text) {
    var box = document.getElementById("net-status");
    if (box) { box.textContent = text; }
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) { window.print(); }
  });
  // Registered on the poller itself so they run before scoring.js's document listeners,
  // and stop the event there: a failed poll is not a refused play.
  function watch(root) {
    var poller = root.querySelector ? root.querySelector("[data-live-poll]") : null;
    if (!poller && root.matches && root.matches("[data-live-poll]")) { poller = root; }
    if (!poller || poller.dataset.watched) { return; }
    poller.dataset.watched = "1";
    poller.addEventListener("htmx:sendError", function (event) {
      event.stopPropagation();
      show("Live updates paused: the server cannot be reached. Trying again every few seconds.");
    });
    poller.addEventListener("htmx:responseError", function (event) {
      event.stopPropagation();
      show("Live updates paused: the server answered " + event.detail.xhr.status +
           ". Trying again every few seconds.");
    });
  }
  document.addEventListener("DOMContentLoaded", function () { watch(document); });
  document.addEventListener("htmx:load", function (event) { watch(event.detail.elt); });
})();
