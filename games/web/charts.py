"""The victory-points-over-time chart as inline SVG (no JavaScript, no library)."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games.web.mapsvg import side_colour


def _describe(series) -> str:
    word = _("step")
    return "; ".join(f"{word} {n}: " + ", ".join(f"{s} {p[s]}" for s in sorted(p)) for n, p in series[-12:])


def vp_chart(series: list[tuple[int, dict]], pos: dict | None = None, years: dict | None = None) -> str:
    """``pos``: the position (``position.position``) whose sides give the colours and
    names; ``years``: step number -> year, written under the axis when known."""
    if not series:
        return ""
    width, height, left, bottom, top, right = 600, 240, 40, 30, 14, 90
    sides = sorted({side for _, points in series for side in points})
    values = [v for _, points in series for v in points.values()]
    lo, hi = min(0, min(values)), max(1, max(values))
    tick = max(1, -(-(hi - lo) // 4))  # whole points between gridlines
    lo, hi = (lo // tick) * tick, -(-hi // tick) * tick
    steps = [n for n, _ in series]
    first, last = steps[0], max(steps[-1], steps[0] + 1)

    def x(n):
        return round(left + (n - first) * (width - left - right) / (last - first), 1)

    def y(v):
        return round(height - bottom - (v - lo) * (height - bottom - top) / (hi - lo), 1)

    title = _("Victory points after each step")
    years = years or {}
    axis = _("year (step)") if years else _("step")
    out = [f'<svg class="vp-chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="vp-title vp-desc" xmlns="http://www.w3.org/2000/svg">',
           f'<title id="vp-title">{escape(title)}</title>',
           f'<desc id="vp-desc">{escape(_describe(series))}</desc>']
    for v in range(int(lo), int(hi) + 1, int(tick)):
        out.append(f'<line class="gridline" x1="{left}" y1="{y(v)}" x2="{width - right}" y2="{y(v)}"/>')
        out.append(f'<text x="{left - 4}" y="{y(v) + 3}" text-anchor="end">{v}</text>')
    out.append(f'<line class="axis" x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}"/>')
    out.append(f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}"/>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 6}" text-anchor="middle">{escape(axis)}</text>')
    shown = []
    for n in steps:  # each year where it starts, else the first and last steps
        label = years.get(n)
        if label is not None and all(label != prev for _n, prev in shown):
            shown.append((n, label))
    if not shown:
        shown = [(first, first), (steps[-1], steps[-1])]
    for n, label in shown[:: max(1, len(shown) // 8)]:
        out.append(f'<text x="{x(n)}" y="{height - bottom + 14}" text-anchor="middle">{label}</text>')
    for k, side in enumerate(sides):
        pts = [(x(n), y(points[side])) for n, points in series if side in points]
        colour = side_colour(side, pos or {})
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{" ".join(f"{a},{b}" for a, b in pts)}"/>')
        for a, b in pts[-1:]:
            out.append(f'<circle cx="{a}" cy="{b}" r="3" fill="{colour}"/>')
        out.append(f'<rect x="{width - right + 8}" y="{top + 16 * k}" width="10" height="10" fill="{colour}"/>')
        name = ((pos or {}).get("sides") or {}).get(side, {}).get("name") or side
        out.append(f'<text x="{width - right + 22}" y="{top + 9 + 16 * k}">{escape(name)} {series[-1][1].get(side, "")}</text>')
    out.append("</svg>")
    return mark_safe("".join(out))
