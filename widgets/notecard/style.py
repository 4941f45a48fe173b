"""The note-card widgets' look: one style sheet, injected once through an HTML widget, with the
Okabe-Ito corporation colours and the class prefix `nc-`. The playable page (`SHELL_CSS`) is the
kit's page shell with these widgets; the networked table's pages (`NOTECARD_CSS`) also dress the
Voila page around them (a dark frame); a lesson (`LESSON_CSS`) styles only its own widgets and
leaves the notebook alone."""

PAGE_CSS = """
body, .jp-Notebook, .voila-body { background: #1f2430 !important; margin: 0 !important; }
body { padding: 0 !important; }
#rendered_cells, .jp-Cell, .jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output,
.jp-Cell-outputWrapper, .jp-Notebook { padding: 0 !important; margin: 0 !important; }
.jp-OutputPrompt, .jp-InputPrompt { display: none !important; }
"""

WIDGET_CSS = """
.nc-titlebar { background: linear-gradient(90deg, #13161f, #2b3245); color: #f2f2f2; padding: 6px 14px;
               border-radius: 8px 8px 0 0; align-items: center; height: 52px; box-sizing: border-box; }
.nc-brand { white-space: nowrap; font-size: 24px; font-weight: 800; letter-spacing: 3px; color: #ffd166; line-height: 1; }
.nc-brand span { color: #ffffff; font-weight: 400; letter-spacing: 1px; font-size: 14px; white-space: nowrap; }
.nc-tagline { font-size: 10px; color: #aab; letter-spacing: .5px; white-space: nowrap; }
.nc-titlebar > .widget-html:first-child { flex: 0 1 400px; min-width: 0; overflow: hidden; }
.nc-status { flex: 1 1 auto; margin: 0 12px; min-width: 0; overflow: hidden; }
.nc-status .widget-html-content { min-width: 0; max-width: 100%; overflow: hidden; }
.nc-status-text { color: #e8e8ee; font-size: 14px; line-height: 18px; min-width: 0; }
.nc-status-text > div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.nc-chart { max-width: 100%; overflow-x: auto; }
.nc-panel { background: #fff; border-radius: 6px; padding: 8px 10px; box-shadow: 0 1px 3px rgba(0,0,0,.15);
            box-sizing: border-box; width: 100%; }
.nc-panel-title { font-weight: 700; font-size: 15px; margin-bottom: 4px; }
.nc-note { color: #5b6275; font-size: 12px; line-height: 1.35; }
.nc-corps { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; }
.nc-corp { background: #fff; border-radius: 6px; padding: 5px 8px; box-shadow: 0 1px 2px rgba(0,0,0,.12);
           font-size: 12px; min-height: 70px; }
.nc-corp.nc-out { opacity: .45; }
.nc-corp.nc-writing { box-shadow: 0 0 0 2px #ffb703, 0 1px 3px rgba(0,0,0,.2); }
.nc-chip { display: inline-block; min-width: 20px; padding: 0 3px; border-radius: 3px; font-size: 10px;
           font-weight: 700; text-align: center; line-height: 16px; }
.nc-who { color: #5b6275; font-size: 11px; float: right; }
.nc-money { font-weight: 800; color: #0b6e4f; font-size: 16px; }
.nc-badge { display: inline-block; font-size: 10px; padding: 0 6px; border-radius: 8px; margin-right: 3px;
            line-height: 15px; font-weight: 600; }
.nc-b-writing { background: #ffb703; color: #111; }
.nc-b-in { background: #1d3557; color: #fff; }
.nc-b-out { background: #999; color: #fff; }
.nc-b-win { background: #2a9d8f; color: #fff; }
.nc-small { color: #5b6275; font-size: 11px; }
.nc-desk { border-left: 5px solid #ffb703; }
.nc-card { background: #fffdf5; border: 1px solid #e6dcb8; border-radius: 6px; padding: 8px;
           box-shadow: 2px 2px 0 #efe6c8; }
.nc-card-title { font-size: 15px; font-weight: 700; }
.nc-row { align-items: center; gap: 4px; }
.nc-row .widget-label { min-width: 0; }
.nc-entry-note { font-size: 11px; color: #8a5a00; }
.nc-summary-text { font-size: 13px; padding: 4px 6px; border-radius: 4px; background: #eef6ff; margin: 4px 0; }
.nc-summary-text.nc-over { background: #fde2e1; color: #8a1c1c; }
.nc-msg-text { font-size: 12px; background: #fde2e1; color: #8a1c1c; border-radius: 4px; padding: 4px 6px; }
.nc-info-text { background: #e7f5ee; color: #1b5e3c; border-radius: 6px; padding: 4px 10px; font-size: 12px; }
.nc-reveal-now { font-size: 16px; background: #1d3557; color: #fff; border-radius: 6px; padding: 8px 10px;
                 margin: 4px 0; min-height: 22px; }
.nc-reveal-rule { display: inline-block; font-size: 10px; background: #ffd166; color: #111; border-radius: 3px;
                  padding: 0 4px; margin-right: 6px; vertical-align: middle; }
.nc-reveal-table { border-collapse: collapse; width: 100%; font-size: 12px; }
.nc-reveal-table th, .nc-reveal-table td { border: 1px solid #e1e5ee; padding: 3px 5px; text-align: left;
                                           vertical-align: top; }
.nc-reveal-table th { background: #f3f5f9; }
.nc-reveal-table td.nc-fresh { background: #fff8e1; }
.nc-cell-earn { font-weight: 700; color: #0b6e4f; }
.nc-cell-sab { color: #b42318; }
.nc-reasons { font-size: 12px; margin: 6px 0 0 0; padding-left: 16px; }
.nc-log { max-height: 300px; overflow-y: auto; font-size: 12px; }
.nc-log-round { display: inline-block; width: 26px; color: #8a90a2; font-size: 11px; }
.nc-bot-reason { font-size: 11px; color: #5b3f00; background: #fff6df; border-radius: 3px; padding: 1px 4px;
                 margin: 1px 0 0 26px; }
.nc-num { text-align: right !important; font-weight: 700; }
"""

NOTECARD_CSS = "<style>\n" + PAGE_CSS + WIDGET_CSS + "</style>\n"
# the playable page is the kit's page shell (widgets/notecard/parts.py): its own frame, these widgets
SHELL_CSS = ("<style>\n" + WIDGET_CSS + """
.nc-app .shell-board { flex: 1 1 auto; min-width: 0; gap: 6px; }
.nc-app .shell-sidebar { flex: 0 0 370px; width: 370px; }
.nc-app .shell-welcome { flex: 1 1 auto; }
.nc-board > * { flex-shrink: 0; }
.nc-where { font-size: 14px; padding: 2px 4px; }
.nc-where-rules { color: #5b6275; font-size: 12px; margin-left: 6px; }
</style>\n""")
LESSON_CSS = ("<style>\n.nc-lesson { font-family: \"Segoe UI\", Roboto, Arial, sans-serif; color: #1d2330; gap: 6px; }\n"
              ".nc-lesson .widget-html-content { line-height: 1.35; }\n" + WIDGET_CSS + "</style>\n")
