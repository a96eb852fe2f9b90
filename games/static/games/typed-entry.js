// Typed entry (templates/games/_typed_entry.html): the board is swapped after every post, so a
// scorer typing plays one after another keeps the focus in the line across answers, and the
// scoring screen's own keys do not act on what is typed here.
(function () {
  if (window.typedEntryReady) return;
  window.typedEntryReady = true;
  let typing = false;
  document.addEventListener("htmx:beforeSwap", function () {
    typing = document.activeElement && document.activeElement.id === "typed-play";
  });
  document.addEventListener("htmx:afterSettle", function () {
    const input = document.getElementById("typed-play");
    if (typing && input && document.activeElement !== input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  });
  window.addEventListener(
    "keydown",
    function (event) {
      if (event.target && event.target.id === "typed-play") event.stopPropagation();
    },
    true,
  );
})();
