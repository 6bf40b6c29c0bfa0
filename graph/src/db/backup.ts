/**
 * Backups (`npm run backup`) and restores (`npm run restore`): one folder holding a consistent copy
 * of the database, the uploads folder and (embedded default) the generated signing secret and Web Push
 * (VAPID) key pair, with a manifest listing versions, the last applied migration, the time and a checksum of every file.
 *
 * - SQLite: better-sqlite3's online backup API, all pages in one step, so the copy is one
 *   consistent snapshot while the server goes on writing (WAL mode: readers never block writers).
 * - MySQL/MariaDB: `mariadb-dump --single-transaction` (or `mysqldump`): one REPEATABLE READ
 *   snapshot of every InnoDB table, without locking writers. Restored with the `mariadb` client.
 * - Uploads: copied after the database snapshot, so every file a snapshot row names was written
 *   before it (images are stored before the row that names them). Images on Cloudinary
 *   (CLOUDINARY_URL) are not copied: the manifest says so; Cloudinary keeps them.
 *
 * A backup is written to `<folder>.partial` and renamed when complete: a folder with a manifest is
 * a finished backup. Restore checks every checksum first and refuses a database or data folder
 * that holds anything unless forced.
 */
import Database from "better-sqlite3";
import { existsSync, openSync, closeSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import type { Config } from "../config.js";
import { BackupError, clientOptionsFile, copyTree, findTool, listFiles, mysqlQuery, run, sha256 } from "./backup-tools.js";
import { mysqlMigrations } from "./migrations/mysql/index.js";
import { sqliteMigrations } from "./migrations/sqlite/index.js";

export { BackupError };
export const MANIFEST = "manifest.json";
const SQLITE_FILE = "database.sqlite";
const SQL_FILE = "database.sql";
const UPLOADS = "uploads";
const JWT_SECRET_FILE = "jwt-secret";
const VAPID_KEYS_FILE = "vapid-keys.json";
/** Files loadConfig generates into an empty DATA_DIR on first start: alone they leave it empty. */
const GENERATED_FILES = new Set([JWT_SECRET_FILE, VAPID_KEYS_FILE]);

export interface BackupManifest {
  format: 1;
  app: { name: string; version: string };
  createdAt: string;
  node: string;
  database:
    | { kind: "sqlite"; file: string; sqliteVersion: string }
    | { kind: "mysql"; file: string; serverVersion: string; dumpTool: string; consistency: "single-transaction" };
  /** The last migration applied to the backed-up database (restore refuses one this code does not know). */
  migration: string | null;
  uploads: { storage: "local" | "cloudinary"; copied: boolean; files: number; bytes: number; note?: string };
  /** Whether DATA_DIR's generated signing secret is in the backup (the embedded default; JWT_SECRET set: not). */
  jwtSecret: boolean;
  /**
   * Whether DATA_DIR's generated Web Push (VAPID) key pair is in the backup (the embedded default;
   * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY set: not). Absent in backups made before Web Push: false.
   */
  vapidKeys?: boolean;
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

/** The database file of the embedded default. */
const sqliteFile = (config: Config) => (config.database.kind === "sqlite" ? config.database.file : "");

async function appVersion(): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../../../package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

/** Writes a backup of the configured database and uploads into `outDir` (which must not exist). */
export async function createBackup(config: Config, outDir: string): Promise<BackupManifest> {
  const target = path.resolve(outDir);
  if (existsSync(target)) throw new BackupError(`${target} already exists`);
  const work = `${target}.partial`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    let database: BackupManifest["database"];
    let migration: string | null;
    if (config.database.kind === "sqlite") {
      const source = new Database(sqliteFile(config), { readonly: true, fileMustExist: true });
      try {
        // All remaining pages in one step: one read transaction, so one consistent snapshot even while
        // another connection writes (a step-by-step copy would restart on every write).
        await source.backup(path.join(work, SQLITE_FILE), { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
      const copy = new Database(path.join(work, SQLITE_FILE));
      try {
        // One self-contained file (the copy keeps the source's WAL mode, which would add -wal/-shm files).
        copy.pragma("journal_mode = DELETE");
        const ok = copy.pragma("integrity_check", { simple: true });
        if (ok !== "ok") throw new BackupError(`the copied database fails its integrity check: ${String(ok)}`);
        migration = latestMigration(copy.prepare("SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1").get());
        database = { kind: "sqlite", file: SQLITE_FILE, sqliteVersion: String(copy.prepare("SELECT sqlite_version() AS v").pluck().get()) };
      } finally {
        copy.close();
      }
    } else {
      const url = config.database.url;
      const tool = await findTool(["mariadb-dump", "mysqldump"]);
      const client = await clientOptionsFile(url);
      const fd = openSync(path.join(work, SQL_FILE), "w", 0o600);
      try {
        await run(
          tool.bin,
          [
            `--defaults-extra-file=${client.file}`,
            // One consistent snapshot of every InnoDB table, without locking the tables writers use.
            "--single-transaction",
            "--quick",
            "--hex-blob",
            "--default-character-set=utf8mb4",
            "--no-tablespaces",
            "--skip-comments",
            client.database,
          ],
          { stdout: fd },
        );
      } finally {
        closeSync(fd);
        await client.remove();
      }
      const [version] = await mysqlQuery<{ v: string }>(url, "SELECT VERSION() AS v");
      const rows = await mysqlQuery<{ name: string }>(url, "SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1");
      migration = latestMigration(rows[0]);
      database = { kind: "mysql", file: SQL_FILE, serverVersion: version.v, dumpTool: tool.version, consistency: "single-transaction" };
    }

    let uploads: BackupManifest["uploads"];
    if (config.cloudinaryUrl) {
      uploads = {
        storage: "cloudinary",
        copied: false,
        files: 0,
        bytes: 0,
        note: "Profile images live on Cloudinary (CLOUDINARY_URL) and are not in this backup; Cloudinary keeps them.",
      };
    } else {
      const copied = await copyTree(path.join(config.dataDir, UPLOADS), path.join(work, UPLOADS));
      uploads = { storage: "local", copied: true, ...copied };
    }

    const secretFile = path.join(config.dataDir, JWT_SECRET_FILE);
    const jwtSecret = existsSync(secretFile) && (await readFile(secretFile, "utf8")).trim() === config.jwtSecret;
    if (jwtSecret) await copyFile(secretFile, path.join(work, JWT_SECRET_FILE));

    const vapidFile = path.join(config.dataDir, VAPID_KEYS_FILE);
    const vapidKeys = existsSync(vapidFile) && usesVapidKeys(await readFile(vapidFile, "utf8"), config);
    if (vapidKeys) await copyFile(vapidFile, path.join(work, VAPID_KEYS_FILE));

    const files: BackupManifest["files"] = [];
    for (const rel of (await listFiles(work)).sort()) {
      const full = path.join(work, rel);
      files.push({ path: rel, bytes: (await stat(full)).size, sha256: await sha256(full) });
    }
    const manifest: BackupManifest = {
      format: 1,
      app: await appVersion(),
      createdAt: new Date().toISOString(),
      node: process.version,
      database,
      migration,
      uploads,
      jwtSecret,
      vapidKeys,
      files,
    };
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
    await rename(work, target);
    return manifest;
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}

/** Whether the VAPID key file holds the key pair the server uses (not replaced by VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY). */
function usesVapidKeys(text: string, config: Config): boolean {
  try {
    const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    return keys.publicKey === config.push.publicKey && keys.privateKey === config.push.privateKey;
  } catch {
    return false;
  }
}

function latestMigration(row: unknown): string | null {
  return (row as { name?: string } | undefined)?.name ?? null;
}

/** The migrations this code knows for a database kind, by name. */
function knownMigrations(kind: "sqlite" | "mysql"): Set<string> {
  const list = (kind === "sqlite" ? sqliteMigrations : mysqlMigrations) as Array<new () => { name?: string }>;
  return new Set(list.map((M) => new M().name ?? M.name));
}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const file = path.join(path.resolve(backupDir), MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${backupDir} is not a finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(await readFile(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** What the restore target holds already (empty when nothing). */
async function targetContents(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (existsSync(config.dataDir)) {
    // loadConfig itself writes DATA_DIR/jwt-secret and DATA_DIR/vapid-keys.json into an empty folder: those alone are still empty.
    for (const name of await readdir(config.dataDir)) if (!GENERATED_FILES.has(name)) found.push(path.join(config.dataDir, name));
  }
  if (config.database.kind === "mysql") {
    const tables = await mysqlQuery<{ n: number }>(
      config.database.url,
      "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE()",
    );
    if (Number(tables[0].n) > 0) found.push(`${Number(tables[0].n)} tables in the database`);
  }
  return found;
}

async function emptyTarget(config: Config): Promise<void> {
  if (existsSync(config.dataDir)) {
    for (const name of await readdir(config.dataDir)) {
      if (!GENERATED_FILES.has(name)) await rm(path.join(config.dataDir, name), { recursive: true, force: true });
    }
  }
  if (config.database.kind === "mysql") {
    const c = await createConnection(config.database.url.replace(/^mariadb:/, "mysql:"));
    try {
      const [rows] = await c.query("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = DATABASE()");
      await c.query("SET FOREIGN_KEY_CHECKS = 0");
      for (const { t } of rows as Array<{ t: string }>) await c.query(`DROP TABLE \`${t.replace(/`/g, "``")}\``);
    } finally {
      await c.end();
    }
  }
}

/**
 * Restores a backup into the configured (empty) database and DATA_DIR. Stop every instance first.
 * `force`: empties a non-empty target first (its tables, its data folder's files).
 */
export async function restoreBackup(config: Config, backupDir: string, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  const dir = path.resolve(backupDir);
  const manifest = await readManifest(dir);
  if (manifest.database.kind !== config.database.kind) {
    throw new BackupError(`the backup holds a ${manifest.database.kind} database but the configured one is ${config.database.kind}`);
  }
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (!existsSync(full) || (await sha256(full)) !== f.sha256) throw new BackupError(`${f.path} is missing or damaged (checksum)`);
  }
  if (manifest.migration && !knownMigrations(manifest.database.kind).has(manifest.migration)) {
    throw new BackupError(`the backup's schema (${manifest.migration}) is newer than this version knows: restore it with that version`);
  }
  const existing = await targetContents(config);
  if (existing.length && !opts.force) {
    throw new BackupError(`the target is not empty (${existing.slice(0, 3).join(", ")}): restore into an empty one, or pass --force`);
  }
  if (existing.length) await emptyTarget(config);
  await mkdir(config.dataDir, { recursive: true });

  if (manifest.database.kind === "sqlite") {
    const file = sqliteFile(config);
    for (const suffix of ["-wal", "-shm"]) await rm(file + suffix, { force: true });
    await copyFile(path.join(dir, manifest.database.file), file);
  } else if (config.database.kind === "mysql") {
    const tool = await findTool(["mariadb", "mysql"]);
    const client = await clientOptionsFile(config.database.url);
    const fd = openSync(path.join(dir, manifest.database.file), "r");
    try {
      await run(tool.bin, [`--defaults-extra-file=${client.file}`, "--default-character-set=utf8mb4", client.database], { stdin: fd });
    } finally {
      closeSync(fd);
      await client.remove();
    }
  }
  if (manifest.uploads.copied) await copyTree(path.join(dir, UPLOADS), path.join(config.dataDir, UPLOADS));
  if (manifest.jwtSecret) {
    await copyFile(path.join(dir, JWT_SECRET_FILE), path.join(config.dataDir, JWT_SECRET_FILE));
    await chmod(path.join(config.dataDir, JWT_SECRET_FILE), 0o600);
  }
  if (manifest.vapidKeys) {
    await copyFile(path.join(dir, VAPID_KEYS_FILE), path.join(config.dataDir, VAPID_KEYS_FILE));
    await chmod(path.join(config.dataDir, VAPID_KEYS_FILE), 0o600);
  }
  return manifest;
}
