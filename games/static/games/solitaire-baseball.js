// The card picker: taps lay cards down in order (the last is on top) as hidden "cards"
// fields; without this script a tap posts that one card at once.
(function () {
  if (window.solitairePicker) { return; }
  window.solitairePicker = true;
  var SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  var HITS = ["Single", "Double", "Triple", "Home run"];
  var MAX = 4;
  function value(id) {
    var v = id.slice(0, -1);
    return { A: 1, J: 11, Q: 12, K: 13 }[v] || Number(v);
  }
  function laid(form) {
    return Array.prototype.map.call(form.querySelectorAll(".laid-cards input"), function (i) { return i.value; });
  }
  function preview(cards, batter) {
    if (!cards.length) { return "Tap a card"; }
    var values = cards.map(value);
    if (values.every(function (v) { return v === batter; })) { return HITS[cards.length - 1]; }
    if (cards.length === 4 && values.every(function (v) { return v > 10; })) { return "Walk"; }
    if (cards.length === 1) { return values[0] === 10 ? "Sacrifice bunt" : "Out"; }
    return "Not a play";
  }
  function refresh(form) {
    var cards = laid(form);
    var said = preview(cards, Number(form.dataset.batter));
    form.querySelector(".laid-preview").textContent = said;
    var play = form.querySelector(".play-cards");
    var legal = cards.length > 0 && said !== "Not a play";
    // Only a play the engine would take can be sent; the preview says why not.
    play.disabled = !legal;
    play.textContent = legal ? "Play: " + said : "Play";
    form.querySelector(".clear-cards").disabled = !cards.length;
    form.querySelectorAll(".laid-cards li").forEach(function (li, i, all) {
      li.classList.toggle("top", i === all.length - 1);
    });
    form.querySelectorAll("button.pick").forEach(function (pick) {
      var n = cards.filter(function (c) { return c === pick.dataset.card; }).length;
      pick.dataset.picked = n;
      pick.classList.toggle("picked", n > 0);
    });
  }
  function add(form, pick) {
    var cards = laid(form);
    var id = pick.dataset.card;
    var taken = cards.filter(function (c) { return c === id; }).length;
    if (cards.length >= MAX || taken >= Number(pick.dataset.left)) { return; }
    var li = document.createElement("li");
    li.className = "laid " + (/[DH]$/.test(id) ? "red" : "black");
    li.innerHTML = '<input type="hidden" name="cards"><button type="button" class="laid-card"></button>';
    li.querySelector("input").value = id;
    var button = li.querySelector("button");
    button.textContent = id.slice(0, -1) + SUITS[id.slice(-1)];
    button.setAttribute("aria-label", "Take back " + id);
    button.dataset.card = id;
    form.querySelector(".laid-cards").appendChild(li);
    refresh(form);
  }
  // A refused play comes back with its cards still laid down (drawn by the server).
  function refreshAll() {
    document.querySelectorAll("form.solitaire-form").forEach(refresh);
  }
  document.addEventListener("htmx:afterSwap", refreshAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refreshAll);
  } else {
    refreshAll();
  }
  document.addEventListener("click", function (event) {
    var form = event.target.closest("form.solitaire-form");
    if (!form) { return; }
    var pick = event.target.closest("button.pick");
    var back = event.target.closest("button.laid-card");
    if (pick) {
      event.preventDefault();
      add(form, pick);
    } else if (back) {
      back.closest("li").remove();
      refresh(form);
    } else if (event.target.closest("button.clear-cards")) {
      form.querySelector(".laid-cards").innerHTML = "";
      refresh(form);
    }
  });
})();
