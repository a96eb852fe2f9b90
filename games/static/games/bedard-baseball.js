// The answer picker never offers the lead card: the engine refuses a card answering itself.
// Tapping a lead disables that card's answer button (a card gone this deal stays disabled),
// and turns the answer's suit tab (a phone shows one suit at a time) to the led suit, which
// the fielder must follow when it can.
(function () {
  if (window.bedardPicker) { return; }
  window.bedardPicker = true;
  var NOTE = ": the lead, it cannot answer itself";
  function sync(form) {
    var lead = form.querySelector('.lead-picker input[name="bat"]:checked');
    var id = lead ? lead.value : null;
    form.querySelectorAll(".answer-picker button.pick").forEach(function (button) {
      var same = button.dataset.card === id;
      var title = (button.getAttribute("title") || "").replace(NOTE, "");
      button.classList.toggle("lead-card", same && !button.hasAttribute("data-gone"));
      button.disabled = same || button.hasAttribute("data-gone");
      button.setAttribute("title", same && !button.hasAttribute("data-gone") ? title + NOTE : title);
    });
  }
  function syncAll() {
    document.querySelectorAll("form.bedard-form").forEach(sync);
  }
  document.addEventListener("htmx:afterSwap", syncAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", syncAll);
  } else {
    syncAll();
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.bedard-form");
    if (form && event.target.name === "bat") {
      sync(form);
      var row = event.target.closest(".suit-row");
      var tab = row && form.querySelector(
        '.answer-picker .suit-tabs input[value="' + row.dataset.suit + '"]');
      if (tab) { tab.checked = true; }
    }
  });
})();
