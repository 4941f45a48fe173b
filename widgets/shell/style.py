"""The shell's styles (one <style> block; a game adds its own through `GameParts.css`)."""

from .messages import styles

CSS = """<style>
.shell-app { font-family: sans-serif; font-size: 13px; max-width: 1010px; }
.shell-title { font-weight: bold; font-size: 16px; margin-right: 6px; }
.shell-header { align-items: flex-start; }   /* a two-line status does not stretch the tools */
.shell-header > * { flex: 0 0 auto; }   /* the title and the tools keep their size and place; */
.shell-header > .shell-status-box { flex: 1 1 0; min-width: 0; }   /* the status wraps between */
.shell-tagline { color: #555; border-right: 1px solid #BBB; padding-right: 8px; margin-right: 8px; }
.shell-panel-title { font-weight: bold; margin-top: 4px; }
.shell-log { max-height: 170px; overflow-y: auto; font-size: 12px; }
.shell-since { max-height: 130px; overflow-y: auto; font-size: 12px; background: #F2F6FA;
               border-left: 3px solid #0072B2; padding: 2px 6px; }
.shell-gate { background: #FFF4D6; padding: 12px; border: 2px solid #E69F00; }
.shell-log-order { color: #666666; font-size: 11px; }
/* a line wrapping goes on under its text, not under its round label */
.shell-log-entry { padding-left: 26px; text-indent: -26px; }
.shell-log-round { display: inline-block; width: 26px; text-indent: 0; color: #777777; font-size: 11px; }
/* a bot's reason, under the line it explains */
.shell-reason { color: #555555; font-style: italic; text-indent: 0; }
.shell-rule-link { font-size: 10px; color: #0072B2; margin-left: 3px; }
.shell-app .widget-button { height: auto; min-height: 28px; white-space: normal; }
.shell-app input[type=file] { display: none !important; }  /* the Load button opens it */
.shell-app .widget-html-content { line-height: 1.35; }
.shell-welcome { padding: 40px 20px; font-size: 15px; color: #444; flex: 1 1 auto; }
.shell-sidebar { flex: 0 0 auto; }
.shell-results table, .shell-players { border-collapse: collapse; font-size: 12px; }
.shell-results td, .shell-results th, .shell-players td, .shell-players th { padding: 1px 6px;
    border-bottom: 1px solid #DDDDDD; text-align: right; }
.shell-results td:first-child, .shell-players td:first-child { text-align: left; }
.shell-about { background: #F7F7F2; border: 1px solid #DDDDCC; padding: 4px 10px; margin-bottom: 6px; }
.shell-about p { font-size: 12px; line-height: 1.4; margin: 4px 0; }
%s</style>""" % styles("shell")
