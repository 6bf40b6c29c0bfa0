// Where the app's CPU goes, by owner: `perf` samples (on-CPU time only) attributed to the innermost
// JavaScript frame of each sample's stack, mapped through the bundle's source map to the npm package
// or source folder it came from; garbage collection and samples with no JavaScript frame apart.
// V8's own --cpu-prof samples wall time on the main thread, so it charges to the socket write
// (`writeBuffer`) the time the process waits while the kernel wakes MariaDB: on this box a third of
// its samples. perf counts only CPU.
//
//   node --perf-basic-prof dist/server/main.js            (the app under load, e.g. from bench/scale.ts)
//   perf record -F 1999 -g -p <pid> -o /tmp/perf.data -- sleep 15
//   perf script -i /tmp/perf.data | node bench/scale/perf-owners.mjs dist/server/server.js.map [top]
import { readFileSync } from "node:fs";
import readline from "node:readline";
import { SourceMapConsumer } from "source-map-js";

const [mapFile, topArg] = process.argv.slice(2);
const map = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")));
const top = Number(topArg ?? 40);
const GC =
  /Scaveng|Marking|MarkCompact|Sweep|Heap::|Evacuat|ConcurrentMarking|GCTracer|FreeList|RecordWrite|SemiSpace|Remembered|SlotSet|Compactor/;
const owners = new Map();

function ownerOf(frame) {
  // The bundle: dist/server/server.js (main.js in builds that Node ran alone, server.cjs before them).
  let m = /JS:\S?.*? \S+server(?:\.cjs|\/main\.js|\/server\.js):(\d+):(\d+)/.exec(frame);
  if (m) {
    const source = map.originalPositionFor({ line: Number(m[1]), column: Number(m[2]) - 1 }).source ?? "?";
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return pkg ? pkg[1] : source.replace(/^.*?((graph|common)\/)/, "$1");
  }
  m = /JS:\S?.*? (node:\S+?):\d+/.exec(frame);
  if (m) return `node ${m[1]}`;
  // graphql-jit's compiled queries are functions made by `new Function`: no file.
  if (/JS:\S?.*? :\d+:\d+/.test(frame)) return "graphql-jit (compiled queries)";
  return null;
}

let samples = 0;
let frames = [];
const flush = () => {
  if (frames.length === 0) return;
  samples++;
  let owner = GC.test(frames[0]) ? "(garbage collection)" : null;
  for (const f of frames) owner ??= ownerOf(f);
  owner ??= /\[kernel/.test(frames[0]) ? "(kernel, no JavaScript frame)" : "(native, no JavaScript frame)";
  owners.set(owner, (owners.get(owner) ?? 0) + 1);
  frames = [];
};
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim() || /^\S/.test(line)) flush();
  else frames.push(line.trim().replace(/^[0-9a-f]+ /, ""));
}
flush();
console.log(`${samples} samples`);
for (const [owner, n] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${((100 * n) / samples).toFixed(1).padStart(5)}%  ${owner}`);
}
