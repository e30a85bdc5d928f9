/* Cursus map: show a stack on hover, tap or keyboard; build SMC moves on the map and
   write them into the text notation beside it (the textarea is the order set: what is
   typed there is what is submitted). No framework; htmx validates the text. */
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

  function initMap(svg) {
    var info = document.getElementById(svg.getAttribute("data-info") || "stack-info");
    function show(text) { if (info) { info.textContent = text; } }
    $all(".stack", svg).forEach(function (g) {
      g.addEventListener("mouseenter", function () { show(g.getAttribute("data-label")); });
      g.addEventListener("focus", function () { show(g.getAttribute("data-label")); });
      g.addEventListener("click", function (ev) {
        ev.stopPropagation();
        $all(".stack.selected", svg).forEach(function (s) { s.classList.remove("selected"); });
        g.classList.add("selected");
        show(g.getAttribute("data-label"));
        svg.dispatchEvent(new CustomEvent("cursus:stack", { detail: { zone: g.getAttribute("data-zone"), side: g.getAttribute("data-side") } }));
      });
      g.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); g.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
      });
    });
    $all(".zone", svg).forEach(function (z) {
      z.addEventListener("click", function () {
        svg.dispatchEvent(new CustomEvent("cursus:zone", { detail: { zone: z.getAttribute("data-zone"), name: z.getAttribute("data-name") } }));
      });
    });
  }

  function initOrders(panel) {
    var svg = document.getElementById(panel.getAttribute("data-map"));
    var dataNode = document.getElementById(panel.getAttribute("data-options"));
    var textarea = document.getElementById(panel.getAttribute("data-text"));
    if (!svg || !dataNode || !textarea) { return; }
    var options = JSON.parse(dataNode.textContent || "{}");
    var side = options.side;
    var stacks = options.stacks || [];
    var builder = $(".move-builder", panel);
    var t = JSON.parse(document.getElementById("orders-i18n").textContent);
    var current = null;   // {stack, dest, path}

    function zonePath(id) { return svg.querySelector('.zone[data-zone="' + id + '"]'); }
    function zoneName(id) { var z = zonePath(id); return z ? z.getAttribute("data-name") : id; }
    function clearHighlights() {
      $all(".zone.legal, .zone.on-route, .zone.chosen", svg).forEach(function (z) { z.classList.remove("legal", "on-route", "chosen"); });
    }
    function appendLine(line) {
      var text = textarea.value.replace(/\s+$/, "");
      var lines = text ? text.split("\n") : [];
      lines = lines.filter(function (l) { return l.trim().toLowerCase() !== "pass"; });
      lines.push(line);
      textarea.value = lines.join("\n") + "\n";
      textarea.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function renderGroups(zone) {
      builder.innerHTML = "";
      var here = stacks.filter(function (s) { return s.zone === zone; });
      if (!here.length) { builder.appendChild(el("p", {}, t.no_move_here)); return; }
      builder.appendChild(el("p", {}, t.pick_group + " " + zoneName(zone)));
      var ul = el("ul", { "class": "order-lines" });
      here.forEach(function (s, i) {
        var li = el("li");
        var who = (s.leaders || []).concat(s.units || []).join(", ") || t.nobody;
        var b = el("button", { type: "button", "class": "secondary", "data-group": String(i) }, t.move + ": " + who);
        b.addEventListener("click", function () { startMove(s); });
        li.appendChild(b);
        ul.appendChild(li);
      });
      builder.appendChild(ul);
    }

    function startMove(s) {
      clearHighlights();
      current = { stack: s, dest: null, path: null };
      var reach = s.reach || {};
      var dests = Object.keys(reach).sort();
      dests.forEach(function (z) { var p = zonePath(z); if (p) { p.classList.add("legal"); } });
      var origin = zonePath(s.zone); if (origin) { origin.classList.add("chosen"); }
      builder.innerHTML = "";
      builder.appendChild(el("p", { "aria-live": "polite" }, t.pick_destination));
      var fs = el("fieldset"); fs.appendChild(el("legend", {}, t.pieces));
      var leaders = s.leaders || [];
      var takeable = (s.may_take && s.may_take.length) ? s.may_take : (s.units || []);
      leaders.forEach(function (id) { fs.appendChild(el("span", { "class": "mono" }, id + " ")); });
      takeable.forEach(function (id) {
        var lab = el("label", { "class": "help" });
        var box = el("input", { type: "checkbox", value: id, "class": "take" });
        if ((s.units || []).indexOf(id) >= 0 || !leaders.length) { box.checked = true; }
        lab.appendChild(box); lab.appendChild(document.createTextNode(" " + id + " "));
        fs.appendChild(lab);
      });
      builder.appendChild(fs);
      var selLabel = el("label", { "for": "dest-select" }, t.destination);
      var sel = el("select", { id: "dest-select" });
      sel.appendChild(el("option", { value: "" }, "—"));
      dests.forEach(function (z) { sel.appendChild(el("option", { value: z }, zoneName(z) + " (" + reach[z].cost + " PM)")); });
      sel.addEventListener("change", function () { if (sel.value) { chooseDest(sel.value); } });
      builder.appendChild(selLabel); builder.appendChild(document.createTextNode(" ")); builder.appendChild(sel);
      builder.appendChild(el("div", { "class": "route" }));
    }

    function chooseDest(zone) {
      if (!current) { return; }
      var reach = current.stack.reach || {};
      if (!reach[zone]) { return; }
      current.dest = zone; current.path = reach[zone].path.slice();
      $all(".zone.on-route", svg).forEach(function (z) { z.classList.remove("on-route"); });
      current.path.forEach(function (z) { var p = zonePath(z); if (p) { p.classList.add("on-route"); } });
      var sel = document.getElementById("dest-select"); if (sel) { sel.value = zone; }
      var route = $(".route", builder); route.innerHTML = "";
      route.appendChild(el("p", {}, t.route + ": " + current.path.map(zoneName).join(" > ")));
      var drops = el("fieldset"); drops.appendChild(el("legend", {}, t.drop));
      $all("input.take:checked", builder).forEach(function (box) {
        var id = box.value;
        var lab = el("label", { "for": "drop-" + id, "class": "help" }, id + " ");
        var s = el("select", { id: "drop-" + id, "class": "drop", "data-unit": id });
        s.appendChild(el("option", { value: "" }, t.no_drop));
        current.path.slice(1, -1).forEach(function (z) { s.appendChild(el("option", { value: z }, zoneName(z))); });
        drops.appendChild(lab); drops.appendChild(s); drops.appendChild(el("br"));
      });
      if (current.path.length > 2) { route.appendChild(drops); }
      var add = el("button", { type: "button", id: "add-move" }, t.add_move);
      add.addEventListener("click", addMove);
      route.appendChild(add);
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
      builder.appendChild(el("p", { "aria-live": "polite" }, t.added));
    }

    svg.addEventListener("cursus:stack", function (ev) {
      if (ev.detail.side === side) { renderGroups(ev.detail.zone); }
    });
    svg.addEventListener("cursus:zone", function (ev) {
      if (current) { chooseDest(ev.detail.zone); }
      else if (stacks.some(function (s) { return s.zone === ev.detail.zone; })) { renderGroups(ev.detail.zone); }
    });
    $all("[data-add-line]", panel).forEach(function (b) {
      b.addEventListener("click", function () {
        var line = b.getAttribute("data-add-line");
        var extra = b.getAttribute("data-input") ? document.getElementById(b.getAttribute("data-input")).value.trim() : "";
        if (b.getAttribute("data-input") && !extra) { return; }
        appendLine(extra ? line + " " + extra : line);
      });
    });
  }

  function initZoom(button) {
    var wrap = document.getElementById(button.getAttribute("aria-controls"));
    button.addEventListener("click", function () {
      var on = !wrap.classList.contains("zoomed");
      wrap.classList.toggle("zoomed", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = button.getAttribute(on ? "data-zoom-out" : "data-zoom-in");
    });
  }

  function init() {
    $all("svg.board").forEach(initMap);
    $all("#map-zoom").forEach(initZoom);
    $all(".order-panel[data-map]").forEach(initOrders);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
  document.addEventListener("htmx:afterSwap", function (ev) { $all("svg.board", ev.target).forEach(initMap); });
})();
