// Inside embed.html and replay.html: the language of the query string, the height reported to the
// parent, and one quiet notice when the browser lets the page keep nothing on the club's site.
//
// ?lang=it|en shows the page in that language without remembering it for the whole site.
//
// Height: whenever it may have changed, the page posts {type: "circolo:resize", height: <CSS px>}
// to the parent window; the embed code on the club's page (docs/embedding.md) applies it to the
// iframe. It posts when the page starts, on every change of the size of <html> or <body> (a
// ResizeObserver), once everything has loaded, when the page comes back from the browser's
// back/forward cache, and whenever the parent asks with {type: "circolo:ping"} (embed code that
// started after the frame).
// The height is no secret, so the target origin is "*" (the club's origin is not known in advance).
//
// Notice: in a frame whose browser keeps no storage for it (Chromium blocks third-party storage by
// default), progress lasts only as long as the page, and without a service worker the page cannot
// open offline. The frame says so once, quietly, below its content, in the page's language
// (ui.storage.* in the catalogs); static/storage.mjs tells what is kept.
import { status } from "./storage.mjs";

const params = new URLSearchParams(location.search);
const lang = params.get("lang");
if ((lang === "it" || lang === "en") && window.circolo?.setLang) {
  window.circolo.setLang(lang, { remember: false });
}
const framed = window.parent !== window;

// ---- height ------------------------------------------------------------------------------------
// The height of <html>: the body with its margins and any margin of its last child that collapses
// through it (the framed pages give <body> no minimum height, so this is the content's height).
let last = -1;
function report() {
  if (!document.body || !framed) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === last) return;
  last = height;
  window.parent.postMessage({ type: "circolo:resize", height }, "*");
}

function reportAgain() {
  last = -1;
  report();
}

addEventListener("load", reportAgain);
addEventListener("pageshow", (event) => {
  if (event.persisted) reportAgain();
});
addEventListener("message", (event) => {
  if (framed && event.source === window.parent && event.data?.type === "circolo:ping") reportAgain();
});

// ---- the storage notice ------------------------------------------------------------------------
function notice() {
  if (!framed) return;
  const now = status();
  const keys = [];
  if (now.localStorage === "memory") keys.push("ui.storage.not_kept");
  if (now.serviceWorker === "blocked" || now.serviceWorker === "absent") keys.push("ui.storage.needs_network");
  if (!keys.length) return;
  let box = document.getElementById("storage-notice");
  if (!box) {
    box = document.createElement("p");
    box.id = "storage-notice";
    box.className = "storage-notice";
    box.setAttribute("role", "status");
    const app = document.getElementById("app");
    if (app) app.after(box);
    else document.body.append(box);
  }
  if (box.dataset.keys === keys.join(" ")) return;
  box.dataset.keys = keys.join(" ");
  box.replaceChildren();
  for (const key of keys) {
    const part = document.createElement("span");
    part.dataset.i18n = key;
    part.textContent = window.circolo?.t(key, {}, "") ?? "";
    if (box.childNodes.length) box.append(" ");
    box.append(part);
  }
  window.circolo?.translate(box);
}

function start() {
  if (params.has("embed")) document.body.classList.add("embed"); // replay.html?embed: at once
  const observer = new ResizeObserver(report);
  observer.observe(document.documentElement);
  observer.observe(document.body);
  report();
  notice();
  addEventListener("circolo:storage", notice);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
