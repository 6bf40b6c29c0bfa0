/**
 * `npm run backup -- [--out <folder>]`: a consistent backup of the configured database (DATABASE_URL, or
 * the embedded SQLite file in DATA_DIR) and the uploads folder, while the server runs. Default folder:
 * `backups/skill-exchange-<time>` under the working directory. See graph/src/db/backup.ts and docs/deploy.md.
 */
import "reflect-metadata";
import path from "node:path";
import { ConfigError, loadConfig } from "../graph/src/config.js";
import { BackupError, createBackup } from "../graph/src/db/backup.js";

const args = process.argv.slice(2);
const at = args.indexOf("--out");
if ((at >= 0 && !args[at + 1]) || args.some((a, i) => a.startsWith("-") && a !== "--out" && i !== at + 1)) {
  console.error("usage: npm run backup -- [--out <folder>]");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "Z");
const out = at >= 0 ? args[at + 1] : path.join("backups", `skill-exchange-${stamp}`);

try {
  const manifest = await createBackup(loadConfig(), out);
  const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
  console.log(
    `backup written to ${path.resolve(out)} (${manifest.database.kind}, migration ${manifest.migration}, ${manifest.files.length} files, ${bytes} bytes)`,
  );
  if (!manifest.uploads.copied) console.log(manifest.uploads.note);
} catch (e) {
  console.error(e instanceof ConfigError || e instanceof BackupError ? e.message : e);
  process.exit(1);
}
