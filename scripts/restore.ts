/**
 * `npm run restore -- <backup folder> [--force]`: brings a backup (npm run backup) back into the configured
 * database and DATA_DIR. Both must be empty (a fresh database, a fresh data folder) unless --force, which
 * empties them first. Stop every instance before restoring; start them afterwards (pending migrations of a
 * newer version run at start-up as usual). See graph/src/db/backup.ts and docs/deploy.md.
 */
import "reflect-metadata";
import { ConfigError, loadConfig } from "../graph/src/config.js";
import { BackupError, restoreBackup } from "../graph/src/db/backup.js";

const args = process.argv.slice(2);
const force = args.includes("--force");
const folders = args.filter((a) => a !== "--force");
if (folders.length !== 1 || folders[0].startsWith("-")) {
  console.error("usage: npm run restore -- <backup folder> [--force]");
  process.exit(1);
}

try {
  const config = loadConfig();
  const manifest = await restoreBackup(config, folders[0], { force });
  console.log(
    `restored the backup of ${manifest.createdAt} (${manifest.database.kind}, migration ${manifest.migration}) into ${config.database.kind === "mysql" ? "the configured database" : config.database.file} and ${config.dataDir}`,
  );
  if (!manifest.uploads.copied) console.log(manifest.uploads.note);
} catch (e) {
  console.error(e instanceof ConfigError || e instanceof BackupError ? e.message : e);
  process.exit(1);
}
