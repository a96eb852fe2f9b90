// Say so when a request fails: a lost connection or a refused write is never silent.
(function () {
  function show(text) {
    var box = document.getElementById("net-status");
    if (box) { box.textContent = text; }
  }
  document.addEventListener("htmx:sendError", function () {
    show("Could not reach the server: the play was not recorded. Check the connection and tap again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    show(status === 403 ? "You are not a scorer of this game: nothing was recorded."
                        : "The server refused the request (" + status + "): nothing was recorded.");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { show(""); }
  });
})();
