/* Cursus game page: the map (stacks on hover, tap or keyboard; one tab stop, arrow keys
   between stacks), the prompt's choices (a click writes the choice's line of the text
   notation into the orders box: the box is the order set), the move builder of a map
   question, the planned moves as arrows, and the log kept at its newest entry. No
   framework; htmx checks the text and swaps in the choices left after each change. Knows
   no ruleset: everything comes from the page (the ruleset's choices and options). */
(function () {
  "use strict";
  function $(sel, root) { return (root || document).querySelector(sel); }
  function $all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  var SVGNS = "http://www.w3.org/2000/svg";
  function norm(line) { return (line || "").split("#")[0].replace(/\s+/g, " ").trim().toLowerCase(); }

  // -- the map ---------------------------------------------------------------------------
  function initMap(svg) {
    var info = document.getElementById(svg.getAttribute("data-info") || "stack-info");
    function show(text) { if (info) { info.textContent = text; } }
    var stacks = $all(".stack", svg);
    function centre(g) { var r = g.querySelector("rect"); return { x: +r.getAttribute("x"), y: +r.getAttribute("y") }; }
    // one tab stop: the selected stack (else the first); arrows move between stacks
    if (stacks.length) { stacks[0].setAttribute("tabindex", "0"); }
    function rove(to) {
      stacks.forEach(function (s) { s.setAttribute("tabindex", "-1"); });
      to.setAttribute("tabindex", "0");
      to.focus();
    }
    function nearest(from, dx, dy) {
      var a = centre(from), best = null, bestScore = Infinity;
      stacks.forEach(function (s) {
        if (s === from) { return; }
        var b = centre(s), vx = b.x - a.x, vy = b.y - a.y;
        var along = vx * dx + vy * dy;
        if (along <= 0) { return; }
        var across = Math.abs(vx * dy - vy * dx);
        // the nearest stack within 50 degrees of the arrow's direction, else the nearest on
        // that side (tests/browser/test_turns.py follows the same rule to find its way)
        var score = Math.sqrt(vx * vx + vy * vy) + across + (across <= along * 1.2 ? 0 : 1e6);
        if (score < bestScore) { bestScore = score; best = s; }
      });
      return best;
    }
    stacks.forEach(function (g) {
      g.addEventListener("mouseenter", function () { show(g.getAttribute("data-label")); });
      g.addEventListener("focus", function () { show(g.getAttribute("data-label")); });
      g.addEventListener("click", function (ev) {
        ev.stopPropagation();
        $all(".stack.selected", svg).forEach(function (s) { s.classList.remove("selected"); });
        g.classList.add("selected");
        show(g.getAttribute("data-label"));
        var zone = g.getAttribute("data-zone");
        var path = svg.querySelector('.zone[data-zone="' + zone + '"]');
        if (path && path.classList.contains("legal")) {  // a counter in a highlighted zone picks the zone
          svg.dispatchEvent(new CustomEvent("cursus:zone", { detail: { zone: zone } }));
          return;
        }
        svg.dispatchEvent(new CustomEvent("cursus:stack", { detail: { zone: zone, side: g.getAttribute("data-side"),
          pieces: (g.getAttribute("data-pieces") || "").split(" ").filter(Boolean), label: g.getAttribute("data-label") } }));
      });
      g.addEventListener("keydown", function (ev) {
        var dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); g.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
        else if (dirs[ev.key]) {
          ev.preventDefault();
          var next = nearest(g, dirs[ev.key][0], dirs[ev.key][1]);
          if (next) { rove(next); }
        }
      });
    });
    $all(".zone", svg).forEach(function (z) {
      z.addEventListener("click", function () {
        svg.dispatchEvent(new CustomEvent("cursus:zone", { detail: { zone: z.getAttribute("data-zone"), name: z.getAttribute("data-name") } }));
      });
    });
  }

  function zoneCentre(svg, id) {
    var z = svg.querySelector('.zone[data-zone="' + id + '"]');
    return z ? { x: +z.getAttribute("data-x"), y: +z.getAttribute("data-y") } : null;
  }

  // a small label beside each highlighted zone: what going there costs ("2 PI", "3 MP")
  function drawBadges(svg, items) {
    var layer = svg ? svg.querySelector("g.costs") : null;
    if (!layer) { return; }
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    (items || []).forEach(function (it) {
      var c = zoneCentre(svg, it.zone);
      if (!c || !it.text) { return; }
      var w = 5 + it.text.length * 5.4, x = c.x + 9, y = c.y - 19;
      var g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "cost-badge");
      g.setAttribute("data-zone", it.zone);
      var r = document.createElementNS(SVGNS, "rect");
      [["x", x], ["y", y], ["width", w], ["height", 11], ["rx", 5.5]].forEach(function (a) { r.setAttribute(a[0], a[1]); });
      var tx = document.createElementNS(SVGNS, "text");
      tx.setAttribute("x", x + w / 2); tx.setAttribute("y", y + 8.4); tx.setAttribute("text-anchor", "middle");
      tx.textContent = it.text;
      g.appendChild(r); g.appendChild(tx);
      layer.appendChild(g);
    });
  }

  function drawArrows(svg, paths) {
    var layer = svg.querySelector("g.plan");
    if (!layer) { return; }
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    (paths || []).forEach(function (path) {
      var pts = path.map(function (id) { return zoneCentre(svg, id); }).filter(Boolean);
      // a path of one zone: something placed there (a fleet in the opening): an arrow into it
      if (pts.length === 1) { pts = [{ x: pts[0].x, y: pts[0].y - 38 }, { x: pts[0].x, y: pts[0].y - 12 }]; }
      if (pts.length < 2) { return; }
      var points = pts.map(function (p) { return p.x + "," + p.y; }).join(" ");
      var casing = document.createElementNS(SVGNS, "polyline");  // a white edge: the path reads over any colour
      casing.setAttribute("points", points);
      casing.setAttribute("class", "plan-casing");
      layer.appendChild(casing);
      var line = document.createElementNS(SVGNS, "polyline");
      line.setAttribute("points", points);
      line.setAttribute("class", "plan-arrow");
      line.setAttribute("marker-end", "url(#" + svg.id + "-head)");
      layer.appendChild(line);
    });
  }

  // -- the orders panel ------------------------------------------------------------------
  function initOrders(panel) {
    var svg = document.getElementById(panel.getAttribute("data-map"));
    var dataNode = document.getElementById(panel.getAttribute("data-options"));
    var textarea = document.getElementById(panel.getAttribute("data-text"));
    var step = panel.getAttribute("data-step");
    if (!textarea) { return; }
    var options = dataNode ? JSON.parse(dataNode.textContent || "{}") : {};
    var side = options.side;
    var stacks = options.stacks || [];
    var builder = $(".move-builder", panel);
    var t = JSON.parse(document.getElementById("orders-i18n").textContent);
    var names = t.names || {};
    var current = null;   // the move being built: {stack, dest, path}
    var chosenPieces = null;  // the pieces picked on the map whose choices the map shows

    function zonePath(id) { return svg ? svg.querySelector('.zone[data-zone="' + id + '"]') : null; }
    function zoneName(id) { var z = zonePath(id); return z ? z.getAttribute("data-name") : (names[id] || id); }
    function pieceName(id) { return names[id] || id; }
    function clearHighlights() {
      if (!svg) { return; }
      $all(".zone.legal, .zone.on-route, .zone.chosen", svg).forEach(function (z) { z.classList.remove("legal", "on-route", "chosen"); });
      drawBadges(svg, []);
    }
    function piecesOf(b) { return (b.getAttribute("data-pieces") || "").split(" ").filter(Boolean); }
    function forChosen(b) {  // a choice concerns the pieces picked on the map (or none were picked)
      if (!chosenPieces) { return true; }
      var mine = piecesOf(b);
      return !mine.length || mine.some(function (p) { return chosenPieces.indexOf(p) >= 0; });
    }
    function lines() { var v = textarea.value.replace(/\s+$/, ""); return v ? v.split("\n") : []; }
    function setLines(ls) {
      var written = ls.filter(function (l) { return norm(l); });
      if (written.length > 1) { ls = ls.filter(function (l) { return norm(l) !== "pass"; }); }
      textarea.value = ls.filter(function (l) { return l.trim(); }).join("\n") + (ls.length ? "\n" : "");
      textarea.dispatchEvent(new Event("change", { bubbles: true }));
    }
    function appendLine(line) { setLines(lines().concat([line])); }

    // a click on a choice writes its line (the same rules as games/web/choices.py)
    function applyChoice(button) {
      var fs = button.closest("fieldset.question");
      var mode = fs.getAttribute("data-mode");
      var line = button.getAttribute("data-line");
      if (!line) { return; }
      var ls = lines(), mine = norm(line);
      var present = ls.some(function (l) { return norm(l) === mine; });
      if (mode === "one") {
        var others = $all("button.choice", fs).map(function (b) { return norm(b.getAttribute("data-line")); });
        ls = ls.filter(function (l) { return others.indexOf(norm(l)) < 0; });
        if (!(present && fs.getAttribute("data-min") === "0")) { ls.push(line); }
      } else if (mode === "many" || mode === "ranked") {
        if (present) { ls = ls.filter(function (l) { return norm(l) !== mine; }); } else { ls.push(line); }
      } else if (mode === "sequence") {
        ls.push(line);
      }
      setLines(ls);
    }

    panel.addEventListener("click", function (ev) {
      var button = ev.target.closest("button.choice");
      if (button && panel.contains(button)) {
        ev.preventDefault();
        if (button.hasAttribute("data-stack")) { startFrom(button.getAttribute("data-stack")); return; }
        applyChoice(button);
        return;
      }
      if (ev.target.closest("[data-undo]")) {
        ev.preventDefault();
        var ls = lines();
        for (var i = ls.length - 1; i >= 0; i--) { if (norm(ls[i])) { ls.splice(i, 1); break; } }
        setLines(ls);
      }
    });

    // the question the map answers: the first one with zones not answered yet (of the
    // pieces picked on the map, when some were)
    function zoneChoices(fs) { return $all(".choice[data-zones]", fs).filter(forChosen); }
    function activeQuestion() {
      var withZones = $all("fieldset.question", panel).filter(function (fs) {  // a map question is answered by its stacks
        return fs.getAttribute("data-mode") !== "board" && zoneChoices(fs).length;
      });
      return withZones.filter(function (fs) { return !fs.classList.contains("answered"); })[0] || withZones[0] || null;
    }
    function highlightChoices() {
      if (!svg || current) { return; }
      clearHighlights();
      var fs = activeQuestion();
      if (!fs) { return; }
      var unit = fs.getAttribute("data-unit") || "", cheapest = {};
      zoneChoices(fs).forEach(function (b) {
        var cost = b.getAttribute("data-cost");
        b.getAttribute("data-zones").split(" ").forEach(function (z) {
          var p = zonePath(z); if (p) { p.classList.add("legal"); }
          if (cost !== null && (cheapest[z] === undefined || +cost < cheapest[z])) { cheapest[z] = +cost; }
        });
      });
      drawBadges(svg, Object.keys(cheapest).map(function (z) { return { zone: z, text: cheapest[z] + (unit ? " " + unit : "") }; }));
    }
    // a piece picked on the map: its choices (the zones it may go to, with their cost)
    // light up and the first of them takes the focus
    function choosePieces(pieces, label) {
      var mine = $all("button.choice[data-pieces]", panel).filter(function (b) {
        return piecesOf(b).some(function (p) { return pieces.indexOf(p) >= 0; });
      });
      if (!mine.length) { return false; }
      chosenPieces = pieces.slice();
      current = null;
      if (builder) { builder.innerHTML = ""; }
      highlightChoices();
      var info = document.getElementById(svg.getAttribute("data-info") || "stack-info");
      if (info) { info.textContent = (label ? label + " — " : "") + t.pick_choice; }
      var first = mine.filter(function (b) { return b.closest("fieldset.question") === activeQuestion(); })[0] || mine[0];
      first.focus();
      return true;
    }
    function chooseZone(zone) {
      var fs = activeQuestion();
      if (!fs) { return false; }
      var hit = zoneChoices(fs).filter(function (b) { return b.getAttribute("data-zones").split(" ").indexOf(zone) >= 0; });
      if (hit.length === 1) { hit[0].click(); return true; }
      if (hit.length > 1) { hit[0].focus(); return true; }
      return false;
    }

    // -- building a move on the map (a "board" question) --
    function startFrom(choiceId) {
      var k = choiceId.indexOf("stack:") === 0 ? +choiceId.slice(6) : -1;
      if (k >= 0 && stacks[k]) { startMove(stacks[k]); }
    }
    function renderGroups(zone) {
      if (!builder) { return; }
      builder.innerHTML = "";
      var here = stacks.map(function (s, i) { return { s: s, i: i }; }).filter(function (x) { return x.s.zone === zone; });
      if (!here.length) { builder.appendChild(el("p", {}, t.no_move_here)); builder.focus(); return; }
      builder.appendChild(el("p", {}, t.pick_group + " " + zoneName(zone)));
      var ul = el("ul", { "class": "order-lines" });
      here.forEach(function (x, k) {
        var li = el("li");
        var who = (x.s.leaders || []).concat(x.s.units || []).map(pieceName).join(", ") || t.nobody;
        var b = el("button", { type: "button", "class": "secondary", "data-group": String(k) }, t.move + ": " + who);
        b.addEventListener("click", function () { startMove(x.s); });
        li.appendChild(b);
        ul.appendChild(li);
      });
      builder.appendChild(ul);
      var first = $("button", builder); if (first) { first.focus(); }
    }
    function startMove(s) {
      if (!builder) { return; }
      clearHighlights();
      current = { stack: s, dest: null, path: null };
      var reach = s.reach || {};
      var dests = Object.keys(reach).sort(function (a, b) { return zoneName(a).localeCompare(zoneName(b)); });
      dests.forEach(function (z) { var p = zonePath(z); if (p) { p.classList.add("legal"); } });
      drawBadges(svg, dests.map(function (z) { return { zone: z, text: reach[z].cost + " " + t.mp }; }));
      var origin = zonePath(s.zone); if (origin) { origin.classList.add("chosen"); }
      builder.innerHTML = "";
      builder.appendChild(el("p", {}, t.pick_destination));
      var fs = el("fieldset"); fs.appendChild(el("legend", {}, t.pieces));
      var leaders = s.leaders || [];
      var takeable = (s.may_take && s.may_take.length) ? s.may_take : (s.units || []);
      leaders.forEach(function (id) { fs.appendChild(el("span", { "class": "piece" }, pieceName(id) + " ")); });
      takeable.forEach(function (id) {
        var lab = el("label", { "class": "help" });
        var box = el("input", { type: "checkbox", value: id, "class": "take" });
        if ((s.units || []).indexOf(id) >= 0 || !leaders.length) { box.checked = true; }
        lab.appendChild(box); lab.appendChild(document.createTextNode(" " + pieceName(id) + " "));
        fs.appendChild(lab);
      });
      builder.appendChild(fs);
      var selLabel = el("label", { "for": "dest-select" }, t.destination);
      var sel = el("select", { id: "dest-select" });
      sel.appendChild(el("option", { value: "" }, "—"));
      dests.forEach(function (z) { sel.appendChild(el("option", { value: z }, zoneName(z) + " (" + reach[z].cost + " " + t.mp + ")")); });
      sel.addEventListener("change", function () { if (sel.value) { chooseDest(sel.value, true); } });
      builder.appendChild(selLabel); builder.appendChild(document.createTextNode(" ")); builder.appendChild(sel);
      var cancel = el("button", { type: "button", "class": "secondary" }, t.cancel);
      cancel.addEventListener("click", function () { current = null; clearHighlights(); builder.innerHTML = ""; highlightChoices(); });
      builder.appendChild(document.createTextNode(" ")); builder.appendChild(cancel);
      builder.appendChild(el("div", { "class": "route" }));
      sel.focus();
    }
    function chooseDest(zone, fromList) {  // fromList: the arrow keys in the list go on choosing
      if (!current) { return; }
      var reach = current.stack.reach || {};
      if (!reach[zone]) { return; }
      current.dest = zone; current.path = reach[zone].path.slice();
      if (svg) { $all(".zone.on-route", svg).forEach(function (z) { z.classList.remove("on-route"); }); }
      current.path.forEach(function (z) { var p = zonePath(z); if (p) { p.classList.add("on-route"); } });
      var sel = document.getElementById("dest-select"); if (sel) { sel.value = zone; }
      var route = $(".route", builder); route.innerHTML = "";
      route.appendChild(el("p", {}, t.route + ": " + current.path.map(zoneName).join(" > ")));
      var drops = el("fieldset"); drops.appendChild(el("legend", {}, t.drop));
      $all("input.take:checked", builder).forEach(function (box) {
        var id = box.value;
        var lab = el("label", { "for": "drop-" + id, "class": "help" }, pieceName(id) + " ");
        var s = el("select", { id: "drop-" + id, "class": "drop", "data-unit": id });
        s.appendChild(el("option", { value: "" }, t.no_drop));
        current.path.slice(1, -1).forEach(function (z) { s.appendChild(el("option", { value: z }, zoneName(z))); });
        drops.appendChild(lab); drops.appendChild(s); drops.appendChild(el("br"));
      });
      if (current.path.length > 2) { route.appendChild(drops); }
      var add = el("button", { type: "button", id: "add-move" }, t.add_move);
      add.addEventListener("click", addMove);
      route.appendChild(add);
      if (!fromList) { add.focus(); }
    }
    function addMove() {
      if (!current || !current.path) { return; }
      var s = current.stack;
      var units = $all("input.take:checked", builder).map(function (b) { return b.value; });
      var who = (s.leaders || []).concat(units);
      var line = "move " + who.join(" ") + ": " + current.path.join(" > ");
      var drops = $all("select.drop", builder).filter(function (d) { return d.value; }).map(function (d) { return d.getAttribute("data-unit") + "@" + d.value; });
      if (drops.length) { line += " drop " + drops.join(" "); }
      appendLine(line);
      clearHighlights();
      current = null;
      builder.innerHTML = "";
      builder.appendChild(el("p", {}, t.added));
      textarea.focus();
    }

    if (svg) {
      svg.addEventListener("cursus:stack", function (ev) {
        if (ev.detail.side === side && stacks.length) { renderGroups(ev.detail.zone); return; }
        choosePieces(ev.detail.pieces || [], ev.detail.label);
      });
      svg.addEventListener("cursus:zone", function (ev) {
        if (current) { chooseDest(ev.detail.zone); return; }
        if (chooseZone(ev.detail.zone)) { return; }
        if (stacks.some(function (s) { return s.zone === ev.detail.zone; })) { renderGroups(ev.detail.zone); }
      });
    }
    function refreshPlan() {
      if (chosenPieces && !$all("button.choice[data-pieces]", panel).some(function (b) {
        return piecesOf(b).some(function (p) { return chosenPieces.indexOf(p) >= 0; });
      })) { chosenPieces = null; }
      var node = document.getElementById("arrows-" + step);
      if (svg && node) { try { drawArrows(svg, JSON.parse(node.textContent || "[]")); } catch (e) { /* not JSON yet */ } }
      highlightChoices();
    }
    // the check swaps the choices in anew: the keyboard's focus stays on the same choice
    // (else on its question's first), never lost to the top of the page
    var focused = null;
    document.body.addEventListener("htmx:beforeSwap", function () {
      var a = document.activeElement, fs = a ? a.closest("fieldset.question") : null;
      if (a && panel.contains(a) && a.matches("button.choice")) {
        focused = { value: a.getAttribute("value"), question: fs ? fs.getAttribute("data-question") : "" };
      }
    });
    document.body.addEventListener("htmx:afterSettle", function () {
      refreshPlan();
      if (!focused) { return; }
      var a = document.activeElement;
      if (!a || a === document.body || !document.contains(a)) {
        var same = $all("button.choice", panel).filter(function (b) { return b.getAttribute("value") === focused.value; })[0];
        var fs = $('fieldset.question[data-question="' + focused.question + '"]', panel);
        var next = same || (fs && $("button.choice", fs)) || $("button.choice", panel);
        if (next) { next.focus(); }
      }
      focused = null;
    });
    refreshPlan();
  }

  // -- pan and zoom: Panzoom (static/vendor/panzoom-*.min.js, MIT) on the map's SVG: pinch,
  // drag and the buttons; a phone opens the map enlarged on the player's forces ----------------
  var PHONE_SCALE = 2.6;
  function initZoom(button) {
    var wrap = document.getElementById(button.getAttribute("aria-controls"));
    var svg = wrap ? $("svg.board", wrap) : null;
    if (!svg) { return; }
    var zoomIn = document.getElementById("map-zoom-in"), zoomOut = document.getElementById("map-zoom-out");
    var pz = null;
    if (window.Panzoom) {
      wrap.classList.add("pz");
      pz = window.Panzoom(svg, { minScale: 1, maxScale: 8, step: 0.7, contain: "outside", panOnlyWhenZoomed: true,
                                 cursor: "grab", animate: false,
                                 // a tap or a click still reaches the zones and counters
                                 handleStartEvent: function (e) { e.preventDefault(); } });
      wrap.addEventListener("wheel", function (ev) { if (ev.ctrlKey || ev.metaKey) { pz.zoomWithWheel(ev); } }, { passive: false });
    }
    // a drag that panned the map is not a click on what lies under the pointer
    var moved = 0, start = null;
    wrap.addEventListener("pointerdown", function (ev) { start = { x: ev.clientX, y: ev.clientY }; moved = 0; });
    wrap.addEventListener("pointermove", function (ev) {
      if (start) { moved = Math.max(moved, Math.abs(ev.clientX - start.x) + Math.abs(ev.clientY - start.y)); }
    });
    wrap.addEventListener("pointerup", function () { start = null; });
    wrap.addEventListener("click", function (ev) { if (moved > 8) { ev.stopPropagation(); ev.preventDefault(); moved = 0; } }, true);
    svg.addEventListener("panzoomchange", sync);
    function scale() { return pz ? pz.getScale() : (wrap.classList.contains("zoomed") ? PHONE_SCALE : 1); }
    function sync() {
      var on = scale() > 1.01;
      wrap.classList.toggle("zoomed", on);
      // enlarged, one finger pans the map; fitted, it scrolls the page (two still pinch)
      svg.style.touchAction = on ? "none" : "pan-y";
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = button.getAttribute(on ? "data-zoom-out" : "data-zoom-in");
    }
    function set(on) {
      if (pz) {
        if (on) { pz.zoom(PHONE_SCALE, { animate: false }); centreOn(wrap, svg, pz); } else { pz.reset({ animate: false }); }
      } else {
        wrap.classList.toggle("zoomed", on);
      }
      sync();
    }
    button.addEventListener("click", function () { set(scale() <= 1.01); });
    if (zoomIn) { zoomIn.addEventListener("click", function () { if (pz) { pz.zoomIn({ animate: false }); sync(); } }); }
    if (zoomOut) { zoomOut.addEventListener("click", function () { if (pz) { pz.zoomOut({ animate: false }); sync(); } }); }
    // the keyboard: a stack that takes the focus is brought into view
    svg.addEventListener("focusin", function (ev) {
      var g = ev.target.closest ? ev.target.closest(".stack") : null;
      if (g && pz && scale() > 1.01) { bringIntoView(wrap, g, svg, pz); }
    });
    if (window.matchMedia && window.matchMedia("(max-width: 600px)").matches) { set(true); }  // a phone
    sync();
  }
  // the map's own units of what to show first: the player's stacks, else the zones the
  // prompt highlights, else every stack
  function forcesCentre(svg) {
    var pts = $all(".stack[data-own]", svg).map(function (g) {
      var r = g.querySelector("rect"); return { x: +r.getAttribute("x") + 11, y: +r.getAttribute("y") + 9 };
    });
    if (!pts.length) {
      pts = $all(".zone.legal", svg).map(function (z) { return { x: +z.getAttribute("data-x"), y: +z.getAttribute("data-y") }; });
    }
    if (!pts.length) {
      pts = $all(".stack", svg).map(function (g) { var r = g.querySelector("rect"); return { x: +r.getAttribute("x"), y: +r.getAttribute("y") }; });
    }
    if (!pts.length) { return null; }
    var sx = 0, sy = 0;
    pts.forEach(function (p) { sx += p.x; sy += p.y; });
    return { x: sx / pts.length, y: sy / pts.length };
  }
  function centreAt(svg, pz, ux, uy) {
    // the element's own size (before the transform); the drawing is fitted in it ("meet")
    var vb = svg.viewBox.baseVal, w = svg.clientWidth, h = svg.clientHeight;
    var k = Math.min(w / vb.width, h / vb.height), ox = (w - vb.width * k) / 2, oy = (h - vb.height * k) / 2;
    pz.pan(w / 2 - (ux * k + ox), h / 2 - (uy * k + oy), { animate: false, force: true });
  }
  function centreOn(wrap, svg, pz) {
    var c = forcesCentre(svg);
    if (c) { centreAt(svg, pz, c.x, c.y); }
  }
  function bringIntoView(wrap, g, svg, pz) {
    var box = wrap.getBoundingClientRect(), r = g.getBoundingClientRect();
    if (r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom) { return; }
    var rect = g.querySelector("rect");
    centreAt(svg, pz, +rect.getAttribute("x") + 11, +rect.getAttribute("y") + 9);
  }

  // the replay slider shows the step it points at (no inline handler: the CSP refuses them)
  function initSlider(input) {
    var out = document.getElementById(input.getAttribute("data-output"));
    input.addEventListener("input", function () { if (out) { out.textContent = input.value; } });
  }

  function keepLogAtNewest() {
    $all(".event-log").forEach(function (log) { log.scrollTop = log.scrollHeight; });
  }

  // a phone folds the legend away (one tap opens it): the orders come next
  function foldLegend() {
    if (window.matchMedia && window.matchMedia("(max-width: 600px)").matches) {
      $all("details.legend-box").forEach(function (d) { d.removeAttribute("open"); });
    }
  }

  function init() {
    $all("svg.board").forEach(initMap);
    $all(".order-panel").forEach(initOrders);
    $all("#map-zoom").forEach(initZoom);  // after the orders: the legal zones are lit
    $all("input[type=range][data-output]").forEach(initSlider);
    foldLegend();
    keepLogAtNewest();
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
  document.addEventListener("htmx:afterSwap", function (ev) { $all("svg.board", ev.target).forEach(initMap); });
})();
