// The scoring screen's local engine, on the page's side: once the page has loaded and the
// browser is idle, it starts engine-worker.js (Pyodide and the engines, in a web worker) and
// opens this game in it from the game's record. The page never waits for it: until it is
// ready, every tap goes to the server as it always has.
//
// window.scorekeeperEngine is the page's handle on it:
//   status       "loading", "ready" or "failed" (also on <html data-engine>)
//   ready        a promise of the game as the engine has it (the answer to "open")
//   request(op, fields)  a promise of the engine's answer (games/engines/tablet.py: serve)
//   timings      {boot, open}: milliseconds from the page's start to each step
// and "engine:ready" / "engine:failed" events are sent on document.
(function () {
  "use strict";

  var holder = document.getElementById("local-engine");
  if (!holder || !window.Worker || !window.WebAssembly) { return; }

  var worker = null;
  var next = 1;
  var waiting = new Map();
  var resolveReady, rejectReady;
  var handle = {
    status: "loading",
    ready: new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; }),
    request: request,
    timings: {},
  };
  handle.ready.catch(function () { /* told by status and the event */ });
  window.scorekeeperEngine = handle;
  setStatus("loading");

  function setStatus(status) {
    handle.status = status;
    document.documentElement.setAttribute("data-engine", status);
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
    document.dispatchEvent(new CustomEvent("engine:failed", { detail: { error: handle.error } }));
  }

  function record() {
    return fetch(holder.dataset.record, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) { throw new Error("record: " + response.status); }
      return response.json();
    });
  }

  // The game as the server's log has it now.
  function open() {
    return record().then(function (game) {
      return request("open", { kind: game.game, options: game.options, plays: game.plays });
    });
  }

  // The board the server drew names the log's length (the next play's position): when the
  // engine's log is not as long (another tablet scored, a play was corrected or undone), it
  // opens the game again from the record.
  function follow() {
    if (handle.status !== "ready") { return; }
    var expected = document.querySelector('#board input[name="expected"]');
    var length = expected ? parseInt(expected.value, 10) - 1 : NaN;
    if (isNaN(length)) { return; }
    request("view").then(function (view) {
      if (view.length !== length) { return open(); }
    }).catch(function () { /* the next board tries again */ });
  }
  document.addEventListener("htmx:afterSwap", follow);

  function start() {
    try {
      worker = new Worker(holder.dataset.worker, { type: "module" });
    } catch (error) {
      fail(error);
      return;
    }
    worker.onmessage = answered;
    worker.onerror = function (event) { fail(new Error(event.message || "the engine's worker failed")); };
    var booted = request("boot", {
      pyodide: new URL(holder.dataset.pyodide, document.baseURI).href,
      stdlib: new URL(holder.dataset.stdlib, document.baseURI).href,
      lock: new URL(holder.dataset.lock, document.baseURI).href,
      engines: new URL(holder.dataset.engines, document.baseURI).href,
    }).then(function () { handle.timings.boot = Math.round(performance.now()); });
    booted.then(open).then(function (view) {
      handle.timings.open = Math.round(performance.now());
      setStatus("ready");
      resolveReady(view);
      document.dispatchEvent(new CustomEvent("engine:ready", { detail: view }));
    }, fail);
  }

  // After the page is usable: once it has loaded, when the browser is next idle.
  function whenIdle() {
    if (window.requestIdleCallback) {
      window.requestIdleCallback(start, { timeout: 500 });
    } else {
      window.setTimeout(start, 0);
    }
  }
  if (document.readyState === "complete") {
    whenIdle();
  } else {
    window.addEventListener("load", whenIdle);
  }
})();
