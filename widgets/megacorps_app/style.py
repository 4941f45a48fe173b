"""The app's look: one style sheet, injected once through an HTML widget (the header's layout is
the shell's: widgets/shell/header.py)."""
from ..shell.header import css as header_css
from ..shell.messages import styles

APP_CSS = header_css("mc") + """
<style>
body, .jp-Notebook, .voila-body { background: #1f2430 !important; margin: 0 !important; }
body { padding: 0 !important; }
#rendered_cells, .jp-Cell, .jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output,
.jp-Cell-outputWrapper, .jp-Notebook { padding: 0 !important; margin: 0 !important; }
.jp-OutputPrompt, .jp-InputPrompt { display: none !important; }
.mc-app .widget-html-content { line-height: 1.35; }
.mc-app .widget-html, .mc-app .widget-html-content { height: auto; }
html, body { overflow-x: hidden !important; }
.mc-app { font-family: "Segoe UI", Roboto, Arial, sans-serif; color: #1d2330; width: 100%;
          max-width: 100vw; box-sizing: border-box; margin: 0; padding: 0 4px; overflow-x: hidden; }
.mc-titlebar { background: linear-gradient(90deg, #13161f, #2b3245); color: #f2f2f2; padding: 5px 10px;
               border-radius: 8px 8px 0 0; min-height: 48px; box-sizing: border-box; }
.mc-brand { font-size: 24px; font-weight: 800; letter-spacing: 3px; color: #ffd166; line-height: 1; }
.mc-brand span { color: #ffffff; }
.mc-tagline { font-size: 10px; color: #aab; letter-spacing: .5px; white-space: nowrap; }
.mc-status-text { color: #e8e8ee; font-size: 13px; white-space: normal; line-height: 1.3; }
.mc-tools button { background: #3a4359; color: #fff; border-radius: 5px; padding: 0 10px; }
.mc-tools .mod-active { background: #ffd166; color: #111; }
.mc-save-link { display: inline-block; background: #3a4359; color: #fff !important; padding: 5px 12px;
                border-radius: 5px; text-decoration: none; font-size: 13px; line-height: 18px; }
.mc-save-link:hover { background: #4b5672; }
.mc-body { background: #e9ecf2; padding: 6px; border-radius: 0 0 8px 8px; gap: 6px; box-sizing: border-box;
            display: grid !important; grid-template-columns: minmax(0, 1fr) clamp(330px, 31vw, 560px);
            align-items: start; width: 100%; }
@media (max-width: 900px) { .mc-body { grid-template-columns: minmax(0, 1fr); } }
.mc-left { gap: 4px; min-width: 0; width: 100%; }
.mc-board-slot { width: 100%; min-width: 0; }
.mc-sidebar > *, .mc-sidebar .widget-vbox > *, .mc-panel > *, .mc-resume > * { flex-shrink: 0; }
.mc-board { background: #fff; border-radius: 6px; box-shadow: 0 1px 3px rgba(0,0,0,.15); overflow: hidden; }
.mc-sidebar { width: 100%; min-width: 0; max-height: calc(100vh - 70px); overflow-y: auto; overflow-x: hidden;
               gap: 4px; position: sticky; top: 4px; }
.mc-sidebar .widget-dropdown, .mc-sidebar .widget-text, .mc-sidebar .widget-inline-hbox { max-width: 100%; }
/* the shell's table box: the Undo question's panel stands apart from the decision under it */
.mc-table { gap: 4px; }
/* the shell's "Resume a game" list (widgets/shell/resume.py) is a panel like the others */
.mc-panel, .mc-resume { background: #fff; border-radius: 6px; padding: 8px 10px; box-shadow: 0 1px 3px rgba(0,0,0,.15);
            box-sizing: border-box; width: 100%; }
.mc-panel-title { font-weight: 700; font-size: 15px; margin-bottom: 4px; color: #1d2330; }
.mc-note { color: #5b6275; font-size: 12px; line-height: 1.35; }
.mc-seat-no { display: inline-block; width: 52px; font-size: 12px; color: #5b6275; padding-top: 6px; }
.mc-seat-row { display: flex; flex-flow: row nowrap; align-items: center; gap: 4px; margin: 2px 0; }
/* a seat on one line at 1024 x 700: the two choices share what the number leaves (fixed widths of
   140 + 130 px wrapped the player's choice under the corp's, out of line) */
.mc-seat-pick { flex: 1 1 0; min-width: 0; }
.mc-seat-pick select { width: 100%; }
.mc-seat-row .mc-seat-no { padding-top: 0; flex: none; }
.mc-seat-pick select { height: 28px; font-size: 13px; border: 1px solid #9e9e9e; border-radius: 2px;
                         background: #fff; color: #1d2330; padding: 0 4px; max-width: 100%; }
.mc-seat-pick select:disabled { opacity: .6; }
.mc-corps { display: grid; grid-template-columns: repeat(auto-fit, minmax(190px, 1fr)); gap: 4px; }
.mc-corp { min-width: 0; overflow: hidden; background: #fff; border-radius: 6px; padding: 4px 8px; box-shadow: 0 1px 2px rgba(0,0,0,.12);
           font-size: 12px; line-height: 1.35; min-height: 84px; }
.mc-corp.mc-is-deciding { box-shadow: 0 0 0 2px #ffb703, 0 1px 3px rgba(0,0,0,.2); }
.mc-corp.mc-gone { opacity: .45; }
.mc-corp-head { font-size: 13px; }
.mc-who { color: #5b6275; font-size: 11px; float: right; }
.mc-chip { display: inline-block; min-width: 20px; padding: 0 3px; border-radius: 3px; font-size: 10px;
           font-weight: 700; text-align: center; line-height: 16px; }
.mc-badges { height: 16px; }
.mc-badge { display: inline-block; font-size: 10px; padding: 0 5px; border-radius: 8px; margin-right: 3px;
            line-height: 15px; font-weight: 600; }
.mc-active { background: #1d3557; color: #fff; }
.mc-paid { background: #2a9d8f; color: #fff; }
.mc-deciding { background: #ffb703; color: #111; }
.mc-departed { background: #999; color: #fff; }
.mc-stats { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 13px; }
.mc-stats > span { white-space: nowrap; }
.mc-stats i, .mc-line i { color: #5b6275; font-style: normal; font-size: 11px; }
.mc-money { font-weight: 800; color: #0b6e4f; }
.mc-line { white-space: normal; overflow-wrap: anywhere; }
.mc-small { color: #5b6275; font-size: 11px; }
.mc-welcome { background: #fff; border-radius: 6px; padding: 14px; font-size: 14px; color: #5b6275; }
.mc-decision { border-left: 5px solid #ffb703; }
.mc-who-decides { font-size: 15px; margin-bottom: 2px; }
.mc-decision-text { font-size: 13px; color: #1d2330; }
.mc-context { font-size: 12px; color: #37415a; background: #f3f5f9; padding: 4px 6px; border-radius: 4px;
              margin-top: 4px; }
.mc-kinds .widget-toggle-button { font-size: 12px; margin: 2px; border-radius: 4px; }
.mc-kinds .mod-active { background: #1d3557 !important; color: #fff !important; }
.mc-preview-text { font-size: 12px; background: #fff8e1; border: 1px solid #ffe08a; padding: 4px 6px;
                   border-radius: 4px; margin: 4px 0; overflow-wrap: anywhere; }
.mc-preview.widget-html { margin-left: 0; margin-right: 0; max-width: 100%; box-sizing: border-box; }
.mc-gate { background: #fff3cd; border-radius: 6px; padding: 8px; margin: 6px 0; }
.mc-pass-screen { font-size: 17px; }
.mc-hand-title .mc-panel-title { margin-bottom: 0; }
.mc-cards { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.mc-card { width: 170px; border: 1px solid #c9cfdc; border-radius: 6px; padding: 4px 6px; background: #fbfbfd; }
.mc-card.mc-playable { border: 2px solid #2a9d8f; background: #eefaf7; }
.mc-card-name { font-weight: 700; font-size: 13px; }
.mc-play-mark { font-size: 10px; color: #fff; background: #2a9d8f; border-radius: 6px; padding: 0 4px;
                font-weight: 600; white-space: nowrap; display: inline-block; }
.mc-card-text { font-size: 11px; color: #37415a; line-height: 1.3; }
.mc-private { font-size: 11px; margin-top: 6px; background: #f3f0ff; border-radius: 4px; padding: 4px 6px; }
.mc-private ul { margin: 2px 0 0 14px; padding: 0; }
/* the error and info lines */
.mc-log { max-height: 300px; overflow-y: auto; font-size: 12px; }
.mc-log-entry { padding: 2px 0 2px 34px; text-indent: -34px; border-bottom: 1px solid #eef0f4; line-height: 1.3; }
.mc-log-round { display: inline-block; width: 34px; text-indent: 0; color: #8a90a2; font-size: 11px; }
.mc-log-rule { display: inline-block; text-indent: 0; background: #eef1f7; color: #1d3557 !important; border-radius: 3px;
               font-size: 10px; padding: 0 4px; text-decoration: none; }
.mc-log-rule:hover { background: #1d3557; color: #fff !important; }
.mc-bot-reason { font-size: 11px; color: #5b3f00; background: #fff6df; border-radius: 3px; padding: 1px 4px;
                 margin: 1px 0 0 0; text-indent: 0; }
.mc-topic-link, .mc-help-link { color: #1d4f91; font-size: 12px; }
.mc-badge-link { text-decoration: none; }
.mc-since-box, .mc-why-not-box, .mc-bots { font-size: 12px; background: #f3f5f9; border-radius: 4px;
    padding: 3px 6px; margin-top: 4px; }
.mc-since-box summary, .mc-why-not-box summary, .mc-bots summary { cursor: pointer; font-weight: 600; }
.mc-since-box ul, .mc-why-not-box ul, .mc-bots ul { margin: 2px 0 2px 16px; padding: 0; }
.mc-window { background: #fff3cd; border-radius: 6px; padding: 6px 8px; margin: 4px 0; }
.mc-window-title { font-size: 15px; font-weight: 700; }
.mc-war-alert { border: 2px solid #d62828; background: #fff1f0; border-radius: 6px; padding: 6px 8px;
  margin-bottom: 6px; font-size: 13px; }
.mc-war-title { font-size: 15px; font-weight: 700; color: #b01e1e; }
.mc-countdown { display: inline-block; min-width: 1.4em; text-align: center; background: #1d3557; color: #fff;
                border-radius: 4px; }
.mc-clamped { font-size: 12px; background: #e8f1fb; border: 1px solid #b9d3f0; border-radius: 4px; padding: 3px 6px;
              margin: 3px 0; }
.mc-trade-side { font-weight: 700; font-size: 13px; margin-top: 4px; }
.mc-trade-group { font-size: 12px; color: #37415a; margin-top: 3px; }
.mc-trade .widget-checkbox { width: auto !important; margin-right: 8px; }
.mc-payout-table { border-collapse: collapse; font-size: 12px; margin: 4px 0; }
.mc-payout-table td, .mc-payout-table th { border: 1px solid #ccd; padding: 1px 6px; text-align: center; }
.mc-lessons { font-size: 12px; background: #eef7ee; border-radius: 4px; padding: 3px 6px; }
.mc-resume-line { font-size: 13px; margin-right: 6px; }
.mc-turning-list { font-size: 12px; margin: 2px 0 0 16px; padding: 0; }
.mc-kinds .widget-toggle-button { width: auto !important; padding: 0 8px; }
.mc-tabs { background: #fff; border-radius: 6px; }
.mc-results { font-size: 13px; }
.mc-winner { font-size: 20px; font-weight: 800; background: linear-gradient(90deg, #ffd166, #fff1c1);
             border-radius: 6px; padding: 10px; margin-bottom: 8px; }
.mc-scores { border-collapse: collapse; width: 100%; margin-bottom: 6px; }
.mc-scores td, .mc-scores th { padding: 3px 6px; border-bottom: 1px solid #eee; text-align: left; }
.mc-scores .mc-num { text-align: right; font-weight: 700; }
.mc-win-row { background: #fff8e1; }
.mc-final { font-size: 11px; margin: 2px 0 0 14px; padding: 0; max-height: 180px; overflow-y: auto; }
.mc-final li { margin: 0; line-height: 1.35; }
.mc-results h4 { margin: 6px 0 2px 0; }
.mc-loaded-text { font-size: 12px; background: #e8f1fb; padding: 4px 6px; border-radius: 4px; margin-top: 4px; }
.mc-about p { font-size: 12px; line-height: 1.4; margin: 4px 0; }
</style>
""".replace("/* the error and info lines */", styles("mc"))
