// Circolo's embed code for a club's web page (docs/embedding.md). The same code serves two ways:
//
// - inline (the default code the "Copy embed code" panels give): build.py writes this file without
//   its comments and indentation as static/embed-inline.js, and the panel pastes it in a <script>
//   right after the iframe. Nothing is fetched from Circolo's host to size the frame, online or off.
// - self-hosted: the club saves this file on its own site and loads it once per page with
//   <script src="/circolo-embed.js" defer></script>.
//
// Our frames are the page's iframes marked data-circolo (plus, for code copied before that mark
// existed, the iframes under the folder this file was loaded from). Each posts
// {type: "circolo:resize", height} whenever its height changes (static/embed-frame.js); a message
// is applied only when it comes from the window of one of our frames and from that frame's own
// origin, and the height is kept between 80 and 20000 px. At start the script asks every frame to
// post its height again ({type: "circolo:ping"}, to any origin: the frame may still be blank and
// the ping carries nothing), for frames that spoke before it ran.
// A frame that finishes loading without a word is the browser's own error page (Circolo's host
// cannot be reached and this browser keeps no offline copy for the frame): the frame is hidden and
// the text of its data-circolo-offline attribute is shown in its place, until the browser is
// online again. Several snippets on one page share the first one's listener (a later copy only
// looks for new frames). No request, no cookie; window.CircoloEmbed = {frames(), resize(frame,
// height), scan()}.
// Code lines carry no trailing comment and no block comment: build.py drops whole comment lines.
(function (w, d) {
  "use strict";
  if (w.CircoloEmbed) {
    w.CircoloEmbed.scan();
    return;
  }
  var me = d.currentScript;
  var folder = me && me.src ? new URL("../", me.src).href : "";
  function ours(f) {
    return f.hasAttribute("data-circolo") || (folder !== "" && (f.src || "").indexOf(folder) === 0);
  }
  function frames() {
    return Array.prototype.filter.call(d.getElementsByTagName("iframe"), ours);
  }
  function origin(f) {
    try {
      return new URL(f.src, location.href).origin;
    } catch (e) {
      return "";
    }
  }
  function resize(f, height) {
    var px = Math.max(80, Math.min(20000, Math.ceil(height)));
    f.style.height = px + "px";
    f.setAttribute("data-circolo-height", String(px));
  }
  function offline(f, on) {
    var text = f.getAttribute("data-circolo-offline");
    if (!text || on === Boolean(f.circoloNote)) return;
    if (on) {
      f.circoloNote = d.createElement("p");
      f.circoloNote.className = "circolo-offline";
      f.circoloNote.setAttribute("role", "status");
      f.circoloNote.textContent = text;
      f.parentNode.insertBefore(f.circoloNote, f.nextSibling);
      f.style.display = "none";
    } else {
      f.parentNode.removeChild(f.circoloNote);
      f.circoloNote = null;
      f.style.display = "";
    }
  }
  function watch(f) {
    if (f.circoloWatched) return;
    f.circoloWatched = true;
    f.addEventListener("load", function () {
      var blank = false;
      try {
        blank = f.contentWindow.location.href === "about:blank";
      } catch (e) {
        blank = false;
      }
      if (!blank && !f.circoloHeard) offline(f, true);
      f.circoloHeard = false;
    });
  }
  function scan() {
    var list = frames();
    for (var i = 0; i < list.length; i++) {
      watch(list[i]);
      if (list[i].contentWindow) list[i].contentWindow.postMessage({ type: "circolo:ping" }, "*");
    }
  }
  w.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "circolo:resize" || typeof data.height !== "number" || !isFinite(data.height)) return;
    var list = frames();
    for (var i = 0; i < list.length; i++) {
      if (list[i].contentWindow === event.source && origin(list[i]) === event.origin) {
        watch(list[i]);
        list[i].circoloHeard = true;
        offline(list[i], false);
        resize(list[i], data.height);
      }
    }
  });
  w.addEventListener("online", function () {
    var list = frames();
    for (var i = 0; i < list.length; i++) {
      if (list[i].circoloNote) {
        offline(list[i], false);
        list[i].src = list[i].src;
      }
    }
  });
  w.CircoloEmbed = { frames: frames, resize: resize, scan: scan };
  scan();
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", scan);
})(window, document);
