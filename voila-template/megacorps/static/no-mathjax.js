// The MegaCorps app's pages show no mathematics. Voila would load MathJax 3 (~900 KB of script
// in 16 files, parsed, started and run over every HTML widget's content on every change); a
// notebook that asks for "no_math" (voila-template/megacorps/index.html.j2) gets Voila's MathJax 2
// hook pointed at this file instead, which answers its calls and does nothing.
window.MathJax = {
  Hub: { Config() {}, Configured() {}, Queue() {}, Register: { StartupHook() {} } },
  Ajax: {},
  InputJax: { TeX: { resetEquationNumbers() {} } },
};
