// The tennis scoring form: against a serve the receiver plays at most three cards, so a
// fourth quadrant cannot be ticked; the recover toggle shows only when the two cards tapped
// can be recovered from (different quadrants, not diagonal). The server checks both anyway.
(function () {
  if (window.tennisCourt) { return; }
  window.tennisCourt = true;
  var MAX_RECEIVE = 3;
  var DIAGONAL = { Q1: "Q4", Q4: "Q1", Q2: "Q3", Q3: "Q2" };

  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function refresh(form) {
    var boxes = form.querySelectorAll('.half-receive input[type="checkbox"][name="receive"]');
    var ticked = Array.prototype.filter.call(boxes, function (box) { return box.checked; }).length;
    boxes.forEach(function (box) { box.disabled = !box.checked && ticked >= MAX_RECEIVE; });
    var recover = form.querySelector(".toggle.recover");
    if (recover) {
      var hit = checked(form, "hit");
      var receive = checked(form, "receive");
      var possible = Boolean(hit && receive) && hit !== receive && DIAGONAL[hit] !== receive;
      recover.hidden = !possible;
      if (!possible) { recover.querySelector("input").checked = false; }
    }
  }

  function refreshAll() {
    document.querySelectorAll("form.tennis-form").forEach(refresh);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest("form.tennis-form");
    if (form) { refresh(form); }
  });
  document.addEventListener("htmx:afterSwap", refreshAll);
  document.addEventListener("reset", function (event) {
    if (event.target.matches && event.target.matches("form.tennis-form")) {
      window.setTimeout(function () { refresh(event.target); }, 0);
    }
  });
  refreshAll();
})();
