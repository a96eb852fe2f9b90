// Moments in the viewer's own time zone. The server writes each one as
// <time datetime="2026-05-02T18:45:00Z" data-local="day month year time">2 May 2026 18:45 UTC</time>
// (games/templatetags/local_time.py); this rewrites the text with Intl.DateTimeFormat in the
// browser's zone and language, the zone's abbreviation after the time ("May 2, 2026, 2:45 PM
// EDT"), and keeps the UTC text as the title. It runs once the page is parsed (the script is
// deferred, from templates/base.html) and again on whatever htmx swaps in.
(function () {
  "use strict";

  var PARTS = {
    weekday: { weekday: "short" },
    day: { day: "numeric" },
    month: { month: "short" },
    year: { year: "numeric" },
    time: { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  };
  var formats = {};

  function formatFor(parts) {
    if (!formats[parts]) {
      var options = {};
      parts.split(/\s+/).forEach(function (part) {
        Object.assign(options, PARTS[part] || {});
      });
      formats[parts] = new Intl.DateTimeFormat(undefined, options);
    }
    return formats[parts];
  }

  function rewrite(element) {
    var moment = new Date(element.getAttribute("datetime"));
    if (isNaN(moment.getTime())) {
      return;
    }
    if (!element.hasAttribute("data-utc")) {
      element.setAttribute("data-utc", element.textContent);
      element.title = element.textContent;
    }
    try {
      element.textContent = formatFor(element.getAttribute("data-local")).format(moment);
    } catch (error) {
      // An old browser without Intl: the server's UTC text stays.
    }
  }

  function convert(root) {
    if (!root || !root.querySelectorAll) {
      return;
    }
    if (root.matches && root.matches("time[data-local][datetime]")) {
      rewrite(root);
    }
    root.querySelectorAll("time[data-local][datetime]").forEach(rewrite);
  }

  convert(document);
  document.addEventListener("htmx:load", function (event) {
    convert(event.target);
  });
})();
