// Loads the JavaScript of a page the server rendered once that page has painted: the entry named
// by this script's data-entry attribute (graph/src/server/static.ts, scriptsAfterPaint). A frame
// callback runs before the paint; the timeout it sets runs after. A page opened in a background
// tab, which draws no frames, loads at once.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute("data-entry");
  if (!entry) return;
  var load = function () {
    import(entry);
  };
  if (document.visibilityState === "hidden") load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
