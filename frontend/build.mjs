// Build widgets/board/static/plotly-widget-basic.js: `npm ci && npm run build` (here, in frontend/).
//
// plotly.py ships its FigureWidget front end as one ES module, plotly/package_data/widgetbundle.js
// (~5 MB): an esbuild bundle of plotly.py's widget code, lodash-es and the FULL plotly.js, the
// latter as one CommonJS module (plotly.js/dist/plotly.js) wrapped in esbuild's lazy-init helper.
// The board and the money chart only use bar and scatter traces, which plotly.js-basic
// (scatter, bar, pie; ~1.2 MB) has. This script takes the installed plotly's bundle, finds that
// one module with a JavaScript parser and replaces its body with plotly.js-basic-dist-min (same
// plotly.js version, same UMD wrapper); everything else is kept byte for byte. It fails loudly
// when the bundle does not look as expected (a new plotly release): then rebuild, check, and
// update PLOTLY_VERSION in widgets/board/basic_figure.py.
//
// The Python used to find plotly: $PYTHON, else `python`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as acorn from "acorn";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "widgets", "board", "static", "plotly-widget-basic.js");
const require = createRequire(import.meta.url);

function fail(message) {
  console.error(`build.mjs: ${message}`);
  process.exit(1);
}

// --- inputs ---------------------------------------------------------------------------------
const python = process.env.PYTHON || "python";
const [plotlyVersion, bundlePath] = execFileSync(python, ["-c",
  "import pathlib, plotly; print(plotly.__version__); " +
  "print(pathlib.Path(plotly.__file__).parent / 'package_data' / 'widgetbundle.js')"],
  { encoding: "utf8" }).trim().split("\n");
const source = readFileSync(bundlePath, "utf8");
const basicPkg = require("plotly.js-basic-dist-min/package.json");
const basic = readFileSync(require.resolve("plotly.js-basic-dist-min"), "utf8");

// plotly.js's version as the full bundle declares it (src/version.js) must be the basic one's.
const fullVersions = [...source.matchAll(/"src\/version\.js"\(\w+\)\{"use strict";\w+\.version="([\d.]+)"\}/g)];
if (fullVersions.length !== 1) fail(`expected one plotly.js src/version.js in ${bundlePath}, found ${fullVersions.length}`);
const plotlyjsVersion = fullVersions[0][1];
if (plotlyjsVersion !== basicPkg.version) {
  fail(`plotly ${plotlyVersion} bundles plotly.js ${plotlyjsVersion}, but package.json pins ` +
       `plotly.js-basic-dist-min ${basicPkg.version}: pin the same version`);
}
if (!basic.startsWith(`/**\n* plotly.js (basic - minified) v${basicPkg.version}\n`)) fail("unexpected plotly.js-basic-dist-min header");
if (!/module\.exports\s*=\s*factory\(\)/.test(basic)) fail("plotly.js-basic-dist-min is not the expected UMD (module.exports = factory())");

// --- find the plotly.js module in the bundle ----------------------------------------------------
const comments = [];
const ast = acorn.parse(source, { ecmaVersion: "latest", sourceType: "module", onComment: comments });
const text = (node) => source.slice(node.start, node.end);

// esbuild's __commonJS helper: var h=(cb,mod)=>()=>(... (mod={exports:{}}).exports, mod ...)
const helpers = new Set();
for (const stmt of ast.body) {
  if (stmt.type !== "VariableDeclaration") continue;
  for (const d of stmt.declarations) {
    if (d.init && d.init.type === "ArrowFunctionExpression" && text(d.init).includes("={exports:{}}).exports")) {
      helpers.add(d.id.name);
    }
  }
}
if (helpers.size !== 1) fail(`expected one __commonJS helper, found ${helpers.size}`);
const [commonJS] = helpers;

const candidates = [];
for (const stmt of ast.body) {
  if (stmt.type !== "VariableDeclaration") continue;
  for (const d of stmt.declarations) {
    const init = d.init;
    if (!init || init.type !== "CallExpression" || init.callee.type !== "Identifier" || init.callee.name !== commonJS) continue;
    const fn = init.arguments[0];
    if (init.arguments.length !== 1 || fn.type !== "ArrowFunctionExpression" || fn.params.length !== 2
        || fn.body.type !== "BlockStatement") continue;
    const body = text(fn.body);
    if (body.includes(`"src/version.js"`) && body.includes(".moduleName=")) candidates.push({ decl: d, fn });
  }
}
if (candidates.length !== 1) fail(`expected one plotly.js CommonJS module, found ${candidates.length}`);
const { decl, fn } = candidates[0];
// It is required once, by the widget code: var X=__toESM(<name>())
const uses = source.split(`${decl.id.name}()`).length - 1;
if (uses !== 1) fail(`expected the plotly.js module ${decl.id.name} to be required once, found ${uses}`);
const plotlyPart = fn.end - fn.start;
if (plotlyPart < 3_000_000) fail(`the plotly.js module is only ${plotlyPart} characters: not the full plotly.js?`);

// --- the license notice esbuild appends: keep the parts for the code that stays ----------------
const legal = comments.filter((c) => c.type === "Block" && c.value.startsWith("! Bundled license information:"));
if (legal.length !== 1 || source.slice(legal[0].end).trim() !== "") fail("expected one trailing license comment");
const lodashAt = legal[0].value.indexOf("\nlodash-es/");
if (lodashAt < 0) fail("no lodash-es entry in the license comment");

// --- write ----------------------------------------------------------------------------------------
const header = `/* plotly.py ${plotlyVersion} FigureWidget front end (plotly/package_data/widgetbundle.js, ` +
  `MIT licence, Copyright (c) Plotly, Inc.)\n` +
  `   with plotly.js-basic-dist-min ${basicPkg.version} (scatter, bar, pie; MIT licence, Copyright (c) Plotly, Inc.)\n` +
  `   in place of the full plotly.js ${plotlyjsVersion}. Built by frontend/build.mjs: do not edit.\n` +
  `   plotly-version: ${plotlyVersion} */\n`;
const result = header
  + source.slice(0, fn.start)
  + "(exports,module)=>{\n" + basic + "\n}"
  + source.slice(fn.end, legal[0].start)
  + "/*! Bundled license information:\n" + legal[0].value.slice(lodashAt + 1) + "*/\n";

// The result must still parse as a module, and still hold the widget code.
acorn.parse(result, { ecmaVersion: "latest", sourceType: "module" });
for (const marker of ["plotlywidget-after-render", "_js2py_pointsCallback", `.version="${basicPkg.version}"`]) {
  if (!result.includes(marker)) fail(`marker ${marker} missing from the result`);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, result);
console.log(`${out}: ${(result.length / 1e6).toFixed(2)} MB (from ${(source.length / 1e6).toFixed(2)} MB; ` +
            `plotly ${plotlyVersion}, plotly.js-basic ${basicPkg.version})`);
