"""`BrowserBridge`: the one small widget with code in the page. It carries what ipywidgets
cannot, always as one-off messages, never as widget state:

- **the connection** (unless `watch` is off, as on a lesson): it pings the kernel every few
  seconds while someone uses the page; when no answer comes for a while (the kernel died or was
  stopped, the server is gone, the network dropped) it covers the page with a message saying
  what happened and what to do (reload and Resume: every action is autosaved), instead of
  leaving a board that ignores clicks. After `IDLE_MINUTES` without a click or key it stops
  pinging, so the server may close the idle page's kernel (voila.json culls idle kernels); the
  message then says so.
- **the table's id**: kept in the browser's localStorage, sent when the page opens, so the
  app can offer "Resume" for this browser's unfinished tables (their files stay on the server).
- **downloads**: a save file built on demand goes to the page once, as a message with a
  binary buffer, and is handed to the browser as a file; it never sits in a widget.
- **uploads**: its "Load a save" button (drawn unless `uploads` is False) opens the browser's
  file chooser; the file is checked in the page first (a save is small: anything over
  `MAX_FILE_BYTES` is refused there, with a message, before it is sent), then sent once as a
  message with a binary buffer (the websocket would drop a message over 10 MiB silently).
  Other files a page takes (the card game's deck files) come the same way, each with its
  purpose: `accept(purpose, max_bytes, load, refused)` says what to do with them and
  `file_button(purpose, ...)` draws their chooser anywhere on the page; the bridge's code
  hears that chooser's change, checks the size against the purpose's limit and sends once.
- **the window's size**, so the board is drawn to fit, and clicks on links to a rules section
  (an element with a `data-mc-topic` attribute: the log's rules links, help links, the rules'
  index), which open the page's rules viewer (widgets/shell/rules_view.py) through `on_topic`.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import os

import anywidget
import traitlets

from ..sealed_files import MAX_FILE_BYTES

IDLE_MINUTES = 20


def _lost_seconds() -> int:
    """Seconds without an answer before the page says the connection is lost: 20, or
    MEGACORPS_LOST_SECONDS (tests make it short)."""
    try:
        return max(2, int(os.environ.get("MEGACORPS_LOST_SECONDS", "20")))
    except ValueError:
        return 20

_ESM = r"""
const PING_MS = %(ping)d, LOST_MS = %(lost)d * 1000, IDLE_MS = %(idle)d * 60000;
const KEY = 'megacorps.tables';

function remembered() {
  try { return JSON.parse(localStorage.getItem(KEY) || '[]').filter(t => t && t.id); }
  catch (e) { return []; }
}
function store(list) { try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 8))); } catch (e) {} }

function sizes() {
  const slot = document.querySelector('.mc-board-slot');
  return {width: window.innerWidth, height: window.innerHeight,
          board: slot ? Math.floor(slot.getBoundingClientRect().width) : 0};
}

function overlay() {
  let box = document.querySelector('.mc-overlay');
  if (!box) {
    box = document.createElement('div');
    box.className = 'mc-overlay';
    box.setAttribute('role', 'alertdialog');
    box.style.display = 'none';
    document.body.appendChild(box);
  }
  return box;
}

function showOverlay(kind, html) {
  const box = overlay();
  box.dataset.kind = kind;
  box.innerHTML = '<div class="mc-overlay-card">' + html +
    '<button class="mc-overlay-reload" onclick="location.reload()">Reload the page</button></div>';
  box.style.display = 'flex';
}

// A file chosen in the page goes to the kernel once, as a message with a binary buffer, after its
// size is checked against the limit of what it is for (`limits`: {purpose: bytes}); a file over
// it is never read: the kernel hears only its name and size. Resolves to whether it was sent.
async function sendFile(model, file, purpose) {
  const max = (model.get('limits') || {})[purpose];
  if (!(file.size <= max)) {
    model.send({type: 'upload-refused', purpose, name: file.name, size: file.size});
    return false;
  }
  const data = await file.arrayBuffer();
  model.send({type: 'upload', purpose, name: file.name, size: file.size}, undefined, [data]);
  return true;
}

export default {
  initialize({ model }) {
    let lastPong = Date.now(), lastUser = Date.now(), pinging = true, n = 0;
    const touch = () => {
      lastUser = Date.now();
      if (!pinging) { pinging = true; lastPong = Date.now(); model.send({type: 'ping', n: ++n}); }
    };
    for (const t of ['pointerdown', 'keydown', 'wheel']) document.addEventListener(t, touch, true);

    model.on('msg:custom', (msg, buffers) => {
      if (msg.type === 'pong') {
        lastPong = Date.now();
        const box = overlay();
        if (box.dataset.kind === 'lost') { box.style.display = 'none'; box.dataset.kind = ''; }
      } else if (msg.type === 'download') {
        const blob = new Blob(buffers.map(b => b.buffer ? b.buffer : b), {type: 'application/json'});
        const a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = msg.name;
        a.className = 'mc-download-link';
        document.body.appendChild(a);
        a.click();
        setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 60000);
      } else if (msg.type === 'remember') {
        store([{id: msg.table, at: Date.now()}, ...remembered().filter(t => t.id !== msg.table)]);
      } else if (msg.type === 'forget') {
        store(remembered().filter(t => t.id !== msg.table));
      } else if (msg.type === 'measure') {
        model.send({type: 'size', ...sizes()});
      } else if (msg.type === 'top') {
        // the sidebar scrolls on its own: when the table replaces a long form (a loaded save's
        // "Resume saved game" sits at its bottom), its scroll would hide the decision
        const top = () => { const s = document.querySelector('.mc-sidebar'); if (s) s.scrollTop = 0; };
        top(); setTimeout(top, 150);
      } else if (msg.type === 'scroll') {
        // bring an element of the page to the top of the window (the shell's rules help sits
        // below the table, out of sight at 1024x700); again once the page has drawn it
        const go = () => { const el = document.querySelector(msg.selector); if (el) el.scrollIntoView({block: 'start'}); };
        go(); setTimeout(go, 150); setTimeout(go, 600);
      } else if (msg.type === 'reveal') {
        // bring an element of the sidebar into view: its top at the top of what the sidebar
        // shows (msg.always), or only when its top is out of sight (a heading scrolled away
        // above its buttons); and the sidebar itself into the window. Again once the page has
        // drawn what the same update changed. An element the same update builds (the About panel,
        // at its first press) may not be on the page yet: wait for it to show (up to 10 s).
        const go = () => {
          const s = document.querySelector('.mc-sidebar'), el = document.querySelector(msg.selector);
          if (!s || !el || el.offsetParent === null) return false;
          const box = s.getBoundingClientRect(), r = el.getBoundingClientRect();
          const seen = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
          if (msg.always || r.top < seen || r.top > bottom - 60) s.scrollTop += r.top - box.top;
          const after = s.getBoundingClientRect();
          if (after.top < 0 || after.top > window.innerHeight - 120) window.scrollBy(0, after.top);
          return true;
        };
        let tries = 0;
        const first = () => {
          if (go()) { setTimeout(go, 150); setTimeout(go, 600); } else if (++tries < 100) setTimeout(first, 100);
        };
        first();
      }
    });

    // Say hello once the board is drawn (or after 20 s): the board is then redrawn to fit the
    // window, and its drawing code must be listening by then. A shell page (widgets/shell/)
    // draws its board to its own size: it says hello as soon as it is on the page.
    let waited = 0;
    const hello = () => {
      if (document.querySelector('.mc-board .js-plotly-plot .barlayer') || document.querySelector('.shell-app')
          || waited > 20000) {
        model.send({type: 'hello', tables: remembered().map(t => t.id), ...sizes()});
      } else { waited += 150; setTimeout(hello, 150); }
    };
    hello();
    let timer = null;
    window.addEventListener('resize', () => {
      clearTimeout(timer);
      timer = setTimeout(() => model.send({type: 'size', ...sizes()}), 250);
    });
    const onlyTheApp = () => {
      const config = document.getElementById('jupyter-config-data');   // Voila's page says appUrl 'voila/'
      const voila = !!config && /"appUrl"\s*:\s*"\/?voila/.test(config.textContent);
      return voila && !location.pathname.includes('/voila/render/');
    };
    document.addEventListener('click', (e) => {
      const lesson = e.target.closest && e.target.closest('a.mc-lesson-link');
      if (lesson && onlyTheApp()) {
        // a Voila started on play.ipynb alone answers every address with the app (the
        // README's Play command serves the lessons beside it, under /voila/render/; in
        // JupyterLab the relative link opens the lesson's notebook)
        e.preventDefault();
        model.send({type: 'lesson', name: lesson.getAttribute('href').split('/').pop()});
        return;
      }
      // a link to a rules section (widgets/shell/rules_view.py's section_link): its key in data-mc-topic
      const link = e.target.closest && e.target.closest('[data-mc-topic]');
      if (link) { e.preventDefault(); model.send({type: 'topic', topic: link.dataset.mcTopic}); }
    });
    const lost = () => showOverlay('lost', '<h3>The game lost its connection to the server</h3>' +
      '<p>This page\u2019s Python process stopped answering: it may have been stopped or have ' +
      'crashed, the server may be down, or the network dropped. Clicks here would do nothing.</p>' +
      '<p>' + model.get('recovery') + ' If the page does not load, the server itself ' +
      'is down: ask whoever started it to start it again.</p>');
    // a lesson (watch off) keeps its kernel with keep_alive and is read in JupyterLab too, where a
    // cover over the whole JupyterLab whenever its kernel restarts or is busy would be wrong
    if (model.get('watch')) setInterval(() => {
      const now = Date.now();
      if (pinging && now - lastUser > IDLE_MS) { pinging = false; }
      if (pinging && now - lastPong > LOST_MS) lost();
      if (pinging) { try { model.send({type: 'ping', n: ++n}); } catch (e) { lost(); } }
    }, PING_MS);
    // a file chooser drawn by `file_button` for this bridge (another page's bridge may share the
    // document in JupyterLab: each hears its own choosers only)
    document.addEventListener('change', async (e) => {
      const input = e.target;
      if (!input.matches || !input.matches('input[type=file][data-mc-upload]')
          || input.dataset.mcBridge !== model.get('key')) return;
      const file = input.files && input.files[0];
      if (file) await sendFile(model, file, input.dataset.mcUpload);
      input.value = '';   // the same file chosen again (fixed meanwhile) is sent again
    }, true);
    window.__mcBridge = model;   // tests read the page's widget models through it
  },

  render({ model, el }) {
    el.classList.add('mc-bridge');
    if (!model.get('uploads')) return;
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.className = 'mc-upload-input';
    // the chooser opens from a button drawn as the page's others are (an ipywidgets button)
    const button = document.createElement('button');
    button.className = 'jupyter-button widget-button mc-upload-button';
    button.innerHTML = '<i class="fa fa-upload"></i> Load a save';
    button.title = 'Open a file the Save button gave you';
    button.addEventListener('click', () => input.click());
    const note = document.createElement('div');
    note.className = 'mc-upload-note';
    input.addEventListener('change', async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      note.textContent = 'Reading ' + file.name + '\u2026';
      note.classList.remove('mc-upload-error');
      const sent = await sendFile(model, file, 'save');
      input.value = '';
      note.textContent = sent ? '' : '\u26a0 ' + file.name + ' is ' + (file.size / 1048576).toFixed(1) +
          ' MB: a saved game is at most ' + (model.get('limits').save / 1048576) + ' MB (a real one is a few ' +
          'dozen KB). Choose the .json file the Save button gave you.';
      if (!sent) note.classList.add('mc-upload-error');
    });
    el.appendChild(button);
    el.appendChild(input);
    el.appendChild(note);
  },
};
"""


def _esm() -> str:
    lost = _lost_seconds()
    return _ESM % {"idle": IDLE_MINUTES, "lost": lost, "ping": min(4000, lost * 250)}


# The cover `showOverlay` puts over the page when the connection is lost, and the file chooser's
# note, styled here with the code that draws them, so every page with a bridge has them (the
# shell's pages had the cover unstyled).
OVERLAY_CSS = """
.mc-overlay { position: fixed; inset: 0; background: rgba(20, 24, 34, .78); z-index: 10000;
              align-items: center; justify-content: center; }
.mc-overlay-card { background: #fff; border-radius: 8px; padding: 16px 20px; max-width: 520px; font-size: 14px;
                   box-shadow: 0 4px 20px rgba(0,0,0,.4); }
.mc-overlay-card h3 { margin-top: 0; color: #8a1c1c; }
.mc-overlay-reload { background: #1d3557; color: #fff; border: 0; border-radius: 5px; padding: 6px 14px;
                     font-size: 14px; cursor: pointer; }
.mc-upload-input, .mc-file-input { display: none; }
.mc-upload-button { width: auto; }
.mc-upload-note { font-size: 12px; margin-top: 3px; }
.mc-upload-error { color: #8a1c1c; background: #fde2e1; border-radius: 4px; padding: 3px 6px; }
"""


AUTOSAVED = ("<b>Your game is not lost</b>: it was saved on the server after every move. "
             "Reload the page and press <b>Resume</b>.")


class BrowserBridge(anywidget.AnyWidget):
    """See the module docstring. Handlers are set by the app:
    `on_hello(tables, sizes)`, `on_size(sizes)`, `on_topic(topic)`, `on_lesson(file name)`; and
    for each kind of file the page takes (a save, `widgets/shell/upload.py`; a deck), `accept`."""

    _esm = traitlets.Unicode().tag(sync=True)
    _css = traitlets.Unicode(OVERLAY_CSS).tag(sync=True)
    # what the cover tells the player to do to get their game back (HTML): the hot-seat app
    # autosaves every move; a page without autosave says what it has instead
    recovery = traitlets.Unicode(AUTOSAVED).tag(sync=True)
    # whether the page loads saves through it (its "Load a save" button); a networked seat's does not
    uploads = traitlets.Bool(True).tag(sync=True)
    # the biggest file the page sends for each purpose ("save": the form's Load a save)
    limits = traitlets.Dict().tag(sync=True)
    # what this bridge's file choosers carry (`file_button`): several pages may share one document
    key = traitlets.Unicode().tag(sync=True)
    # whether it watches the connection (pings, and the cover when no answer comes); a lesson's does not
    watch = traitlets.Bool(True).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(_esm=_esm(), limits={"save": MAX_FILE_BYTES}, **kwargs)
        self.key = self.model_id
        self.add_class("mc-bridge-box")
        self.on_hello: Callable[[list[str], dict], None] = lambda tables, sizes: None
        self.on_size: Callable[[dict], None] = lambda sizes: None
        self.on_topic: Callable[[str], None] = lambda topic: None
        self.on_lesson: Callable[[str], None] = lambda name: None
        # purpose -> (load, refused): set by `accept` (the save's limit is known before: the form's
        # Load a save says it)
        self._takers: dict[str, tuple[Callable[[str, bytes], None], Callable[[str, int], None]]] = {}
        self.sizes: dict = {}
        self.on_msg(self._received)

    def _received(self, _widget, content, buffers) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            self.send({"type": "pong", "n": content.get("n")})
        elif kind == "hello":
            self.sizes = {k: content.get(k) for k in ("width", "height", "board")}
            tables = [t for t in content.get("tables", []) if isinstance(t, str)]
            self.on_hello(tables, self.sizes)
        elif kind == "size":
            self.sizes = {k: content.get(k) for k in ("width", "height", "board")}
            self.on_size(self.sizes)
        elif kind in ("upload", "upload-refused"):
            self._file(kind, content, buffers)
        elif kind == "topic":
            self.on_topic(str(content.get("topic", "")))
        elif kind == "lesson":
            self.on_lesson(str(content.get("name", "")))

    def _file(self, kind: str, content: dict, buffers) -> None:
        """A file the page sent (`upload`) or refused (`upload-refused`), to its purpose's handlers;
        one over its limit (a page that skipped the check) is refused here; a purpose nothing
        takes is ignored."""
        purpose = str(content.get("purpose") or "save")
        name = str(content.get("name", ""))
        if purpose not in self._takers:
            return
        load, refused = self._takers[purpose]
        if kind == "upload-refused":
            refused(name, int(content.get("size") or 0))
        elif buffers and len(buffers[0]) > self.limits[purpose]:
            refused(name, len(buffers[0]))
        elif buffers:
            load(name, bytes(buffers[0]))

    def accept(self, purpose: str, max_bytes: int, load: Callable[[str, bytes], None],
               refused: Callable[[str, int], None]) -> None:
        """Take files for `purpose` (chosen with a `file_button` of it): `load(name, data)` for one
        the page sent, `refused(name, size)` for one over `max_bytes`, which the page never sends."""
        self._takers[purpose] = (load, refused)
        self.limits = {**self.limits, purpose: max_bytes}

    def file_button(self, purpose: str, label: str, css_class: str, title: str = "",
                    accept: str = ".json,application/json") -> str:
        """HTML of a button, drawn as the page's others, opening the browser's file chooser for
        `purpose` (see `accept`); put it in any W.HTML on the page."""
        # a real button (reached with Tab, as Load a save is) opening the hidden input beside it
        return (f"<button type='button' class='jupyter-button widget-button mc-upload-button {escape(css_class)}' "
                f"title='{escape(title)}' onclick='this.nextElementSibling.click()'>"
                f"<i class='fa fa-upload'></i> {escape(label)}</button>"
                f"<input type='file' class='mc-file-input' accept='{escape(accept)}' "
                f"data-mc-upload='{escape(purpose)}' data-mc-bridge='{escape(self.key)}'>")

    # --- to the page --------------------------------------------------------------------------

    def download(self, name: str, data: bytes) -> None:
        """Hand `data` to the browser as a file called `name` (one message; nothing kept)."""
        self.send({"type": "download", "name": name}, buffers=[data])

    def remember(self, table: str) -> None:
        self.send({"type": "remember", "table": table})

    def forget(self, table: str) -> None:
        self.send({"type": "forget", "table": table})

    def measure(self) -> None:
        self.send({"type": "measure"})

    def reveal(self, selector: str, always: bool = False) -> None:
        """Scroll the sidebar to the element `selector`: its top at the sidebar's top, always or
        only when that top is out of sight."""
        self.send({"type": "reveal", "selector": selector, "always": always})

    def scroll_to(self, selector: str) -> None:
        """Scroll the window so that the element `selector` is at its top."""
        self.send({"type": "scroll", "selector": selector})

    def sidebar_to_top(self) -> None:
        """Scroll the sidebar back to its top (where the decision is)."""
        self.send({"type": "top"})
