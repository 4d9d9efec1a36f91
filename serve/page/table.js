// grove serve: a seat's page. The seat's token is in the address
// (/play/TOKEN); everything the page shows comes from /api/TOKEN/state,
// which holds only what that seat may see (the page arrives with the
// first one in it, and its picture drawn). Server-sent events
// (/api/TOKEN/events) say when the table changed; the page then asks again.
// A seat may ask for a hint (shown to it alone), hand its seat to a bot
// and take it back, and download the save.
// A move is played by its button, or by clicking the board (board.js: a
// click picks a place or a card, and the moves naming all that is picked
// are listed; one alone is played).
"use strict";
(function () {
  var token = location.pathname.split("/")[2] || "";
  var api = "/api/" + token + "/";
  var view = null;            // the last state shown
  var board = window.groveBoard;   // board.js: clicks on the picture
  var shortlist = null;       // the moves (numbers) what is picked on the board leaves; null: all
  var $ = function (id) { return document.getElementById(id); };

  function say(text) {
    var m = $("message");
    m.textContent = text || "";
    m.hidden = !text;
  }

  function seatName(seat) { return seat === 0 ? "an onlooker" : "seat " + seat; }

  function showMoves() {
    var list = $("moves");
    list.textContent = "";
    var moves = view.moves || [];
    var shown = 0;
    moves.forEach(function (text, i) {
      var li = document.createElement("li");
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.dataset.move = i;
      b.dataset.text = text;
      b.className = "move";
      li.appendChild(b);
      if (shortlist && shortlist.indexOf(i) < 0) li.className = "hidden";
      else shown++;
      list.appendChild(li);
    });
    $("filter").hidden = !shortlist;
    if (shortlist) $("filter-text").textContent = shown + " move" + (shown === 1 ? "" : "s") + " with what you picked";
    var mine = view.actor === view.seat && view.seat > 0;
    $("moves-title").textContent = view.over ? "The game is over"
      : mine ? "Your move" : "Waiting for " + seatName(view.actor);
    markHint();
  }

  function showLog() {
    var log = $("log");
    log.textContent = "";
    if ((view.said || []).length) {                 // what the rules said at setup
      var first = document.createElement("li");
      first.className = "setup";
      first.textContent = "setup";
      view.said.forEach(function (line) {
        var s = document.createElement("span");
        s.className = "say";
        s.textContent = line;
        first.appendChild(s);
      });
      log.appendChild(first);
    }
    view.log.forEach(function (e) {
      var li = document.createElement("li");
      li.value = e.n;
      li.textContent = seatName(e.seat) + ": " + e.text;
      (e.say || []).forEach(function (line) {
        var s = document.createElement("span");
        s.className = "say";
        s.textContent = line;
        li.appendChild(s);
      });
      log.appendChild(li);
    });
    log.scrollTop = log.scrollHeight;
  }

  function showUndo() {
    var u = view.undo;
    var person = view.seat > 0 && !(view.seats[view.seat - 1] || {}).bot;
    $("undo").hidden = !person;
    $("undo-ask").hidden = !!u || view.over && view.log.length === 0;
    $("undo-request").hidden = !u;
    if (u) {
      var waiting = u.waiting.map(seatName).join(", ");
      if (u.by === view.seat) {
        $("undo-text").textContent = "You asked to take back your last move; waiting for " + waiting + ".";
        $("undo-yes").hidden = true;
        $("undo-no").textContent = "Withdraw";
      } else {
        var mine = u.waiting.indexOf(view.seat) >= 0;
        $("undo-text").textContent = seatName(u.by) + " asks to go back to move " + u.to +
          (mine ? ": do you agree?" : "; waiting for " + waiting + ".");
        $("undo-yes").hidden = !mine;
        $("undo-no").hidden = !mine;
        $("undo-no").textContent = "Refuse";
      }
    }
  }

  // Whose turn it is; when a bot plays that seat, that it is thinking (it
  // may take seconds: the page is not stuck).
  function status(v) {
    if (v.over) return "the game is over";
    var bot = (v.seats[v.actor - 1] || {}).bot;
    if (bot) return (v.actor === v.seat ? "your seat's " : seatName(v.actor) + ": the ") + bot + " bot is thinking…";
    return v.actor === v.seat ? "your turn" : seatName(v.actor) + " to play";
  }

  function show(v) {
    view = v;
    document.title = v.title + " — " + seatName(v.seat);
    $("title").textContent = v.title;
    $("who").textContent = v.seat === 0 ? "Onlooker" : "You are seat " + v.seat;
    $("status").textContent = status(v);
    $("board").innerHTML = v.picture;
    $("result").hidden = !v.result;
    $("result").textContent = v.result || "";
    if (v.problem) say(v.problem);
    shortlist = null;
    if (board) board.shown(v);               // marks the board, and lists the moves (changed)
    else showMoves();
    showLog();
    showUndo();
    showTools();
    document.body.dataset.version = v.version;
    document.body.dataset.ready = "yes";
  }

  var loading = false, again = false;
  function load() {
    if (loading) { again = true; return; }
    loading = true;
    fetch(api + "state", { cache: "no-store" }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) throw new Error(body.error || ("the server answered " + r.status));
        if (!view || view.version !== body.version) show(body);
      });
    }).catch(function (e) { say(e.message); }).then(function () {
      loading = false;
      if (again) { again = false; load(); }
    });
  }

  function post(path, body) {
    say("");
    return fetch(api + path, {
      method: "POST", cache: "no-store",
      headers: body ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
      body: body || undefined
    }).then(function (r) {
      return r.json().then(function (b) {
        if (!r.ok) say(b.error || ("the server answered " + r.status));
      });
    }).catch(function (e) { say(e.message); }).then(load);
  }

  function play(i) {
    if (!view) return;
    if (board) board.clear();
    post("move", "version=" + view.version + "&move=" + i);
  }

  // A request whose answer the page reads (a preview): its JSON, or null.
  function ask(path, body) {
    return fetch(api + path, {
      method: "POST", cache: "no-store",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body
    }).then(function (r) {
      return r.json().then(function (b) { return r.ok ? b : null; });
    }).catch(function () { return null; });
  }

  $("moves").addEventListener("click", function (e) {
    var b = e.target.closest("button.move");
    if (b) play(Number(b.dataset.move));
  });
  if (board) {
    board.attach($("board"), {
      play: play, say: say, post: ask,
      changed: function (candidates) { shortlist = candidates; if (view) showMoves(); },
    });
  }
  $("filter-clear").addEventListener("click", function () { if (board) board.clear(); });
  $("undo-ask").addEventListener("click", function () { post("undo"); });
  // an answer names the request it answers: a second click, or one that
  // comes after the asker's next request, counts for no other
  function answerUndo(yes) {
    if (view && view.undo) post(yes ? "undo/yes" : "undo/no", "request=" + view.undo.id);
  }
  $("undo-yes").addEventListener("click", function () { answerUndo(true); });
  $("undo-no").addEventListener("click", function () { answerUndo(false); });

  // ---- hints, the seat's bot, the save ------------------------------------------------

  var hint = null;            // the last hint: {version, move, index, ...}, for this seat alone

  function showTools() {
    var me = view.seat > 0 ? view.seats[view.seat - 1] || {} : null;
    var mine = !!me && !me.bot && !view.over && view.actor === view.seat;
    $("hint-ask").hidden = !mine;
    if (hint && hint.version !== view.version) hint = null;
    $("hint").hidden = !hint;
    markHint();
    $("bot-hand").hidden = !me || !!me.bot || view.over;
    $("bot-back").hidden = !me || !me.bot;
    if (me && me.bot) $("bot-text").textContent = "The " + me.bot + " bot plays your seat.";
    $("save").href = api + "save";
    $("save-note").textContent = view.save_error ? "(the server could not save: " + view.save_error + ")"
      : view.saving ? "(saved after every move)" : "";
  }

  // the hint's move marked in the list (which the board's clicks redraw)
  function markHint() {
    var buttons = document.querySelectorAll("#moves button.move");
    for (var i = 0; i < buttons.length; i++)
      buttons[i].classList.toggle("hinted", !!hint && Number(buttons[i].dataset.move) === hint.index);
  }

  function showHint(h) {
    hint = h;
    var how = h.legal === 1 ? "the only legal move"
      : h.total > 0 ? h.visits + " of " + h.total + " visits, " + Math.round(100 * h.visits / h.total) + "%"
      : "its choice";
    $("hint").textContent = "Hint: " + h.move + " (the " + h.bot + " bot: " + how + ")";
    showTools();
  }

  function askHint() {
    if (!view) return;
    say("");
    $("hint-ask").disabled = true;
    $("hint").hidden = false;
    $("hint").textContent = "The bot is thinking…";
    fetch(api + "hint", { method: "POST", cache: "no-store" }).then(function (r) {
      return r.json().then(function (b) {
        if (!r.ok) { $("hint").hidden = true; say(b.error || ("the server answered " + r.status)); return; }
        showHint(b);
      });
    }).catch(function (e) { $("hint").hidden = true; say(e.message); }).then(function () {
      $("hint-ask").disabled = false;
    });
  }

  function handToBot(kind) {
    post("bot", new URLSearchParams({ kind: kind }).toString());
  }

  $("hint-ask").addEventListener("click", askHint);
  $("bot-on").addEventListener("click", function () { handToBot($("bot-kind").value); });
  $("bot-off").addEventListener("click", function () { handToBot("off"); });

  // The state the page arrived with (the server put it in #state), shown
  // at once; false when there is none (then it is asked for).
  function firstView() {
    var el = $("state");
    try {
      var v = el && JSON.parse(el.textContent);
      if (!v || typeof v.version !== "number") return false;
      show(v);
      return true;
    } catch (e) {
      return false;
    }
  }

  function listen() {
    var es = new EventSource(api + "events");
    es.addEventListener("table", function (e) {
      $("live").textContent = "live";
      if (!view || String(view.version) !== e.data) load();
    });
    es.onerror = function () { $("live").textContent = "reconnecting…"; };
  }

  if (!firstView()) load();
  // ?live=0: a still page, with no event stream (which never ends: a
  // screenshot with --virtual-time-budget waits for it forever)
  if (!/[?&]live=0(&|$)/.test(location.search)) listen();
})();
