// A question the tablet's own engine asks before a play can be applied (the umpire's cards, a
// review, a bouncer, a bobble roll, an extension, "held the suit?"), asked on the tablet when
// the play is not going to the server now: offline, or behind plays that wait. The engine
// answers a tap with the question put as answers to tap (games/kinds/taps/questions.py); this
// draws them above the board, and a tapped answer gives back the fields to add to the play's
// own, as the server's question form posts them. Online, the server's board asks.
//
// window.scorekeeperQuestion:
//   ask(asking, answered)  draw the question; answered(pairs) is called with the answer's
//                          fields when one is tapped (never when the play is cancelled)
//   close()                take the question away
(function () {
  "use strict";

  var box = null;

  function shown() {
    if (!box) {
      box = document.createElement("section");
      box.id = "local-question";
      box.className = "question local-question";
      box.setAttribute("aria-live", "assertive");
      var board = document.getElementById("board");
      if (board && board.parentNode) { board.parentNode.insertBefore(box, board); }
    }
    return box;
  }

  function close() {
    if (!box) { return; }
    box.hidden = true;
    box.textContent = "";
    delete box.dataset.ask;
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) { made.className = className; }
    if (text) { made.textContent = text; }
    return made;
  }

  function group(spec) {
    var fieldset = element("fieldset", "chips");
    fieldset.appendChild(element("legend", "", spec.legend));
    var row = element("div", "row");
    spec.options.forEach(function (option) {
      var label = element("label", "chip-choice");
      var input = document.createElement("input");
      input.type = "radio";
      input.name = spec.name;
      input.value = option[0];
      input.setAttribute("aria-label", spec.legend + ": " + option[1]);
      label.appendChild(input);
      label.appendChild(element("span", "", option[1]));
      row.appendChild(label);
    });
    fieldset.appendChild(row);
    return fieldset;
  }

  function ask(asking, answered) {
    var section = shown();
    section.textContent = "";
    section.hidden = false;
    section.dataset.ask = asking.ask;
    var form = element("form", "local-question-form");
    form.noValidate = true;
    form.appendChild(element("h3", "", asking.title));
    (asking.words || []).forEach(function (words) { form.appendChild(element("p", "", words)); });
    (asking.groups || []).forEach(function (spec) { form.appendChild(group(spec)); });
    var needs = element("p", "play-needs");
    var answers = element("div", "answers");
    (asking.answers || []).forEach(function (answer) {
      var button = element("button", "button button-big", answer.label);
      button.type = "submit";
      button.dataset.name = answer.name;
      button.dataset.value = answer.value;
      if (answer.needs) { button.dataset.needs = "1"; }
      answers.appendChild(button);
    });
    form.appendChild(answers);
    form.appendChild(needs);
    var cancel = element("button", "button button-quiet cancel-local", "Cancel this play");
    cancel.type = "button";
    cancel.addEventListener("click", close);
    form.appendChild(cancel);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = event.submitter;
      if (!button) { return; }
      var pairs = [];
      if (button.dataset.needs) {
        var missing = (asking.groups || []).filter(function (spec) {
          var picked = form.querySelector('input[name="' + spec.name + '"]:checked');
          if (picked) { pairs.push([spec.name, picked.value]); }
          return !picked;
        });
        if (missing.length) {
          needs.textContent = "Choose " + missing.map(function (spec) {
            return spec.legend.toLowerCase();
          }).join(" and ") + " first.";
          return;
        }
      }
      if (button.dataset.name) { pairs.push([button.dataset.name, button.dataset.value]); }
      close();
      answered(pairs);
    });
    section.appendChild(form);
    var first = answers.querySelector("button");
    if (first) { first.focus({ preventScroll: true }); }
    section.scrollIntoView({ block: "nearest" });
  }

  window.scorekeeperQuestion = { ask: ask, close: close };
})();
