/**
 * Once per run of the server suites: the committed migrations run once per database kind, and the
 * result is the template every `startTestApp` copies (a fresh database per app, as before, without
 * running the migrations again). SQLite: a migrated file, copied byte for byte. MariaDB: each
 * table's `SHOW CREATE TABLE` and the migrations table's rows, replayed into the app's new database.
 * At teardown, the run's MariaDB databases still there are dropped (an app's close drops its own
 * without waiting for it), and the folder that held every test app's DATA_DIR is removed.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import type { TestProject } from "vitest/node";
import { createDataSource, type DatabaseConfig } from "../src/db/data-source.js";

/** What a worker needs to build a migrated database without migrating (see harness.ts). */
export interface DatabaseTemplates {
  /** A migrated, checkpointed SQLite file. */
  sqliteFile: string;
  /** MariaDB, when TEST_MYSQL_URL is set. */
  mysql?: {
    /** Every database this run creates starts with it (the teardown drops what is left). */
    prefix: string;
    /** `CREATE TABLE` statements as the migrations left the tables (foreign keys included). */
    tables: string[];
    /** The migrations table's rows, so TypeORM finds nothing pending. */
    migrations: Array<{ id: number; timestamp: number; name: string }>;
  };
}

/** The migrations of `db`, on a DataSource of its own (they are plain SQL: no entities needed). */
async function migrate(db: DatabaseConfig): Promise<void> {
  const ds = await createDataSource(db, { entities: [] });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: db.kind === "sqlite" ? "all" : "each" });
    // The whole file in the main database file: a copy of it alone is the database.
    if (db.kind === "sqlite") await ds.query("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    await ds.destroy();
  }
}

const serverUrl = (url: string) => {
  const u = new URL(url.replace(/^mariadb:/, "mysql:"));
  u.pathname = "";
  return u.toString().replace(/\/$/, "");
};

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sx-template-"));
  const sqliteFile = path.join(dir, "template.sqlite");
  await migrate({ kind: "sqlite", file: sqliteFile });
  const templates: DatabaseTemplates = { sqliteFile };

  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const prefix = `sxt_${Date.now().toString(36)}${randomBytes(2).toString("hex")}_`;
    const name = `${prefix}template`;
    const admin = await createConnection(serverUrl(mysqlUrl));
    try {
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await migrate({ kind: "mysql", url: `${serverUrl(mysqlUrl)}/${name}` });
      const [tables] = await admin.query(
        "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
        [name],
      );
      const ddl: string[] = [];
      for (const { name: table } of tables as Array<{ name: string }>) {
        const [rows] = await admin.query(`SHOW CREATE TABLE \`${name}\`.\`${table}\``);
        ddl.push((rows as Array<Record<string, string>>)[0]["Create Table"]);
      }
      const [migrations] = await admin.query(`SELECT id, timestamp, name FROM \`${name}\`.migrations ORDER BY id`);
      templates.mysql = { prefix, tables: ddl, migrations: migrations as Array<{ id: number; timestamp: number; name: string }> };
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    }
  }
  project.provide("databaseTemplates", templates);
  const restContractDir = path.join(dir, "rest-contract");
  mkdirSync(restContractDir);
  project.provide("restContractDir", restContractDir);
  // Every test app's DATA_DIR (its SQLite file, outbox, uploads) under this run's folder, removed with it at teardown:
  // a file's apps may share one another's files until they close, and a run leaves nothing in the system's temp folder.
  const appDataRoot = path.join(dir, "apps");
  mkdirSync(appDataRoot);
  project.provide("appDataRoot", appDataRoot);
  // The compiled server's folder for this run (integration/server-process.ts compiledServer builds it on first use).
  const compiledServerDir = path.resolve(
    import.meta.dirname,
    "../../dist/server-test",
    `run-${process.pid}-${randomBytes(3).toString("hex")}`,
  );
  project.provide("compiledServerDir", compiledServerDir);

  return async () => {
    const unexercised = restContractCoverage(restContractDir);
    rmSync(dir, { recursive: true, force: true });
    rmSync(compiledServerDir, { recursive: true, force: true });
    if (mysqlUrl && templates.mysql) {
      const admin = await createConnection(serverUrl(mysqlUrl));
      try {
        const [left] = await admin.query("SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ?", [
          `${templates.mysql.prefix.replace(/_/g, "\\_")}%`,
        ]);
        for (const { name } of left as Array<{ name: string }>) await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await admin.end();
      }
    }
    if (unexercised.length && process.env.OPENAPI_COVERAGE === "strict") {
      throw new Error(`${unexercised.length} documented REST operations were not exercised by any test`);
    }
  };
}

/**
 * Which documented REST operations no test file of this run answered (rest-contract.setup.ts wrote
 * what each exercised): one line, and the list with OPENAPI_COVERAGE=list; with OPENAPI_COVERAGE=strict
 * (a full run) any such operation fails the run.
 */
function restContractCoverage(dir: string): string[] {
  const reports = readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Record<string, string[]>);
  if (!reports.length) return [];
  const exercised = new Set(reports.flatMap((r) => r.exercised));
  const operations = [...new Set(reports.flatMap((r) => r.operations))];
  const missing = operations.filter((op) => !exercised.has(op));
  const mode = process.env.OPENAPI_COVERAGE;
  console.log(
    `REST contract: ${operations.length - missing.length} of ${operations.length} documented operations answered by this run's tests.`,
  );
  if (missing.length && (mode === "list" || mode === "strict")) console.log(`Not exercised:\n  ${missing.join("\n  ")}`);
  return missing;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
    /** Where each test file writes the REST operations it exercised (rest-contract.setup.ts). */
    restContractDir: string;
    /** The folder every `startTestApp` makes its DATA_DIR in (removed at teardown). */
    appDataRoot: string;
    /** Where this run's compiled server is built, on first use (integration/server-process.ts compiledServer). */
    compiledServerDir: string;
  }
}
