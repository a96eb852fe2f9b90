// Keyboard focus on the scoring screen (issue 18). Every answer replaces #board, and the
// control that had the focus goes with it: the browser would drop the focus to <body> and a
// keyboard user would Tab from the top of the page again. When the board is replaced while
// the focus was in it, the focus goes back into the new board: after a tap (or Undo, or an
// answer to a question) to the first control of the next play (a question's first answer,
// else the first card); after a board swapped in by the live poll or the offline queue, to
// the same control if it is still there.
(function () {
  "use strict";
  if (window.scoringFocus) { return; }
  window.scoringFocus = true;

  var CONTROLS = 'input:not([type="hidden"]), button, select, textarea, a[href], [tabindex="0"]';
  var last = null; // what had the focus in the board: {name, value, text}
  var answering = false; // a tap from the board is on its way: its answer is the next play
  var keyboard = false;

  document.addEventListener("keydown", function () { keyboard = true; }, true);
  document.addEventListener("pointerdown", function () { keyboard = false; }, true);
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    last = target.closest && target.closest("#board") ? {
      name: target.getAttribute("name"),
      value: target.getAttribute("value"),
      text: target.textContent,
    } : null;
  });
  // The scorer took the focus away (clicked outside any control): nothing to put back.
  document.addEventListener("focusout", function (event) {
    var target = event.target;
    if (event.relatedTarget) { return; }
    window.setTimeout(function () {
      if (target.isConnected && document.activeElement === document.body) { last = null; }
    }, 0);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.closest && elt.closest("#board")) { answering = true; }
  });

  function usable(control) {
    if (control.disabled || control.closest("[hidden], fieldset:disabled")) { return false; }
    return control.getClientRects().length > 0;
  }

  // The control Tab reaches first in a radio group: its checked radio, else this one.
  function tabStop(control) {
    if (control.type !== "radio" || !control.name) { return control; }
    var checked = control.form && control.form.querySelector(
      'input[type="radio"][name="' + control.name + '"]:checked');
    return checked && usable(checked) ? checked : control;
  }

  function firstControl(board) {
    var scopes = [board.querySelector(".question"), board.querySelector("#play-form"),
                  board.querySelector(".undo-form"), board];
    for (var i = 0; i < scopes.length; i++) {
      if (!scopes[i]) { continue; }
      var found = Array.prototype.find.call(scopes[i].querySelectorAll(CONTROLS), usable);
      if (found) { return tabStop(found); }
    }
    return null;
  }

  function sameControl(board, was) {
    if (!was || !was.name) { return null; }
    return Array.prototype.find.call(board.querySelectorAll(CONTROLS), function (control) {
      return control.getAttribute("name") === was.name &&
        control.getAttribute("value") === was.value && usable(control);
    }) || null;
  }

  function refocus() {
    var board = document.getElementById("board");
    var active = document.activeElement;
    var lost = !active || active === document.body || !active.isConnected;
    if (!board || !lost || !last) { return; }
    var target = (answering ? null : sameControl(board, last)) || firstControl(board);
    answering = false;
    if (!target) { return; }
    try {
      target.focus({ focusVisible: keyboard });
    } catch (error) {
      target.focus();
    }
  }

  function watch() {
    var board = document.getElementById("board");
    if (!board || !board.parentNode) { return; }
    new MutationObserver(function (changes) {
      var replaced = changes.some(function (change) {
        return Array.prototype.some.call(change.addedNodes, function (node) {
          return node.id === "board";
        });
      });
      if (replaced) { refocus(); }
    }).observe(board.parentNode, { childList: true });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
