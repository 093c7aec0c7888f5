// Circolo embed helper for a club's web page (see docs/embedding.md).
//
//   <iframe src="(our site)/embed.html?lesson=ID&amp;lang=it" title="…" loading="lazy"
//           style="width:100%;height:640px;border:0"></iframe>
//   <script src="(our site)/static/embed.js" defer></script>
//
// Our embeddable pages post {type: "circolo:resize", height: <CSS px>} to their parent whenever
// their height changes (the site's embed protocol, docs/embedding.md). This script listens for
// those messages, accepts them only from the origin it was loaded from (event.origin) and only
// from one of our iframes on this page (event.source), and sets that iframe's height. It makes no request, sets no cookie and
// exposes window.CircoloEmbed = {origin, frames(), resize(frame, height)}.
(function () {
  "use strict";
  if (window.CircoloEmbed) return; // loaded twice: the first copy does the work
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var site = new URL("../", script.src).href; // the site's folder (embed.html, other embeddable pages)

  // Our iframes: any page of the site (embed.html today, other embeddable pages later).
  function frames() {
    var found = [];
    var all = document.getElementsByTagName("iframe");
    for (var i = 0; i < all.length; i++) {
      var src = all[i].src || "";
      if (src.indexOf(site) === 0) found.push(all[i]);
    }
    return found;
  }

  function resize(frame, height) {
    var px = Math.max(80, Math.min(20000, Math.ceil(height)));
    frame.style.height = px + "px";
    frame.setAttribute("data-circolo-height", String(px));
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.type !== "circolo:resize") return;
    if (typeof data.height !== "number" || !isFinite(data.height)) return;
    var list = frames();
    for (var i = 0; i < list.length; i++) {
      if (list[i].contentWindow === event.source) resize(list[i], data.height);
    }
  });

  window.CircoloEmbed = { origin: origin, frames: frames, resize: resize };
})();
