/**
 * The file and client-tool helpers of backups and restores (backup.ts): checksums, tree copies, and
 * the MariaDB/MySQL command-line clients run with their credentials in an option file.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";

export class BackupError extends Error {}

export async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir`, as paths relative to it ("/" separated). */
export async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

export async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const rel of await listFiles(from)) {
    const target = path.join(to, rel);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(from, rel), target);
    files++;
    bytes += (await stat(target)).size;
  }
  return { files, bytes };
}

/** mysql2-style URL parts for the command-line clients, given through an option file (never argv, which `ps` shows). */
export async function clientOptionsFile(url: string): Promise<{ file: string; database: string; remove: () => Promise<void> }> {
  const u = new URL(url.replace(/^mariadb:/, "mysql:"));
  const database = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!database) throw new BackupError("DATABASE_URL names no database");
  const dir = path.join(os.tmpdir(), `sx-client-${randomBytes(6).toString("hex")}`);
  await mkdir(dir, { mode: 0o700 });
  const file = path.join(dir, "client.cnf");
  const lines = ["[client]", `host=${u.hostname || "127.0.0.1"}`, `port=${u.port || "3306"}`, `user=${decodeURIComponent(u.username)}`];
  if (u.password) lines.push(`password="${decodeURIComponent(u.password).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
  // TCP even for localhost: the URL names a host and port, not a socket file.
  lines.push("protocol=TCP");
  await writeFile(file, lines.join("\n") + "\n", { mode: 0o600 });
  return { file, database, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The first of `names` found on PATH, answering `--version`. */
export async function findTool(names: string[]): Promise<{ bin: string; version: string }> {
  for (const bin of names) {
    const version = await run(bin, ["--version"]).catch(() => null);
    if (version !== null) return { bin, version: version.trim() };
  }
  throw new BackupError(`none of ${names.join(", ")} is installed (the MariaDB/MySQL client tools)`);
}

/** Runs a command; stdout to a file descriptor when given, else returned. Rejects with its stderr on a non-zero exit. */
export function run(bin: string, args: string[], io: { stdin?: number; stdout?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: [io.stdin ?? "ignore", io.stdout ?? "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(out) : reject(new BackupError(`${bin} exited with ${code}: ${err.trim()}`))));
  });
}

export async function mysqlQuery<T>(url: string, sql: string): Promise<T[]> {
  const c = await createConnection(url.replace(/^mariadb:/, "mysql:"));
  try {
    const [rows] = await c.query(sql);
    return rows as T[];
  } finally {
    await c.end();
  }
}
