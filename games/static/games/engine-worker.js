// The scoring screen's local engine, in a web worker of its own so that the page never waits
// for it: Pyodide (CPython compiled to WebAssembly) and the engines' package with the games'
// tap readers, both from the site's static files (manage.py pack_engine), running
// games/engines/tablet.py and games/kinds/taps/ as they are.
//
// The page (engine.js) posts {id, op, ...}: first {op: "boot", pyodide, stdlib, lock,
// engines} with the addresses of Pyodide's loader, its standard library and package list, and
// the packed engines; then requests for games.kinds.taps.serve ({op: "open" | "play" |
// "undo" | "view" | "run", ...} as tablet.serve answers them, and {op: "tap", fields:
// [[name, value], ...], answered}: a tap's form fields read into a play, as the server reads
// them, and played). Each is answered {id, answer} (the engine's answer, a JSON value), or
// {id, failed: "why"}. Requests are answered in the order they came.
"use strict";

var serve = null;
var python = null;
var queue = Promise.resolve();

self.onmessage = function (event) {
  var message = event.data || {};
  queue = queue.then(function () {
    return handle(message);
  }).then(function (answer) {
    self.postMessage({ id: message.id, answer: answer });
  }, function (error) {
    self.postMessage({ id: message.id, failed: String((error && error.message) || error) });
  });
};

function handle(message) {
  if (message.op === "boot") { return boot(message); }
  if (!serve) { throw new Error("the engine is not loaded"); }
  if (message.op === "memory") { return { wasm: python._module.HEAPU8.byteLength }; }
  var answer = JSON.parse(serve(JSON.stringify(message)));
  if (answer && answer.failed) { throw new Error(answer.failed); }
  return answer;
}

function boot(message) {
  var started = performance.now();
  var steps = {};
  function step(name) { steps[name] = Math.round(performance.now() - started); }
  // The engines come while the interpreter starts.
  var engines = fetch(message.engines, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) { throw new Error("engines: " + response.status); }
    return response.arrayBuffer();
  });
  engines.catch(function () { /* told below */ });
  return import(message.pyodide).then(function (module) {
    step("loader");
    return module.loadPyodide({
      indexURL: message.pyodide.replace(/[^/]*$/, ""),
      stdLibURL: message.stdlib,
      lockFileURL: message.lock,
      // Nothing is printed by the engines; the page has no console to show it on.
      stdout: function () {},
      stderr: function () {},
    });
  }).then(function (loaded) {
    step("python");
    python = loaded;
    return engines;
  }).then(function (zip) {
    step("engines fetched");
    python.unpackArchive(zip, "zip", { extractDir: "/engine" });
    serve = python.runPython(
      'import sys\nsys.path.insert(0, "/engine")\nfrom games.kinds.taps import serve\nserve');
    step("engines imported");
    return { ms: Math.round(performance.now() - started), steps: steps };
  });
}
