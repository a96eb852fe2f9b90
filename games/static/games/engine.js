// The scoring screen's local engine, on the page's side: once the page has loaded, it starts engine-worker.js (Pyodide and the engines, in a web worker) and
// opens this game in it. The page never waits for it: until it is ready, every tap goes to the
// server as it always has. local-board.js draws what it answers.
//
// The engine's log is the server's (the game's record) followed by the plays waiting on this
// tablet (scoring.js's queue). After every board the server draws, the two are compared: the
// board names the log's length, so when the engine's log is not that plus the waiting plays
// (another tablet scored, a play was refused, corrected or undone) the game is opened again.
// The server's part is kept in localStorage, so that a page reloaded offline opens it too.
//
// window.scorekeeperEngine is the page's handle on it:
//   status         "loading", "ready" or "failed" (also on <html data-engine>)
//   ready          a promise of the game as the engine opened it
//   request(op, fields)  a promise of the engine's answer (games/kinds/taps: serve)
//   tap(pairs)     a promise of the answer to a tap (the form's [name, value] pairs)
//   usable()       ready, and its log known to be the board's plus the waiting plays
//   follow()       compare with the board now (and open the game again if need be)
//   boardLength()  the plays in the log the server's board shows
//   timings        {boot, open}: milliseconds from the page's start
// Events on document: "engine:ready", "engine:failed", "engine:answer" (detail: the answer).
(function () {
  "use strict";

  var holder = document.getElementById("local-engine");
  if (!holder || !window.Worker || !window.WebAssembly) { return; }

  var KEPT = "scorekeeper.engine.record." + holder.dataset.game;
  var worker = null;
  var next = 1;
  var waiting = new Map();
  var game = null; // {kind, options, plays}: the engine's log, as raw plays
  var matches = false;
  var opening = null;
  var resolveReady, rejectReady;
  var handle = {
    status: "loading",
    ready: new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; }),
    request: request,
    tap: tap,
    usable: function () { return handle.status === "ready" && matches && !opening; },
    follow: follow,
    boardLength: boardLength,
    timings: {},
  };
  handle.ready.catch(function () { /* told by status and the event */ });
  window.scorekeeperEngine = handle;
  setStatus("loading");

  function setStatus(status) {
    handle.status = status;
    document.documentElement.setAttribute("data-engine", status);
  }

  function announce(name, detail) {
    document.dispatchEvent(new CustomEvent(name, { detail: detail }));
  }

  function request(op, fields) {
    if (!worker) { return Promise.reject(new Error("the engine is not started")); }
    var id = next++;
    var message = Object.assign({}, fields || {}, { id: id, op: op });
    return new Promise(function (resolve, reject) {
      waiting.set(id, { resolve: resolve, reject: reject });
      worker.postMessage(message);
    });
  }

  function answered(event) {
    var data = event.data || {};
    var asked = waiting.get(data.id);
    if (!asked) { return; }
    waiting.delete(data.id);
    if (data.failed) { asked.reject(new Error(data.failed)); } else { asked.resolve(data.answer); }
  }

  function fail(error) {
    setStatus("failed");
    handle.error = String((error && error.message) || error);
    rejectReady(error);
    announce("engine:failed", { error: handle.error });
  }

  // A tap as the form posts it: applied after the log's last play, or refused, or asked about.
  function tap(pairs) {
    var answers = pairs.filter(function (pair) { return pair[0] === "answered"; })
      .map(function (pair) { return pair[1]; });
    return request("tap", { fields: pairs, answered: answers }).then(function (answer) {
      if (answer.ok && game) { game.plays.push(answer.play); }
      announce("engine:answer", answer);
      return answer;
    });
  }

  function boardLength() {
    var expected = document.querySelector('#board form:not(.undo-form) input[name="expected"]');
    var length = expected ? parseInt(expected.value, 10) - 1 : NaN;
    if (!isNaN(length)) { return length; }
    // A final board has no play form: its undo form names the last play.
    var undo = document.querySelector('#board .undo-form input[name="expected"]');
    return undo ? parseInt(undo.value, 10) : (document.querySelector("#board") ? 0 : NaN);
  }

  // The plays waiting on this tablet, as their forms posted them ([] while the queue is
  // stopped by a conflict: those are not part of the game).
  function queued() {
    var queue = window.scorekeeperQueue;
    return queue ? queue.waiting() : [];
  }

  function fetched() {
    return fetch(holder.dataset.record, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) { throw new Error("record: " + response.status); }
      return response.json();
    }).then(function (record) {
      return { kind: record.game, options: record.options, plays: record.plays };
    });
  }

  // The record asked for as the engine starts, for its first opening.
  var early = null;

  // The server's log: from the server, else (offline) as last kept, up to the board's length.
  function serverLog(length) {
    var asked = early || fetched();
    early = null;
    return asked.catch(function (error) {
      var kept = null;
      try { kept = JSON.parse(window.localStorage.getItem(KEPT) || "null"); } catch (e) { /* none */ }
      if (!kept || !Array.isArray(kept.plays) || kept.plays.length < length) { throw error; }
      return { kind: kept.kind, options: kept.options, plays: kept.plays.slice(0, length) };
    });
  }

  function keep(length) {
    if (!game) { return; }
    var kept = { kind: game.kind, options: game.options, plays: game.plays.slice(0, length) };
    try { window.localStorage.setItem(KEPT, JSON.stringify(kept)); } catch (e) { /* full */ }
  }

  // Open the game as the server has it, then the waiting plays on top.
  function open() {
    var length = boardLength();
    var started = serverLog(isNaN(length) ? 0 : length).then(function (log) {
      game = { kind: log.kind, options: log.options, plays: log.plays.slice() };
      return request("open", { kind: log.kind, options: log.options, plays: log.plays });
    }).then(function (view) {
      var taps = queued();
      var last = Promise.resolve(view);
      taps.forEach(function (pairs) {
        last = last.then(function (before) {
          return before.ok === false ? before : tap(pairs);
        });
      });
      return last.then(function (after) {
        matches = after.ok !== false && after.length === game.plays.length &&
          game.plays.length === (isNaN(length) ? game.plays.length : length + taps.length);
        if (matches) { keep(length); }
        return after;
      });
    });
    opening = started;
    return started.then(function (view) {
      if (opening === started) { opening = null; }
      return view;
    }, function (error) {
      if (opening === started) { opening = null; }
      matches = false;
      throw error;
    });
  }

  // After the server drew a board (or the queue changed): is the engine's log the board's
  // plays and the waiting ones? If not, open the game again.
  function follow() {
    if (handle.status !== "ready" || opening) { return; }
    var length = boardLength();
    if (isNaN(length)) { return; }
    var expected = length + queued().length;
    request("view").then(function (view) {
      if (view.length === expected && game && game.plays.length === expected) {
        matches = true;
        keep(length);
        announce("engine:answer", view);
        return null;
      }
      return open().then(function (reopened) { announce("engine:answer", reopened); });
    }).catch(function () { matches = false; });
  }
  // After the code that swapped the board is done (scoring.js takes a sent play off its queue
  // right after putting in the board the server answered with).
  document.addEventListener("htmx:afterSwap", function () { window.setTimeout(follow, 0); });

  function start() {
    try {
      worker = new Worker(holder.dataset.worker, { type: "module" });
    } catch (error) {
      fail(error);
      return;
    }
    worker.onmessage = answered;
    worker.onerror = function (event) { fail(new Error(event.message || "the engine's worker failed")); };
    early = fetched();
    early.catch(function () { /* offline: the kept copy is used */ });
    request("boot", {
      pyodide: new URL(holder.dataset.pyodide, document.baseURI).href,
      stdlib: new URL(holder.dataset.stdlib, document.baseURI).href,
      lock: new URL(holder.dataset.lock, document.baseURI).href,
      engines: new URL(holder.dataset.engines, document.baseURI).href,
    }).then(function (booted) {
      handle.timings.boot = Math.round(performance.now());
      handle.timings.started = Math.round(performance.now() - booted.ms);
      handle.timings.steps = booted.steps;
      return open();
    }).then(function (view) {
      // The record was asked for as the engine started: a tap the server took meanwhile
      // is not in it.
      var length = boardLength();
      return isNaN(length) || view.length === length + queued().length ? view : open();
    }).then(function (view) {
      handle.timings.open = Math.round(performance.now());
      setStatus("ready");
      resolveReady(view);
      announce("engine:ready", view);
      announce("engine:answer", view);
    }, fail);
  }

  // After the page is usable: once it has loaded (the worker's start is a few milliseconds
  // of the page's own thread; the rest runs on the worker's).
  function afterLoad() { window.setTimeout(start, 0); }
  if (document.readyState === "complete") {
    afterLoad();
  } else {
    window.addEventListener("load", afterLoad);
  }
})();
