/// The web front's one script: keys, and marks without reloading. Every page works without it (each action is
/// a link or a form); it only takes the same actions from the keyboard, and sends a mark's form in the
/// background instead of loading the page again.
///
/// Keys: `j`/`k` next and previous, `o` or Enter open, `m` read/unread, `s` star, `v` the original, `f` the
/// full text, `r` refresh, `/` search, `g` then `u`/`s`/`a` the lists, `?` the list of keys. An element says
/// which key takes it with `data-key`; in a list, the keys act on the current article.
enum ReaderScript {
    static let text = #"""
"use strict";
(function () {
  var list = document.querySelector("ol.articles");
  var items = list ? Array.prototype.slice.call(list.querySelectorAll("li")) : [];
  var current = -1;
  var pendingG = false;

  function select(index) {
    if (items.length === 0) { return; }
    index = Math.max(0, Math.min(items.length - 1, index));
    if (current >= 0) { items[current].classList.remove("current"); items[current].removeAttribute("aria-current"); }
    current = index;
    var item = items[current];
    item.classList.add("current");
    item.setAttribute("aria-current", "true");
    var title = item.querySelector("a.title");
    if (title) { title.focus({ preventScroll: true }); }
    item.scrollIntoView({ block: "nearest" });
  }

  function scope() {
    if (current >= 0) { return items[current]; }
    return document;
  }

  function press(key) {
    var target = scope().querySelector('[data-key="' + key + '"]');
    if (!target && scope() !== document) { target = document.querySelector('main [data-key="' + key + '"]:not(ol.articles *)'); }
    if (!target) { return false; }
    if (target.tagName === "FORM") { send(target); } else { target.click(); }
    return true;
  }

  function send(form) {
    if (!window.fetch) { form.submit(); return; }
    var body = new URLSearchParams(new FormData(form));
    // Not form.action: the form's field named "action" shadows it.
    fetch(form.getAttribute("action"), {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "RSS-Web-Script": "1" }
    }).then(function (response) {
      if (!response.ok) { form.submit(); return; }
      return response.json().then(function (marks) { show(form, marks); });
    }).catch(function () { form.submit(); });
  }

  function show(form, marks) {
    var item = form.closest("li") || document.querySelector("article.reading");
    if (item) {
      item.classList.toggle("read", marks.read);
      item.classList.toggle("starred", marks.starred);
    }
    var root = item || document;
    Array.prototype.forEach.call(root.querySelectorAll("form.mark"), function (other) {
      var action = other.querySelector('input[name="action"]');
      var button = other.querySelector("button");
      if (!action || !button) { return; }
      if (action.value === "read" || action.value === "unread") {
        action.value = marks.read ? "unread" : "read";
        button.textContent = marks.read ? "Mark unread" : "Mark read";
      } else if (action.value === "star" || action.value === "unstar") {
        action.value = marks.starred ? "unstar" : "star";
        button.textContent = marks.starred ? "Unstar" : "Star";
        button.setAttribute("aria-pressed", marks.starred ? "true" : "false");
      }
    });
    var status = document.getElementById("status");
    if (status) { status.textContent = (marks.read ? "Read" : "Unread") + (marks.starred ? ", starred" : ""); }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("mark")) {
      event.preventDefault();
      send(form);
    }
  });

  function typing(target) {
    var name = target.tagName;
    return name === "INPUT" || name === "TEXTAREA" || name === "SELECT" || target.isContentEditable;
  }

  function keys() {
    var dialog = document.getElementById("keys");
    if (!dialog || typeof dialog.showModal !== "function") { return; }
    if (dialog.open) { dialog.close(); } else { dialog.showModal(); }
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) { return; }
    var key = event.key;
    if (pendingG) {
      pendingG = false;
      var lists = { u: "unread", s: "starred", a: "all" };
      if (lists[key]) { press("g" + key); event.preventDefault(); }
      return;
    }
    switch (key) {
      case "j": if (items.length) { select(current + 1); } else { press("j"); } break;
      case "k": if (items.length) { select(current - 1); } else { press("k"); } break;
      case "o": case "Enter":
        if (current >= 0) { var link = items[current].querySelector("a.title"); if (link) { link.click(); } } else if (key === "o") { press("o"); } else { return; }
        break;
      case "m": press("m"); break;
      case "s": press("s"); break;
      case "v": press("v"); break;
      case "f": press("f"); break;
      case "r": press("r"); break;
      case "/": var search = document.getElementById("search"); if (search) { search.focus(); search.select(); } break;
      case "g": pendingG = true; break;
      case "?": keys(); break;
      default: return;
    }
    event.preventDefault();
  });

  Array.prototype.forEach.call(document.querySelectorAll("[data-close-dialog]"), function (button) {
    button.addEventListener("click", function () { var dialog = button.closest("dialog"); if (dialog) { dialog.close(); } });
  });
})();
"""#
}
