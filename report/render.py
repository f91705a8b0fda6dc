"""A `Protocol` rendered: JSON, CSV, HTML, and PDF (WeasyPrint, the same HTML, fonts embedded).

One A4 landscape page in the layout of the paper protocol (001 9, 003 9).
"""

from __future__ import annotations

import csv
import io
import json
from html import escape

from engine.classic.scoring.limits import pts
from report.protocol import Protocol, SeatRow, paper

COLUMNS = ("seat", "player", "role", "fouls", "nominated", "votes", "best_move", "removed",
           "points", "extra", "penalties", "total", "protest")
HEAD = ("tournament", "stage", "game", "table", "date", "judge", "rules")


def _cell(row: SeatRow, key: str) -> str:
    value = getattr(row, key)
    return pts(round(value * 100)) if isinstance(value, float) else str(value)


def to_dict(p: Protocol) -> dict[str, object]:
    return {"lang": p.lang, **p.head, "result": p.result, "closed": p.closed,
            "notes": list(p.notes), "seats": [r._asdict() for r in p.rows]}


def to_json(p: Protocol) -> str:
    return json.dumps(to_dict(p), ensure_ascii=False, indent=1)


def to_csv(p: Protocol) -> str:
    """One row per seat, the column names in the protocol's language."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([paper(p.lang, c) for c in COLUMNS] + [paper(p.lang, "clauses")])
    for r in p.rows:
        writer.writerow([_cell(r, c) for c in COLUMNS] + [r.clauses])
    return out.getvalue()


CSS = """
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 9.5pt; color: #000; }
h1 { font-size: 16pt; margin: 0 0 4mm 0; }
.head { display: flex; flex-wrap: wrap; gap: 2mm 8mm; margin-bottom: 4mm; }
.head span b { font-weight: bold; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.6pt solid #000; padding: 1.4mm 1.6mm; text-align: center; }
th { background: #e8e8e8; font-size: 8.5pt; }
td.player { text-align: left; font-weight: bold; }
td.small { font-size: 8pt; }
td.total { font-weight: bold; }
.result { margin-top: 4mm; font-size: 12pt; font-weight: bold; }
.notes { margin-top: 2mm; font-size: 8.5pt; }
.legend { margin-top: 2mm; font-size: 8.5pt; color: #333; }
.sign { margin-top: 10mm; display: flex; justify-content: space-between; }
.sign .line { border-top: 0.6pt solid #000; width: 70mm; padding-top: 1mm; text-align: center; }
"""


def to_html(p: Protocol) -> str:
    def label(key: str) -> str:
        return paper(p.lang, key)

    head = "".join(f"<span>{escape(label(k))}: <b>{escape(p.head[k])}</b></span>"
                   for k in HEAD if k in p.head)
    ths = "".join(f"<th>{escape(label(c))}</th>" for c in COLUMNS)
    rows = []
    for r in p.rows:
        cells = []
        for c in COLUMNS:
            cls = {"player": "player", "total": "total", "nominated": "small",
                   "votes": "small", "best_move": "small", "removed": "small",
                   "protest": "small"}.get(c, "")
            cells.append(f'<td class="{cls}">{escape(_cell(r, c))}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    notes = "".join(f"<div>{escape(n)}</div>" for n in p.notes)
    judge = escape(p.head.get("judge", ""))
    state = label("closed") if p.closed else label("open")
    return f"""<!DOCTYPE html>
<html lang="{p.lang}"><head><meta charset="utf-8"><title>{escape(label('title'))}</title>
<style>{CSS}</style></head><body>
<h1>{escape(label('title'))}</h1>
<div class="head">{head}</div>
<table><thead><tr>{ths}</tr></thead><tbody>
{''.join(rows)}
</tbody></table>
<div class="result">{escape(label('result'))}: {escape(p.result)}</div>
<div class="notes">{notes}</div>
<div class="legend">{escape(label('legend'))}</div>
<div class="sign"><div>{escape(state)}</div>
<div class="line">{escape(label('signature'))}{': ' + judge if judge else ''}</div></div>
</body></html>
"""


def to_pdf(p: Protocol) -> bytes:
    """The HTML printed by WeasyPrint; its fonts (DejaVu Sans) are embedded as subsets."""
    from weasyprint import HTML  # heavy: only when a PDF is asked for

    pdf: bytes = HTML(string=to_html(p)).write_pdf()
    return pdf
