// The scoring screen's network side. A lost connection or a refused write is never silent, and
// plays tapped while the tablet is offline wait in localStorage, in order, each with the log
// position it was entered at; they are sent one by one when the connection returns. The server
// refuses a play whose position has moved on (409): then the waiting plays are kept and listed
// for the scorer to discard, never merged.
//
// A waiting play's cards are marked on the board as used (class "queued", disabled, with a
// "waiting" mark), so that the same card is not tapped twice while the board cannot advance;
// the marks follow the queue (so they come back after a reload) and go when it is sent.
//
// With the local engine ready (engine.js), a play tapped while plays wait is played on the
// tablet first: refused at once if the rules refuse it, else queued with the board moving.
//
// The scoring page itself is kept on the tablet by a service worker (scoring-worker.js), so
// reloading it offline brings back the screen and its waiting plays. The worker's copy is
// refreshed after every change of the board; a screen shown from the copy says so and fetches
// the latest board as soon as the server answers again.
//
// While the screen is idle it follows the game live: every LIVE_MS it asks the server for the
// board, naming the one it shows (#board[data-live-tag]); unchanged, the answer is an empty
// 304. When another tablet or a correction changed the game, the new board is swapped in
// (with only the new play-by-play lines when plays were only added, else the whole list),
// keeping the scorer's selection (the cards ticked, not yet posted) if the board still waits
// for the same play. It does not ask while plays wait or are on their way, a tap is being
// posted, a question waits for an answer (the server's or the tablet's), or the page is hidden.
(function () {
  "use strict";

  var RETRY_MS = 4000;
  var COPY_DELAY_MS = 1000;
  var LIVE_MS = 3000;

  function show(text) {
    var box = document.getElementById("net-status");
    if (box) { box.textContent = text; }
  }

  var panel = document.getElementById("offline-panel");
  var copies = panel ? offlineCopies(panel) : null;
  var queue = panel ? offlineQueue(panel, copies) : null;

  document.addEventListener("htmx:configRequest", function (event) {
    if (queue) { queue.onConfigRequest(event); }
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (queue && queue.onSendError(event)) { return; }
    show("Could not reach the server: nothing was recorded. Check the connection and tap again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    show(status === 403 ? "You are not a scorer of this game: nothing was recorded."
                        : "The server refused the request (" + status + "): nothing was recorded.");
  });
  // A refused tap's board comes back with the scorer's choices ticked by the server
  // (data-selected). They are choices, not the form's defaults: a reset (a play queued
  // offline) clears them as it clears any tap, and the live poll keeps them as the scorer's.
  function unpinSelection() {
    document.querySelectorAll("#board input[data-selected]").forEach(function (input) {
      input.checked = true;
      input.defaultChecked = false;
      input.removeAttribute("data-selected");
    });
  }
  document.addEventListener("htmx:afterSwap", unpinSelection);
  document.addEventListener("htmx:afterSwap", function () {
    if (queue) { queue.onSwap(); }
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", unpinSelection);
  } else {
    unpinSelection();
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) {
      show("");
      if (queue) { queue.onAnswered(); }
    }
  });

  // The service worker that keeps this page for offline use: registered here, told what to
  // keep. Null where the browser has none (or the page is not served over HTTPS).
  function offlineCopies(panel) {
    if (!("serviceWorker" in navigator) || !panel.dataset.workerUrl) { return null; }
    var accounts = new URLSearchParams({
      login: panel.dataset.loginUrl || "",
      logout: panel.dataset.logoutUrl || "",
    });
    navigator.serviceWorker.register(panel.dataset.workerUrl + "?" + accounts).catch(
      function () { /* offline (an installed worker stays in charge), or not allowed here */ });
    var ready = navigator.serviceWorker.ready;

    function post(message, onReply) {
      ready.then(function (registration) {
        if (!registration.active) { return; }
        var channel = new MessageChannel();
        if (onReply) {
          channel.port1.onmessage = function (event) { onReply(event.data || {}); };
        }
        registration.active.postMessage(message, [channel.port2]);
      }).catch(function () { /* no worker: the page is simply not kept */ });
    }

    function assets() {
      var found = [];
      document.querySelectorAll('link[rel~="stylesheet"][href], script[src]').forEach(
        function (element) { found.push(element.href || element.src); });
      return found;
    }

    return {
      // Keep this page and its stylesheets and scripts; the answer says whether the page was
      // shown from the copy (and when the copy was made).
      keep: function (onReply) { post({ type: "keep", assets: assets() }, onReply); },
      // The copy becomes the page as it stands: not asked of the server again, which would
      // draw and send a long game's whole play-by-play once more for every play.
      refresh: function () {
        post({ type: "refresh", html: "<!DOCTYPE html>\n" + document.documentElement.outerHTML });
      },
    };
  }

  function offlineQueue(panel, copies) {
    // Keyed by scorer too: plays one scorer left waiting are never sent under another's login.
    var key = "scorekeeper.offline.game." + panel.dataset.game + ".user." + panel.dataset.user;
    var playUrl = panel.dataset.playUrl;
    var undoUrl = panel.dataset.undoUrl;
    var summary = panel.querySelector(".offline-summary");
    var list = panel.querySelector(".offline-plays");
    var discardAll = panel.querySelector(".offline-discard-all");
    // plays: [{fields: [[name, value]...], expected: n, after: id or null}]
    // conflict: the server's refusal, when the first waiting play could not be sent.
    // paused: the first waiting play came back as a question; the rest wait for the answer.
    var state = load();
    var unreachable = false;
    var sending = false;
    // Set when this screen is the worker's copy: the time the copy was made ("" if unknown).
    var copy = null;
    var refreshing = false;
    var copyTimer = null;

    function load() {
      try {
        var saved = JSON.parse(window.localStorage.getItem(key) || "null");
        if (saved && Array.isArray(saved.plays)) { return saved; }
      } catch (error) { /* a broken entry is treated as an empty queue */ }
      return { plays: [], conflict: "", paused: false };
    }

    function save() {
      if (state.plays.length) {
        window.localStorage.setItem(key, JSON.stringify(state));
      } else {
        window.localStorage.removeItem(key);
      }
    }

    function offline() { return unreachable || !navigator.onLine; }

    function boardField(name) {
      var input = document.querySelector('#board input[name="' + name + '"]');
      return input ? input.value : "";
    }

    function isPlayForm(elt) {
      return elt && elt.getAttribute && elt.getAttribute("hx-post") === playUrl;
    }

    function isUndoForm(elt) {
      return elt && elt.getAttribute && elt.getAttribute("hx-post") === undoUrl;
    }

    function describe(play) {
      var words = play.fields.map(function (pair) {
        return pair[0] === "play" ? pair[1] : pair[0] + " " + pair[1];
      });
      return (words.join(" · ") || "play") + " (position " + play.expected + ")";
    }

    function plural(n) { return n === 1 ? "1 play" : n + " plays"; }

    function copyNote() {
      if (copy === null) { return ""; }
      var made = copy ? new Date(copy) : null;
      var time = made && !isNaN(made.getTime())
        ? " (kept at " + made.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) + ")"
        : "";
      return " This screen is the copy kept on this tablet" + time + ": the board may be behind.";
    }

    function render() {
      var n = state.plays.length;
      panel.hidden = n === 0 && !offline() && copy === null;
      panel.classList.toggle("conflict", Boolean(state.conflict));
      if (state.conflict) {
        summary.textContent = "Not sent: " + state.conflict + " " + plural(n) +
          " entered at this tablet could not be sent and " + (n === 1 ? "is" : "are") +
          " kept below: discard " + (n === 1 ? "it" : "them") + ", then enter again what is still needed.";
      } else if (state.paused) {
        summary.textContent = "A waiting play needs an answer below; " + plural(n) +
          " will be sent after it.";
      } else if (offline() && n) {
        summary.textContent = "Offline: " + plural(n) +
          " waiting, the board will update when they are sent." + copyNote();
      } else if (offline()) {
        summary.textContent = "Offline: plays entered now are kept on this tablet and sent " +
          "when the connection returns." + copyNote();
      } else if (n) {
        summary.textContent = "Back online: sending " + plural(n) + " waiting…";
      } else if (copy !== null) {
        summary.textContent = "Back online: fetching the latest board…";
      } else {
        summary.textContent = "";
      }
      list.textContent = "";
      state.plays.forEach(function (play, index) {
        var item = document.createElement("li");
        var words = document.createElement("span");
        words.textContent = describe(play);
        item.appendChild(words);
        if (state.conflict || state.paused) {
          var discard = document.createElement("button");
          discard.type = "button";
          discard.className = "button button-quiet offline-discard";
          discard.textContent = "Discard";
          discard.addEventListener("click", function () { remove(index); });
          item.appendChild(discard);
        }
        list.appendChild(item);
      });
      discardAll.hidden = !(state.conflict || state.paused) || n === 0;
      markQueued();
    }

    // The cards the waiting plays used: any control of the board (not a hidden field) whose
    // name and value a waiting play posted, inside an element that is a card ([data-card]),
    // so that calls such as "Leave", which may be made again, are left alone. Marks already
    // there (even from the kept copy of the page) are taken off first.
    function markQueued() {
      document.querySelectorAll("#board [data-queued-disabled]").forEach(function (control) {
        control.disabled = false;
        control.removeAttribute("aria-disabled");
        control.removeAttribute("data-queued-disabled");
      });
      document.querySelectorAll("#board .queued-mark").forEach(function (mark) { mark.remove(); });
      document.querySelectorAll("#board .queued").forEach(function (card) {
        card.classList.remove("queued");
      });
      // With the local engine in step, the cards are drawn from its state (local-board.js).
      var engine = window.scorekeeperEngine;
      if (state.conflict || (engine && engine.usable())) { return; }
      state.plays.forEach(function (play) {
        play.fields.forEach(function (pair) {
          var selector = '#board form [name="' + String(pair[0]).replace(/["\\]/g, "\\$&") + '"]';
          document.querySelectorAll(selector).forEach(function (control) {
            if (control.type === "hidden" || control.value !== pair[1]) { return; }
            var card = control.closest("[data-card]");
            if (!card) { return; }
            if (!control.disabled) {
              control.disabled = true;
              control.setAttribute("data-queued-disabled", "");
            }
            control.setAttribute("aria-disabled", "true");
            if (control.type === "checkbox" || control.type === "radio") {
              control.checked = false;
            }
            card.classList.add("queued");
            if (!card.querySelector(".queued-mark")) {
              var mark = document.createElement("span");
              mark.className = "queued-mark";
              mark.textContent = "waiting";
              card.appendChild(mark);
            }
          });
        });
      });
    }

    function remove(index) {
      state.plays.splice(index, 1);
      if (!state.plays.length) { state.conflict = ""; state.paused = false; }
      save();
      render();
      followEngine();
    }

    function enqueue(pairs) {
      var fields = [];
      var expected = "";
      var after = "";
      pairs.forEach(function (pair) {
        if (pair[0] === "expected") { expected = pair[1]; }
        else if (pair[0] === "after") { after = pair[1]; }
        else if (pair[0] !== "csrfmiddlewaretoken" && pair[0] !== "revision") { fields.push(pair); }
      });
      var last = state.plays[state.plays.length - 1];
      state.plays.push(last
        ? { fields: fields, expected: last.expected + 1, after: null }
        : { fields: fields, expected: parseInt(expected, 10), after: after === "" ? null : after });
      save();
      render();
    }

    function pairsOf(formData) {
      var pairs = [];
      formData.forEach(function (value, name) {
        if (typeof value === "string") { pairs.push([name, value]); }
      });
      return pairs;
    }

    var lastPlay = null;

    function onConfigRequest(event) {
      var elt = event.detail.elt;
      if (isUndoForm(elt) && state.plays.length && !state.conflict && !state.paused) {
        // Undo takes back the last play that has not been sent yet.
        event.preventDefault();
        remove(state.plays.length - 1);
        return;
      }
      if (!isPlayForm(elt) || (event.detail.errors && event.detail.errors.length)) { return; }
      var pairs = pairsOf(event.detail.formData);
      var form = elt.closest("form") || elt;
      if (state.conflict) {
        event.preventDefault();
        panel.hidden = false;
        panel.scrollIntoView({ block: "nearest" });
        return;
      }
      if (offline() || (state.plays.length && !state.paused)) {
        event.preventDefault();
        queueTap(pairs, form);
        return;
      }
      lastPlay = { elt: elt, pairs: pairs, form: form };
    }

    // A tap made while plays wait (or offline) joins the queue. With the local engine in step
    // with the board, it is first played there: a play the rules refuse is refused at once, in
    // the engine's words, and not queued; the board moves with every play queued
    // (local-board.js). A question the play needs is asked on the tablet (local-questions.js)
    // and the play, with the answer's fields added, played again; cancelled, nothing is queued.
    function queueTap(pairs, form) {
      var engine = window.scorekeeperEngine;
      if (!engine || !engine.usable()) {
        enqueue(pairs);
        if (form.reset) { form.reset(); }
        return;
      }
      engine.tap(pairs).then(function (answer) {
        var asker = window.scorekeeperQuestion;
        if (answer.question && answer.asking && asker) {
          asker.ask(answer.asking, function (answers) { queueTap(pairs.concat(answers), form); });
          return;
        }
        if (!answer.ok && !answer.question) {
          refusedHere(answer.refusal);
          return;
        }
        enqueue(pairs);
        if (form.reset) { form.reset(); }
        if (answer.question) { engine.follow(); }
        if (!offline()) { flush(); }
      }, function () {
        enqueue(pairs);
        if (form.reset) { form.reset(); }
      });
    }

    function refusedHere(words) {
      var feedback = document.querySelector("#board .feedback");
      if (!feedback) { return; }
      feedback.textContent = "";
      var line = document.createElement("p");
      line.className = "error";
      line.setAttribute("role", "alert");
      line.textContent = words + " Nothing was queued.";
      feedback.appendChild(line);
    }

    function onSendError(event) {
      unreachable = true;
      if (!lastPlay || lastPlay.elt !== event.detail.elt) { render(); return false; }
      // The play may not have reached the server: keep it and send it again at its position
      // (if it did arrive, the server refuses the second copy with a conflict).
      enqueue(lastPlay.pairs);
      state.plays[state.plays.length - 1].inflight = true;
      save();
      if (lastPlay.form.reset) { lastPlay.form.reset(); }
      lastPlay = null;
      show("");
      return true;
    }

    function onAnswered() {
      unreachable = false;
      boardChanged();
      var next = state.plays[0];
      if (state.paused && next && boardField("expected") === String(next.expected)) {
        state.paused = false;
        save();
      }
      render();
      flush();
    }

    // Puts in the board an answer carries, and what it says of the play-by-play below it
    // (out of band, as htmx does for a tap).
    function swapBoard(html) {
      var holder = document.createElement("template");
      holder.innerHTML = html.trim();
      var board = document.getElementById("board");
      if (!holder.content.querySelector("#board") || !board) { return null; }
      if (window.htmx && window.htmx.swap) {
        window.htmx.swap(board, html, { swapStyle: "outerHTML" });
      } else {
        board.replaceWith(holder.content.querySelector("#board"));
      }
      boardChanged();
      return document.getElementById("board");
    }

    // The board now is the server's: this screen is no longer an old copy, and the worker's
    // copy is brought up to date (once the taps pause, to spare the server).
    function boardChanged() {
      copy = null;
      if (!copies) { return; }
      window.clearTimeout(copyTimer);
      copyTimer = window.setTimeout(copies.refresh, COPY_DELAY_MS);
    }

    // Shown from the copy: with nothing waiting, ask the server for the latest board.
    function refreshBoard() {
      if (refreshing || sending || copy === null || state.plays.length || !navigator.onLine) {
        return;
      }
      refreshing = true;
      fetch(window.location.pathname, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { "HX-Request": "true", "HX-Target": "board" },
      }).then(function (response) {
        if (response.status >= 500) { throw new Error(String(response.status)); }
        return response.ok ? response.text() : "";
      }).then(function (html) {
        refreshing = false;
        unreachable = false;
        if (!html || !swapBoard(html)) {
          // The server answers, but not with a board (logged out? no longer a scorer?):
          // load the page from it, to let it say why.
          window.location.reload();
          return;
        }
        render();
      }, function () {
        refreshing = false;
        unreachable = true;
        render();
      });
    }

    function servedFromCopy(made) {
      copy = made || "";
      unreachable = true;
      render();
      refreshBoard();
    }

    function refusal(board, status) {
      var error = board && board.querySelector(".feedback .error");
      return error ? error.textContent.trim() : "the server refused it (" + status + ").";
    }

    function flush() {
      if (sending || state.conflict || state.paused || !state.plays.length || !navigator.onLine) {
        return;
      }
      var play = state.plays[0];
      if (play.inflight) { checkInflight(); return; }
      sending = true;
      var after = play.after;
      if (after === null && boardField("expected") === String(play.expected)) {
        after = boardField("after");
      }
      var body = new URLSearchParams();
      play.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      body.append("expected", String(play.expected));
      if (after !== null && after !== "") { body.append("after", after); }
      if (boardField("expected") === String(play.expected)) {
        // The screen shows the board this play follows: the answer need only add its line.
        body.append("revision", boardField("revision"));
      }
      var token = boardField("csrfmiddlewaretoken");
      // Marked as on its way: if the page goes before the answer comes, the next load checks
      // whether it arrived before sending it again.
      play.inflight = true;
      save();
      fetch(playUrl, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "HX-Request": "true", "HX-Target": "board", "X-CSRFToken": token },
      }).then(function (response) {
        return response.text().then(function (html) { settle(play, response.status, html); });
      }, function () {
        sending = false;
        unreachable = true;
        render();
      });
    }

    function normalised(value) {
      if (Array.isArray(value)) { return value.map(normalised); }
      if (value !== null && typeof value === "object") {
        var out = {};
        Object.keys(value).sort().forEach(function (name) { out[name] = normalised(value[name]); });
        return out;
      }
      return String(value);
    }

    function sameAs(play, payload) {
      var posted = {};
      play.fields.forEach(function (pair) {
        var name = pair[0];
        if (name === "answered") { return; }
        if (name in posted) { posted[name] = [].concat(posted[name], pair[1]); }
        else { posted[name] = pair[1]; }
      });
      if (typeof posted.play === "string") {
        try { posted = JSON.parse(posted.play); } catch (error) { return false; }
      }
      return JSON.stringify(normalised(posted)) === JSON.stringify(normalised(payload));
    }

    // Before sending waiting plays, ask the server for the log: a page that has just loaded
    // (perhaps from the worker's copy) does not send on the browser's word that it is online.
    // A play whose answer never came (the connection or the page went away) may have been
    // recorded: drop it from the queue only if that very play is in the log.
    function checkInflight() {
      var play = state.plays[0];
      if (!play || !navigator.onLine) { return; }
      sending = true;
      fetch(panel.dataset.recordUrl, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (record) {
        sending = false;
        if (!play.inflight) { flush(); return; }
        var there = record.plays.length >= play.expected ? record.plays[play.expected - 1] : null;
        if (there && sameAs(play, there)) {
          state.plays.shift();
          save();
          window.location.reload();
          return;
        }
        play.inflight = false;
        save();
        flush();
      }, function () {
        sending = false;
        unreachable = true;
        render();
      });
    }

    function settle(play, status, html) {
      sending = false;
      play.inflight = false;
      unreachable = false;
      if (status >= 500) {
        show("The server failed (" + status + "): the waiting plays are kept and sent again.");
        render();
        return;
      }
      var board = status === 403 ? null : swapBoard(html);
      if (status === 200 && board) {
        state.plays.shift();
        if (boardField("expected") !== String(play.expected + 1)) {
          // Not recorded yet: the server asks a question about it (its fields are on the board).
          state.paused = state.plays.length > 0;
        }
        save();
        render();
        followEngine();
        flush();
        return;
      }
      state.conflict = status === 403 ? "you are not a scorer of this game." : refusal(board, status);
      save();
      render();
      followEngine();
    }

    // The board or the queue changed: the local engine checks its log against them.
    function followEngine() {
      if (window.scorekeeperEngine) { window.scorekeeperEngine.follow(); }
    }

    // The live board: see the top of this file.
    var polling = false;

    function idle() {
      return !polling && !sending && !refreshing && copy === null && !state.plays.length &&
        !state.conflict && !state.paused && !offline() && !document.hidden &&
        !document.querySelector(".htmx-request") && !document.querySelector("#board .question") &&
        !document.querySelector("#local-question:not([hidden])");
    }

    function liveTag() {
      var board = document.getElementById("board");
      return board ? board.getAttribute("data-live-tag") || "" : "";
    }

    function pollBoard() {
      if (!idle()) { return; }
      var shown = liveTag();
      var headers = { "HX-Request": "true", "HX-Target": "board" };
      if (shown) { headers["If-None-Match"] = shown; }
      // What the screen shows, so that plays added since come as their lines alone.
      var board = document.getElementById("board");
      var shows = new URLSearchParams({
        seen: String(parseInt(boardField("expected"), 10) - 1),
        chain: board ? board.getAttribute("data-chain") || "" : "",
      });
      polling = true;
      fetch(window.location.pathname + "?" + shows, {
        credentials: "same-origin",
        cache: "no-store",
        headers: headers,
      }).then(function (response) {
        if (response.status !== 200) { return ""; }
        return response.text();
      }).then(function (html) {
        polling = false;
        // A tap, an answer or a waiting play went out meanwhile: its answer is the board.
        if (!html || liveTag() !== shown || !idle()) { return; }
        followBoard(html);
      }, function () {
        polling = false;
      });
    }

    function followBoard(html) {
      var holder = document.createElement("template");
      holder.innerHTML = html.trim();
      var fresh = holder.content.querySelector("#board");
      if (!fresh) { return; }
      var same = ["expected", "after"].every(function (name) {
        var input = fresh.querySelector('input[name="' + name + '"]');
        return (input ? input.value : "") === boardField(name);
      });
      var kept = same ? selection() : [];
      if (swapBoard(html)) { restore(kept); }
    }

    // The controls the scorer has set on the board (checked cards, chosen values), to set
    // again on a fresh board that waits for the same play.
    function selection() {
      var kept = [];
      document.querySelectorAll("#board form input, #board form select, #board form textarea")
        .forEach(function (field) {
          if (!field.name || field.type === "hidden" || field.type === "submit") { return; }
          if (field.type === "checkbox" || field.type === "radio") {
            if (field.checked !== field.defaultChecked) {
              kept.push({ name: field.name, value: field.value, checked: field.checked });
            }
          } else if (field.tagName === "SELECT") {
            var option = field.options[field.selectedIndex];
            if (option && !option.defaultSelected) {
              kept.push({ name: field.name, value: field.value });
            }
          } else if (field.value !== field.defaultValue) {
            kept.push({ name: field.name, value: field.value });
          }
        });
      return kept;
    }

    function restore(kept) {
      kept.forEach(function (item) {
        document.querySelectorAll('#board form [name="' + item.name + '"]').forEach(
          function (field) {
            if (field.type === "checkbox" || field.type === "radio") {
              if (field.value !== item.value || field.disabled) { return; }
              field.checked = item.checked;
            } else if (field.tagName === "SELECT") {
              var found = Array.prototype.some.call(field.options, function (option) {
                return option.value === item.value && !option.disabled;
              });
              if (!found) { return; }
              field.value = item.value;
            } else if (field.type !== "hidden") {
              field.value = item.value;
            } else {
              return;
            }
            field.dispatchEvent(new Event("input", { bubbles: true }));
            field.dispatchEvent(new Event("change", { bubbles: true }));
          });
      });
    }

    window.setInterval(pollBoard, LIVE_MS);
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { pollBoard(); }
    });

    discardAll.addEventListener("click", function () {
      state = { plays: [], conflict: "", paused: false };
      save();
      render();
    });
    window.addEventListener("online", function () {
      unreachable = false;
      render();
      flush();
      refreshBoard();
    });
    window.addEventListener("offline", render);
    window.addEventListener("storage", function (event) {
      if (event.key === key) { state = load(); render(); }
    });
    window.setInterval(function () {
      if (!navigator.onLine) { return; }
      if (state.plays.length) { unreachable = false; flush(); } else { refreshBoard(); }
    }, RETRY_MS);
    render();
    checkInflight();
    if (copies) {
      copies.keep(function (reply) {
        if (typeof reply.copy === "string") { servedFromCopy(reply.copy); }
      });
    }

    // The local engine (engine.js) plays the waiting plays after the board's: their fields as
    // posted, none while a conflict stops the queue.
    // A play answered on the tablet (local-board.js asks a tap's question there, online too)
    // goes the queue's way: played on the tablet, then sent at once when online.
    window.scorekeeperQueue = {
      waiting: function () {
        return state.conflict ? [] : state.plays.map(function (play) { return play.fields; });
      },
      tap: function (pairs, form) { queueTap(pairs, form || {}); },
    };

    return {
      onConfigRequest: onConfigRequest,
      onSendError: onSendError,
      onAnswered: onAnswered,
      onSwap: markQueued,
    };
  }
})();
