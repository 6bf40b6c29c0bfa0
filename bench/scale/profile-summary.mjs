// Summarises a V8 .cpuprofile (node --cpu-prof): self time by package or source folder, and the
// hottest functions. Usage: node bench/scale/profile-summary.mjs <file.cpuprofile> [top]
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, "utf8"));
const top = Number(topArg ?? 30);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return "(native/idle)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith("node:")) return url;
  return url.replace(/^.*\/(dist|graph|bench)\//, "$1/");
};
const groups = new Map();
const fns = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const g = n.callFrame.url ? where(n.callFrame.url) : n.callFrame.functionName || "(native)";
  groups.set(g, (groups.get(g) ?? 0) + t);
  const f = `${n.callFrame.functionName || "(anonymous)"} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fns.set(f, (fns.get(f) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1000).toFixed(0)} ms sampled\n\nby package / folder:`);
for (const [g, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${g}`);
console.log("\nhottest functions (self):");
for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${f}`);
