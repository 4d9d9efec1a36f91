// grove serve: playing by clicks on the picture, for any game.
//
// What a click needs comes from the picture (stdlib/grove/picture.lua),
// never from code per game: every place, piece, card and seat header that
// a move text can name carries data-key, one phrase or several separated
// by "|", each read as whole words of a move text ("3,1", "island 3");
// "*" stands for any one word, a leading "^" and a trailing "$" tie the
// phrase to the start and the end of the text. A click picks what it hits:
// the moves naming everything picked are the candidates. One candidate is
// played at once; with several, the places and cards that would narrow
// them are highlighted (targets), the move list shows the candidates only,
// and when nothing on the board tells them apart (a tile's rotation, which
// predator), each candidate is shown as a preview of the board after it
// (POST /api/TOKEN/preview, drawn by the host: none for a move that draws
// on chance or on cards the seat cannot see). A card's whole text shows
// beside the board while the pointer is on it (card zoom).
"use strict";
(function () {
  var MAX_PREVIEWS = 16;          // TABLE_MAX_PREVIEWS in serve/table.h

  // One phrase of a data-key, read once: its words, and its ties.
  function phrase(text) {
    var t = text.trim().toLowerCase();
    var start = t.charAt(0) === "^", end = t.charAt(t.length - 1) === "$";
    if (start) t = t.slice(1);
    if (end) t = t.slice(0, -1);
    return { words: t.trim().split(/\s+/).filter(Boolean), start: start, end: end };
  }
  var phrases = {};               // a data-key's text -> its phrases
  function phrasesOf(key) {
    if (!phrases[key]) phrases[key] = key.split("|").map(phrase).filter(function (p) { return p.words.length; });
    return phrases[key];
  }

  // Does a move's text name `key` (any of its phrases, as whole words)?
  function names(text, key) {
    var words = text.toLowerCase().trim().split(/\s+/);
    return phrasesOf(key).some(function (p) {
      var n = p.words.length;
      for (var i = 0; i + n <= words.length; i++) {
        if (p.start && i > 0) break;
        if (p.end && i + n !== words.length) continue;
        var ok = true;
        for (var k = 0; k < n && ok; k++) ok = p.words[k] === "*" || p.words[k] === words[i + k];
        if (ok) return true;
      }
      return false;
    });
  }

  var board = null;               // the #board element
  var view = null;                // the state shown
  var hooks = null;               // what table.js gives: play(i), say(text), post(path, body), changed()
  var picked = [];                // the keys picked, in order
  var previewed = null;           // the candidates whose previews were asked for, as text

  function moves() { return (view && view.moves) || []; }

  // The moves (their numbers) that name every key of `keys`.
  function candidates(keys) {
    var out = [];
    moves().forEach(function (text, i) {
      if (keys.every(function (k) { return names(text, k); })) out.push(i);
    });
    return out;
  }

  function keyed() { return board.querySelectorAll("[data-key]"); }

  function clear() {
    picked = [];
    mark();
  }

  // Highlight what can be clicked: before a pick, what names any move;
  // after one, what was picked and the targets that narrow the candidates.
  function mark() {
    var els = keyed();
    var now = picked.length ? candidates(picked) : null;
    var texts = moves();
    var targets = 0;
    for (var i = 0; i < els.length; i++) {
      var el = els[i], key = el.getAttribute("data-key");
      var isPicked = picked.indexOf(key) >= 0;
      var playable = false, target = false;
      if (!now) {
        playable = texts.some(function (t) { return names(t, key); });
      } else if (!isPicked) {
        var n = 0;
        for (var k = 0; k < now.length; k++) if (names(texts[now[k]], key)) n++;
        target = n > 0 && n < now.length;
      }
      el.classList.toggle("playable", playable);
      el.classList.toggle("target", target);
      el.classList.toggle("picked", isPicked);
      if (target) targets++;
    }
    previewed = null;                       // the list is drawn again: its previews too
    var shelf = document.getElementById("moves");
    if (shelf) delete shelf.dataset.previews;
    if (hooks) hooks.changed(now, picked.slice());
    if (now && now.length > 1 && targets === 0) previews(now);
  }

  // The innermost element with a key under the pointer, that, picked with
  // what is picked already, leaves a move; else one that does alone.
  function chosen(target) {
    var chain = [];
    for (var el = target; el && el !== board; el = el.parentNode) {
      if (el.getAttribute && el.getAttribute("data-key")) chain.push(el);
    }
    if (!chain.length) return null;
    for (var i = 0; i < chain.length; i++) {
      var key = chain[i].getAttribute("data-key");
      if (picked.indexOf(key) >= 0) return { el: chain[i], key: key, unpick: true };
      if (candidates(picked.concat([key])).length) return { el: chain[i], key: key };
    }
    for (var j = 0; j < chain.length; j++) {
      var alone = chain[j].getAttribute("data-key");
      if (candidates([alone]).length) return { el: chain[j], key: alone, fresh: true };
    }
    return { el: chain[0], key: chain[0].getAttribute("data-key"), none: true };
  }

  function onClick(e) {
    if (!view) return;
    var c = chosen(e.target);
    if (!c) return;
    e.preventDefault();
    if (!moves().length) { hooks.say(view.over ? "the game is over" : "it is not your turn"); return; }
    if (c.none) { hooks.say("no move with " + c.key.split("|")[0].replace(/[\^$]/g, "")); return; }
    hooks.say("");
    if (c.unpick) picked.splice(picked.indexOf(c.key), 1);
    else if (c.fresh) picked = [c.key];
    else picked.push(c.key);
    var now = picked.length ? candidates(picked) : [];
    if (now.length === 1) {
      var i = now[0];
      clear();
      hooks.play(i);
      return;
    }
    mark();
  }

  // Previews of the candidates, drawn by the host, into their buttons in
  // the move list (li button.move[data-move=i]): the board after the move,
  // cut to the places it changes.
  function previews(now) {
    var list = now.slice(0, MAX_PREVIEWS);
    var asked = view.version + ":" + list.join(",");
    if (previewed === asked) return;
    previewed = asked;
    var shelf = document.getElementById("moves");
    if (shelf) shelf.dataset.previews = "loading";
    hooks.post("preview", "version=" + view.version + "&moves=" + list.join(",")).then(function (body) {
      if (previewed !== asked) return;
      if (shelf) shelf.dataset.previews = body ? "shown" : "none";
      if (!body) return;
      (body.previews || []).forEach(function (svg, k) {
        var b = document.querySelector('#moves button.move[data-move="' + list[k] + '"]');
        if (!b) return;
        b.classList.add("choice");
        var box = document.createElement("span");
        box.className = "preview";
        b.appendChild(box);
        if (svg) {
          box.innerHTML = svg;
          if (!crop(box.querySelector("svg"))) b.removeChild(box);   // nothing on the boards changes
        } else {
          box.textContent = "(shown once played)";
          box.classList.add("none");
        }
      });
    });
  }

  // Cut a preview to the places the move changes (with a margin); false
  // when it changes none.
  function crop(svg) {
    if (!svg) return false;
    var marks = svg.querySelectorAll("[data-changed]");
    if (!marks.length) return false;
    var outer = svg.getBoundingClientRect();
    var scale = outer.width ? Number(svg.getAttribute("width")) / outer.width : 1;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (var i = 0; i < marks.length; i++) {
      var r = marks[i].getBoundingClientRect();
      x0 = Math.min(x0, (r.left - outer.left) * scale);
      y0 = Math.min(y0, (r.top - outer.top) * scale);
      x1 = Math.max(x1, (r.right - outer.left) * scale);
      y1 = Math.max(y1, (r.bottom - outer.top) * scale);
    }
    var pad = 6, w = x1 - x0 + 2 * pad, h = y1 - y0 + 2 * pad;
    svg.setAttribute("viewBox", [x0 - pad, y0 - pad, w, h].map(function (n) { return n.toFixed(1); }).join(" "));
    var width = Math.min(200, Math.max(120, w * 1.4));
    svg.setAttribute("width", String(Math.round(width)));
    svg.setAttribute("height", String(Math.round(width * h / w)));
    return true;
  }

  // Card zoom: a card's (or a card piece's) whole text beside the board,
  // drawn large, while the pointer is on it.
  function zoomOf(el) {
    for (; el && el !== board; el = el.parentNode) {
      if (el.classList && (el.classList.contains("card") || el.classList.contains("card-piece"))) return el;
    }
    return null;
  }
  function showZoom(card) {
    var z = document.getElementById("zoom");
    if (!z) return;
    if (!card) { z.hidden = true; z.textContent = ""; return; }
    var lines = (card.getAttribute("data-zoom") || "").split("\n");
    z.textContent = "";
    var svg = card.ownerSVGElement;
    if (svg) {
      var copy = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      var r = card.getBBox();
      copy.setAttribute("viewBox", [r.x - 4, r.y - 4, r.width + 8, r.height + 8].join(" "));
      copy.setAttribute("width", String(Math.round((r.width + 8) * 2.2)));
      copy.setAttribute("height", String(Math.round((r.height + 8) * 2.2)));
      copy.setAttribute("font-family", svg.getAttribute("font-family") || "sans-serif");
      copy.appendChild(card.cloneNode(true));
      z.appendChild(copy);
    }
    var h = document.createElement("h3");
    h.textContent = lines[0] || "";
    z.appendChild(h);
    var ul = document.createElement("ul");
    lines.slice(1).forEach(function (line) {
      var li = document.createElement("li");
      var colon = line.indexOf(": ");
      if (colon > 0) {
        var b = document.createElement("b");
        b.textContent = line.slice(0, colon);
        li.appendChild(b);
        li.appendChild(document.createTextNode(": " + line.slice(colon + 2)));
      } else {
        li.textContent = line;
      }
      ul.appendChild(li);
    });
    z.appendChild(ul);
    z.hidden = false;
    // beside the card, within the window: right of it, else left of it
    var at = card.getBoundingClientRect(), box = z.getBoundingClientRect();
    var left = at.right + 12;
    if (left + box.width > window.innerWidth - 8) left = Math.max(8, at.left - box.width - 12);
    var top = Math.min(Math.max(8, at.top - 8), Math.max(8, window.innerHeight - box.height - 8));
    z.style.left = Math.round(left) + "px";
    z.style.top = Math.round(top) + "px";
  }

  // A card's tooltip becomes its zoom's text (one text on the screen, not two).
  function zoomTexts() {
    var cards = board.querySelectorAll(".card, .card-piece");
    for (var i = 0; i < cards.length; i++) {
      var t = cards[i].querySelector("title");
      if (t && t.parentNode === cards[i]) {
        cards[i].setAttribute("data-zoom", t.textContent);
        cards[i].removeChild(t);
      }
    }
  }

  window.groveBoard = {
    names: names,
    // Start: the board element and table.js's hooks.
    attach: function (el, h) {
      board = el;
      hooks = h;
      board.addEventListener("click", onClick);
      board.addEventListener("mouseover", function (e) { showZoom(zoomOf(e.target)); });
      board.addEventListener("mouseleave", function () { showZoom(null); });
      document.addEventListener("keydown", function (e) { if (e.key === "Escape") clear(); });
    },
    // A new state drawn (a new version): nothing is picked on it yet.
    shown: function (v) {
      view = v;
      picked = [];
      zoomTexts();
      showZoom(null);
      mark();
    },
    // What is picked: the candidates' numbers (null: nothing picked), or clear it.
    candidates: function () { return picked.length ? candidates(picked) : null; },
    picked: function () { return picked.slice(); },
    clear: clear,
  };
})();
