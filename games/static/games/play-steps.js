// The steps of a play on the scoring screen: what is still to choose, said in words before the
// play goes, instead of the browser's own "please fill out" bubbles (the play forms carry
// `novalidate`; the server still refuses an incomplete play and records nothing).
//
// A form opts in with class "play-form" (or "steps-form": a form beside the play, such as
// Backyard's event card). What a play needs:
// - every radio group with a `required` input, and every element marked `data-need="name"`
//   (a group needed only when `data-need-if` matches a checked input somewhere in the form,
//   or unless `data-need-unless` does: CSS selectors);
// - a group hidden from view (another way of entering the same thing) is never needed.
// Each need is named by its `data-need-words`, else by the closest `[data-step]` (its words).
//
// While something is missing, each step missing a choice is marked ("to choose"), the play's
// button (`data-play-button`) is aria-disabled, and the line beside it says "Still to choose:
// …". A submit then is stopped and the marks turn to errors, the focus on the first missing
// step. A submitter with `formnovalidate` (Don't extend, No roll) always goes.
//
// A control marked `data-play-tap` (the die, the pitcher's card played face up) plays when it
// is tapped (a pointer's click, not the keyboard's arrows, which only choose) and nothing else
// is missing: the last step of a play is its last tap.
(function () {
  "use strict";
  if (window.playSteps) { return; }
  window.playSteps = true;

  var FORMS = "form.play-form, form.steps-form";

  function shown(element) {
    return element.getClientRects().length > 0 && !element.closest("[hidden]");
  }

  function matches(form, selector) {
    if (!selector) { return false; }
    try {
      return Array.prototype.some.call(form.querySelectorAll(selector), shown);
    } catch (error) {
      return false;
    }
  }

  // A radio or checkbox ticked; any other field (a hidden answer, the reason) filled in.
  function chosen(el) {
    if (el.type === "radio" || el.type === "checkbox") { return el.checked; }
    return !!(el.value && el.value.trim());
  }

  function needs(form) {
    var groups = {};
    form.querySelectorAll("input[required], textarea[required], select[required]").forEach(function (input) {
      if (input.name && !input.disabled) { groups[input.name] = groups[input.name] || input; }
    });
    form.querySelectorAll("[data-need]").forEach(function (box) {
      var ifSel = box.getAttribute("data-need-if");
      var unlessSel = box.getAttribute("data-need-unless");
      if (ifSel && !matches(form, ifSel)) { return; }
      if (unlessSel && matches(form, unlessSel)) { return; }
      groups[box.getAttribute("data-need")] = box;
    });
    var missing = [];
    Object.keys(groups).forEach(function (name) {
      var inputs = Array.prototype.filter.call(form.elements, function (el) {
        return el.name === name && !el.disabled;
      });
      var visible = inputs.filter(shown);
      if (!visible.length) { return; }
      if (inputs.some(chosen)) { return; }
      var marker = groups[name];
      var step = marker.closest("[data-step]");
      var words = marker.getAttribute("data-need-words") ||
        (step ? step.getAttribute("data-step") : name.replace(/_/g, " "));
      missing.push({ name: name, words: words, step: step, first: visible[0] });
    });
    return missing;
  }

  function wordsOf(missing) {
    var seen = [];
    missing.forEach(function (need) {
      if (seen.indexOf(need.words) < 0) { seen.push(need.words); }
    });
    return seen;
  }

  var counter = 0;

  function parts(form) {
    var button = form.querySelector("[data-play-button]");
    // The line goes where the form keeps a place for it, else just after the play's button.
    var line = form.querySelector(".play-needs");
    if (!line) {
      line = document.createElement("p");
      line.className = "play-needs";
      if (button) {
        button.insertAdjacentElement("afterend", line);
      } else {
        form.appendChild(line);
      }
    }
    if (!line.id) {
      line.id = "play-needs-" + (++counter);
      line.setAttribute("aria-live", "polite");
      if (button) { button.setAttribute("aria-describedby", line.id); }
    }
    return { button: button, line: line };
  }

  function mark(form, missing, urgent) {
    var found = parts(form);
    var words = wordsOf(missing);
    var steps = missing.map(function (need) { return need.step; });
    form.querySelectorAll("[data-step]").forEach(function (step) {
      var badge = step.querySelector(":scope > .step-need, :scope > legend > .step-need");
      var lacking = steps.indexOf(step) >= 0;
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "step-need";
        badge.textContent = "to choose";
        // On a step drawn with a border the mark sits on it; on one without, in its legend.
        var legend = step.querySelector(":scope > legend");
        var bordered = parseFloat(getComputedStyle(step).borderTopWidth) > 0;
        (legend && !bordered ? legend : step).appendChild(badge);
      }
      // Marked while missing on a form whose play has a button of its own; elsewhere (a card
      // that posts at once, the event's name) once a try was refused.
      badge.hidden = !(lacking && (found.button || urgent));
      step.classList.toggle("step-missing", lacking);
      step.classList.toggle("step-error", lacking && urgent);
    });
    found.line.classList.toggle("error", urgent && words.length > 0);
    if (found.button) {
      found.line.textContent = words.length ? "Still to choose: " + words.join(", ") : "";
      if (words.length) {
        found.button.setAttribute("aria-disabled", "true");
      } else {
        found.button.removeAttribute("aria-disabled");
      }
    } else {
      found.line.textContent = urgent && words.length ? "Still to choose: " + words.join(", ") : "";
    }
  }

  function refresh(form, urgent) {
    var missing = needs(form);
    mark(form, missing, urgent && missing.length > 0);
    return missing;
  }

  function setUp(form) {
    if (form.dataset.playSteps) { return; }
    form.dataset.playSteps = "1";
    form.noValidate = true;
    refresh(form, false);
    form.addEventListener("change", function () {
      var urgent = !!form.querySelector(".step-error");
      refresh(form, urgent);
    });
    // A tap is a pointer pressed on the control and then its input clicked (a label passes
    // its click on to its input); the keyboard's space and arrows press no pointer.
    var pressed = null;
    form.addEventListener("pointerdown", function (event) {
      pressed = event.target.closest ? event.target.closest("[data-play-tap]") : null;
    });
    form.addEventListener("click", function (event) {
      var input = event.target;
      var tap = input.closest ? input.closest("[data-play-tap]") : null;
      if (!tap || tap !== pressed || !input.matches("input")) { return; }
      pressed = null;
      window.setTimeout(function () {
        if (!input.checked || !form.isConnected) { return; }
        if (needs(form).length === 0) {
          form.requestSubmit(form.querySelector("[data-play-button]") || undefined);
        } else {
          refresh(form, true);
        }
      }, 0);
    });
  }

  // Before htmx sees the submit (it listens on the form itself): an incomplete play is
  // stopped here, in the capturing phase.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(FORMS)) { return; }
    var submitter = event.submitter;
    if (submitter && submitter.hasAttribute("formnovalidate")) { return; }
    var missing = refresh(form, true);
    if (!missing.length) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    var first = missing[0].first;
    if (first) {
      try { first.focus({ preventScroll: false }); } catch (error) { first.focus(); }
    }
  }, true);

  function scan() {
    document.querySelectorAll(FORMS).forEach(setUp);
  }
  document.addEventListener("htmx:afterSwap", scan);
  document.addEventListener("htmx:load", scan);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
})();
