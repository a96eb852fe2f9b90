// The board as the tablet's own engine has it (engine.js), while the server's board is behind:
// a tap not answered yet, or plays waiting offline. Drawn from the engine's summary (the
// summary keys of the game record's format, the same on every game's page): the score, the
// inning or over, outs, bases and count, the sets and points, reviews left, and the last
// play's words. The full board is always the server's: when it has caught up, this one goes.
//
// Online, a tap is played on the tablet as it goes to the server: the figures move at once, a
// play the rules refuse is said at once, and the server's answer then replaces both.
(function () {
  "use strict";

  var holder = document.getElementById("local-engine");
  var panel = document.getElementById("offline-panel");
  if (!holder || !panel) { return; }
  var sides = [];
  try { sides = JSON.parse(holder.dataset.sides || "[]"); } catch (error) { sides = []; }
  var box = null;

  function engine() {
    var handle = window.scorekeeperEngine;
    return handle && handle.usable() ? handle : null;
  }

  function boardLength() {
    return window.scorekeeperEngine ? window.scorekeeperEngine.boardLength() : NaN;
  }

  function ordinal(n) {
    var tens = n % 100;
    var suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
    return n + suffix;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function side(index) { return sides[index] || (index === 0 ? "Visitors" : "Home"); }

  function baseball(summary) {
    var parts = [];
    var score = summary.score || [];
    parts.push(score.length === 1 ? "Runs " + score[0]
      : side(0) + " " + score[0] + ", " + side(1) + " " + score[1]);
    if (summary.status === "final") { return parts.concat("Final"); }
    if (summary.game !== "solitaire-baseball") {
      parts.push((summary.half === "bottom" ? "Bottom " : "Top ") + ordinal(summary.inning));
    } else {
      parts.push("Inning " + summary.inning);
    }
    parts.push(plural(summary.outs || 0, "out"));
    var on = [];
    (summary.bases || []).forEach(function (taken, index) {
      if (taken) { on.push(ordinal(index + 1)); }
    });
    parts.push(on.length ? "on " + on.join(", ") : "bases empty");
    if (typeof summary.balls === "number" || typeof summary.strikes === "number") {
      parts.push("count " + (summary.balls || 0) + "–" + (summary.strikes || 0));
    }
    if (summary.batter) { parts.push("batter " + summary.batter + " up"); }
    return parts;
  }

  function cricket(summary) {
    var innings = summary.innings || [];
    var last = innings[innings.length - 1];
    if (!last) { return ["No ball bowled"]; }
    var parts = ["Innings " + innings.length + ": " + last.runs + "/" + last.wickets +
      " (" + last.overs + " ov)"];
    if (summary.status === "final") { return parts.concat("Final"); }
    if (summary.target) { parts.push("target " + summary.target); }
    if (last.reviews_left) {
      parts.push("reviews left " + side(0) + " " + last.reviews_left[0] + ", " + side(1) + " " +
        last.reviews_left[1]);
    }
    return parts;
  }

  function tennis(summary) {
    var score = summary.score || [0, 0];
    var parts = ["Sets " + score[0] + "–" + score[1]];
    if (summary.status === "final") { return parts.concat("Final"); }
    var games = summary.games || [0, 0];
    var points = summary.points || ["0", "0"];
    parts.push("games " + games[0] + "–" + games[1]);
    parts.push("points " + points[0] + "–" + points[1]);
    if (typeof summary.server === "number") { parts.push(side(summary.server) + " to serve"); }
    return parts;
  }

  function figures(summary) {
    if (summary.game === "quick-cricket") { return cricket(summary); }
    if (summary.game === "quick-tennis") { return tennis(summary); }
    return baseball(summary);
  }

  function shown() {
    if (!box) {
      box = document.createElement("section");
      box.id = "local-board";
      box.className = "local-board";
      box.setAttribute("aria-live", "polite");
      box.setAttribute("aria-label", "The board on this tablet");
      var board = document.getElementById("board");
      if (board && board.parentNode) { board.parentNode.insertBefore(box, board); }
    }
    return box;
  }

  // The play form's cards as the engine's state has them: the values a field may not post now
  // (answer.closed: the cards used up) are disabled and drawn gone, the others open again (a
  // new deal, a new over). The waiting marks of the queue give way to this.
  function closeCards(closed) {
    var form = document.querySelector("#board #play-form");
    if (!form || !closed) { return; }
    Object.keys(closed).forEach(function (name) {
      var shut = new Set(closed[name]);
      var selector = '[name="' + name.replace(/["\\]/g, "\\$&") + '"]';
      form.querySelectorAll(selector).forEach(function (control) {
        if (control.type === "hidden") { return; }
        var off = shut.has(control.value);
        var card = control.closest("[data-card]") || control;
        control.disabled = off;
        control.removeAttribute("data-queued-disabled");
        control.removeAttribute("aria-disabled");
        if (off && (control.type === "radio" || control.type === "checkbox")) {
          control.checked = false;
        }
        card.classList.toggle("gone", off);
        card.classList.remove("queued");
        var mark = card.querySelector(".queued-mark");
        if (mark) { mark.remove(); }
      });
    });
  }

  function draw(answer) {
    var ahead = answer.length - boardLength();
    if (ahead >= 0 && answer.closed) { closeCards(answer.closed); }
    var board = document.getElementById("board");
    if (!(ahead > 0) || !answer.summary) {
      if (box) { box.hidden = true; }
      if (board) { board.classList.remove("behind"); }
      return;
    }
    var section = shown();
    section.hidden = false;
    section.textContent = "";
    var note = document.createElement("p");
    note.className = "local-note";
    note.textContent = "On this tablet, " + plural(ahead, "play") +
      " ahead of the server's board below:";
    var score = document.createElement("p");
    score.className = "local-score";
    score.textContent = figures(answer.summary).join(" · ");
    section.appendChild(note);
    section.appendChild(score);
    if (answer.outcome) {
      var said = document.createElement("p");
      said.className = "local-said";
      said.textContent = answer.outcome;
      section.appendChild(said);
    }
    if (board) { board.classList.add("behind"); }
  }

  document.addEventListener("engine:answer", function (event) {
    if (event.detail && typeof event.detail.length === "number") { draw(event.detail); }
  });

  // A question the tap needs, asked on the tablet from its engine's state (local-questions.js)
  // unless the server's board already asks it; the server's question board, when it comes,
  // is then not put in. The answered play goes the queue's way (scoring.js): played on the
  // tablet, then sent.
  function askHere(answer, posted, form) {
    var asker = window.scorekeeperQuestion;
    var queue = window.scorekeeperQueue;
    if (!answer.asking || !asker || !queue || !queue.tap) { return; }
    if (document.querySelector("#board .question") || boardLength() !== answer.length) { return; }
    asker.ask(answer.asking, function (answers) { queue.tap(posted.concat(answers), form); });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var asked = event.detail.requestConfig;
    var question = document.getElementById("local-question");
    if (!asked || asked.verb !== "post" || asked.path !== panel.dataset.playUrl ||
      !question || question.hidden) { return; }
    var html = event.detail.serverResponse || "";
    if (event.detail.xhr && event.detail.xhr.status === 200 && html.indexOf('class="question"') >= 0) {
      event.detail.shouldSwap = false;
    } else if (window.scorekeeperQuestion) {
      window.scorekeeperQuestion.close();
    }
  });

  // Online: the tap goes to the server as always, and to the engine at the same time.
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (event.defaultPrevented || !elt || !elt.getAttribute) { return; }
    if (elt.getAttribute("hx-post") !== panel.dataset.playUrl) { return; }
    var handle = engine();
    if (!handle) { return; }
    var pairs = [];
    var posted = [];
    event.detail.formData.forEach(function (value, name) {
      if (typeof value !== "string") { return; }
      posted.push([name, value]);
      if (["expected", "after", "revision", "csrfmiddlewaretoken"].indexOf(name) < 0) {
        pairs.push([name, value]);
      }
    });
    var form = elt.closest("form") || elt;
    handle.tap(pairs).then(function (answer) {
      if (answer.question) { askHere(answer, posted, form); return; }
      if (answer.ok || !answer.refusal) { return; }
      var feedback = document.querySelector("#board .feedback");
      if (!feedback || boardLength() !== answer.length) { return; }
      feedback.textContent = "";
      var line = document.createElement("p");
      line.className = "error";
      line.textContent = answer.refusal;
      feedback.appendChild(line);
    }, function () { /* the server answers anyway */ });
  });
})();
