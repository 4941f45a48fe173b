"""The shell's styles (one <style> block; a game adds its own through `GameParts.css`)."""

from .header import css as header_css
from .log import log_css
from .messages import styles

CSS = """<style>
.shell-app { font-family: sans-serif; font-size: 13px; max-width: 1010px; }
.shell-title { font-weight: bold; font-size: 16px; margin-right: 6px; }
.shell-tagline { color: #555; border-right: 1px solid #BBB; padding-right: 8px; margin-right: 8px; }
.shell-panel-title { font-weight: bold; margin-top: 4px; }
.shell-note { color: #555555; font-size: 12px; }   /* a side remark (what Undo would take back) */
.shell-log { max-height: 170px; overflow-y: auto; font-size: 12px; }
.shell-since { max-height: 130px; overflow-y: auto; font-size: 12px; background: #F2F6FA;
               border-left: 3px solid #0072B2; padding: 2px 6px; }
.shell-gate { background: #FFF4D6; padding: 12px; border: 2px solid #E69F00; }
%s.shell-app .widget-button { height: auto; min-height: 28px; white-space: normal; }
.shell-app input[type=file] { display: none !important; }  /* the Load button opens it */
.shell-form .shell-start { flex: 0 0 auto; }   /* a note under Load a save wraps beside it, */
.shell-upload { flex: 1 1 0; min-width: 0; }    /* not squeezing Start onto two lines */
.shell-app .widget-html-content { line-height: 1.35; }
.shell-welcome { padding: 40px 20px; font-size: 15px; color: #444; flex: 1 1 auto; }
.shell-sidebar { flex: 0 0 auto; }
.shell-results table, .shell-players { border-collapse: collapse; font-size: 12px; }
.shell-results td, .shell-results th, .shell-players td, .shell-players th { padding: 1px 6px;
    border-bottom: 1px solid #DDDDDD; text-align: right; }
.shell-results td:first-child, .shell-players td:first-child { text-align: left; }
.shell-about { background: #F7F7F2; border: 1px solid #DDDDCC; padding: 4px 10px; margin-bottom: 6px; }
.shell-about p { font-size: 12px; line-height: 1.4; margin: 4px 0; }
%s</style>""" % (log_css("shell"), styles("shell")) + header_css("shell")
