// Loads the JavaScript of a page the server rendered once that page has painted: the entry named
// by this script's data-entry attribute (graph/src/server/static.ts, scriptsAfterPaint). A frame
// callback runs before the paint; the timeout it sets runs after. A page opened in a background
// tab, which draws no frames, loads at once.
//
// First it appends a module preload for each chunk named in data-preload (the entry, its imports
// and the route's chunks), one per task, so that the browser fetches them all at once and Vite's
// preload helper, which skips a chunk the page already preloads, appends none of them in the task
// that loads the route: appending a preload costs the main thread a few milliseconds.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute("data-entry");
  if (!entry) return;
  var preloads = (script.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  var channel = new MessageChannel();
  var next = function () {
    var href = preloads.shift();
    if (!href) {
      import(entry);
      return;
    }
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
    channel.port2.postMessage(null);
  };
  channel.port1.onmessage = next;
  if (document.visibilityState === "hidden") next();
  else
    requestAnimationFrame(function () {
      setTimeout(next, 0);
    });
})();
