/**
 * `npm run bench`: the quick in-process scenarios on SQLite (bench/quick.ts), or with
 * `-- --students N` the scale mode on MariaDB beside a raw node:http + mysql2 baseline (bench/scale.ts).
 */
if (process.argv.includes("--students")) await import("./scale.js");
else await import("./quick.js");
export {};
