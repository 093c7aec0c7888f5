// Inside embed.html and replay.html: the language of the query string, and the height reported
// to the parent.
//
// ?lang=it|en shows the page in that language without remembering it for the whole site.
// Whenever the page's height changes (a ResizeObserver on <body>), it posts
// {type: "circolo:resize", height: <CSS px>} to the parent window; static/embed.js on the
// club's page applies it to the iframe. The height is no secret, so the target origin is "*"
// (the club's origin is not known in advance). See docs/embedding.md.
const params = new URLSearchParams(location.search);
const lang = params.get("lang");
if ((lang === "it" || lang === "en") && window.circolo?.setLang) {
  window.circolo.setLang(lang, { remember: false });
}

let last = -1;
function report() {
  const body = document.body;
  if (!body || window.parent === window) return;
  const style = getComputedStyle(body);
  const height = Math.ceil(
    body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom),
  );
  if (height === last) return;
  last = height;
  window.parent.postMessage({ type: "circolo:resize", height }, "*");
}

function start() {
  new ResizeObserver(report).observe(document.body);
  report();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
