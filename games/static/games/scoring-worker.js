// The scoring screen's service worker: it keeps a copy of the scoring pages this tablet opened,
// and of their stylesheets and scripts, so that a scoring page reloaded while the connection is
// down still comes up; the plays entered then wait in the tablet's storage (scoring.js).
//
// Served at /scoring-worker.js (games/scoring/offline_views.py), so its scope is the whole site, and
// registered by scoring.js on the scoring page only.
//
// - Network first: pages and assets are always asked of the network; a copy answers only when
//   the network fails, or a page takes longer than PAGE_WAIT_MS. An answer from the network
//   refreshes the copy of what is kept, and so does the scoring page after every change of
//   its board, by sending the page as it stands (no request to the server).
// - Kept is only what a scoring page asks for (its own address, its stylesheets and scripts),
//   only plain 200 answers to GET. Every other request, and every POST, goes by untouched.
// - The local engine's files (engine-worker.js and games/engine/: Pyodide and the packed
//   engines) are kept the first time the network gives them: the scoring page's worker asks
//   for them itself, and asking again to keep them would fetch megabytes twice.
// - The copies are the logged-in scorer's pages, so they are all dropped when anyone logs in
//   or out in this browser (the query string names the two addresses): a page kept for one
//   scorer is never shown to the next.
"use strict";

var PREFIX = "scorekeeper-offline-";
var PAGES = PREFIX + "pages-v1";
var ASSETS = PREFIX + "assets-v1";
var KEPT_PAGES = 20;
var PAGE_WAIT_MS = 4000;
var ASSET_KINDS = ["style", "script", "font", "image"];
var ENGINE_FILE = /\/games\/(engine-worker[^/]*\.js|engine\/.+)$/;

var query = new URL(self.location.href).searchParams;
var ACCOUNT_PATHS = [query.get("login"), query.get("logout")].filter(Boolean);

// The pages answered from a copy, by the id of the window showing each, with the time the copy
// was made: the page asks once it has loaded, to say so on screen.
var fromCopy = new Map();

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== PAGES && name !== ASSETS;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST" && ACCOUNT_PATHS.indexOf(url.pathname) >= 0) {
    event.waitUntil(forgetAll());
    return;
  }
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(request, event.resultingClientId));
  } else if (ENGINE_FILE.test(url.pathname)) {
    event.respondWith(asset(request, true));
  } else if (ASSET_KINDS.indexOf(request.destination) >= 0) {
    event.respondWith(asset(request, false));
  }
});

self.addEventListener("message", function (event) {
  var client = event.source;
  var data = event.data || {};
  if (!client || !client.url) { return; }
  var address = withoutHash(client.url);
  if (data.type === "keep") {
    if (event.ports[0]) {
      event.ports[0].postMessage({ copy: fromCopy.has(client.id) ? fromCopy.get(client.id) : null });
    }
    fromCopy.delete(client.id);
    var assets = (Array.isArray(data.assets) ? data.assets : []).filter(sameOrigin).map(withoutHash);
    event.waitUntil(keep(address, assets));
  } else if (data.type === "refresh") {
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      if (typeof data.html !== "string") { return store(cache, address); }
      return cache.match(address, { ignoreVary: true }).then(function (copy) {
        // Only a page kept already is refreshed (logging in or out may have dropped it).
        return copy && cache.put(address, shown(data.html));
      });
    }));
  }
});

// A page: the network's answer (kept when the page is kept), else the copy. A server that
// cannot answer (502 to 504 from a proxy, or 500) counts as no network when there is a copy.
function page(request, clientId) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (copy) {
      var network = fetch(request).then(function (response) {
        if (copy && response.status >= 500) { throw new Error("server " + response.status); }
        return copy && storable(response) ? putThen(cache, request, response) : response;
      });
      if (!copy) { return network; }
      return new Promise(function (resolve) {
        var settled = false;
        function answer(response) {
          if (settled) { return; }
          settled = true;
          if (response === copy && clientId) {
            fromCopy.set(clientId, copy.headers.get("Date") || "");
          }
          resolve(response);
        }
        network.then(answer, function () { answer(copy); });
        setTimeout(function () { answer(copy); }, PAGE_WAIT_MS);
      });
    });
  });
}

// A stylesheet, script, font or image: the network's answer, else the copy if there is one.
// The answer refreshes a copy kept already; ``always`` keeps it even when none was.
function asset(request, always) {
  return caches.open(ASSETS).then(function (cache) {
    return fetch(request).then(function (response) {
      return cache.match(request, { ignoreVary: true }).then(function (copy) {
        return (copy || always) && storable(response) ? putThen(cache, request, response) : response;
      });
    }, function (error) {
      return cache.match(request, { ignoreVary: true }).then(function (copy) {
        if (copy) { return copy; }
        throw error;
      });
    });
  });
}

// Keep a scoring page and its assets: fetch those not kept yet (a page the network answered
// while this worker was in charge is kept already), then drop the oldest pages past KEPT_PAGES.
function keep(address, assets) {
  return Promise.all([fill(PAGES, [address]), fill(ASSETS, assets)]).then(function () {
    return caches.open(PAGES);
  }).then(function (cache) {
    return cache.keys().then(function (requests) {
      var extra = requests.slice(0, Math.max(0, requests.length - KEPT_PAGES));
      return Promise.all(extra.map(function (request) { return cache.delete(request); }));
    });
  });
}

function fill(name, addresses) {
  return caches.open(name).then(function (cache) {
    return Promise.all(addresses.map(function (address) {
      return cache.match(address, { ignoreVary: true }).then(function (copy) {
        return copy || store(cache, address);
      });
    }));
  });
}

function store(cache, address) {
  return fetch(address, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    if (storable(response)) { return cache.put(address, response); }
  }).catch(function () { /* offline: the copy there is (if any) stays */ });
}

// The page as the scoring screen shows it now, kept as if the server had just sent it.
function shown(html) {
  return new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Date": new Date().toUTCString() },
  });
}

function putThen(cache, request, response) {
  return cache.put(request, response.clone()).then(function () { return response; },
                                                   function () { return response; });
}

function storable(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

function forgetAll() {
  fromCopy.clear();
  return Promise.all([caches.delete(PAGES), caches.delete(ASSETS)]);
}

function sameOrigin(address) {
  try {
    return new URL(address, self.location.href).origin === self.location.origin;
  } catch (error) {
    return false;
  }
}

function withoutHash(address) {
  var url = new URL(address, self.location.href);
  url.hash = "";
  return url.href;
}
