import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createDataSource, type DatabaseConfig, openDatabase } from "../../src/db/data-source.js";
import { mysqlMigrations } from "../../src/db/migrations/mysql/index.js";
import { sqliteMigrations } from "../../src/db/migrations/sqlite/index.js";
import { readDate } from "../../src/db/sql.js";
import { allEntities } from "../../src/modules/index.js";
import { rebuildProfileIndexes } from "../../src/modules/profiles/profile-index.js";
import { createMysqlDatabase, dbTargets, type DbTarget, startTestApp } from "../harness.js";

describe.each(dbTargets)("migrations on %s", (target) => {
  it("build exactly the schema the entities describe (run `npm run migration:generate -- Name`)", async () => {
    // The committed migrations themselves, not the run's copied template of them.
    const t = await startTestApp(target, { migrate: true });
    // The diff runs on a DataSource of its own (no migrations run, nothing else using it): TypeORM's
    // better-sqlite3 driver hands every caller the same query runner, and the running app's own work
    // (e.g. the outbox's startup cleanup transaction) releases it, which empties the tables the schema
    // builder loaded mid-diff, so every table would look missing.
    const ds = await createDataSource(t.config.database, { entities: allEntities });
    try {
      await ds.initialize();
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await t.close();
    }
  });

  it("upgrade a database with students from before the directory indexes: the backfills write what a rebuild writes", async () => {
    const { db, drop } = await scratchDatabase(target);
    try {
      // The database as the first two migrations left it, with students in it.
      const old = await createDataSource(db, { entities: allEntities });
      old.setOptions({ migrations: (target === "sqlite" ? sqliteMigrations : mysqlMigrations).slice(0, 2) });
      await old.initialize();
      await old.runMigrations();
      expect((await old.query("SELECT name FROM migrations ORDER BY id")).map((m: { name: string }) => m.name)).toEqual([
        "Init1795310079245",
        "FeedIndexes1795311741356",
      ]);
      await addStudents(old);
      await old.destroy();

      // Today's app opens it: every later migration runs, the two backfills among them.
      const ds = await openDatabase(db, { entities: allEntities });
      try {
        const migrated = await indexRows(ds);
        // A listed student's rows: their feed facts (filled in by the later migrations: rating,
        // price, swaps taught, language and category rows) and search terms with their shared prefixes.
        expect(migrated.feed.filter((r) => r.userId === ASHA && r.kind === "m")).toEqual([
          {
            userId: ASHA,
            kind: "m",
            term: "",
            term2: "",
            validFrom: CREATED,
            validTo: null,
            userCreatedAt: CREATED,
            tier: 1,
            rating: 4.5,
            coins: 120,
            taught: 1,
          },
        ]);
        expect(migrated.feed.filter((r) => r.userId === ASHA).map((r) => `${r.kind}:${r.term}:${r.term2}`)).toEqual([
          "g:programming:",
          "k:java:",
          "k:javascript:",
          "l:english:",
          "m::",
          "p:java:guitar",
          "p:javascript:guitar",
          "r:guitar:",
        ]);
        expect(migrated.search.filter((r) => r.userId === ASHA)).toEqual([
          { userId: ASHA, field: "l", term: "english", sortKey: "asha rao", sharedPrefix: 0 },
          { userId: ASHA, field: "n", term: "asha", sortKey: "asha rao", sharedPrefix: 4 },
          { userId: ASHA, field: "n", term: "asha rao", sortKey: "asha rao", sharedPrefix: 4 },
          { userId: ASHA, field: "n", term: "rao", sortKey: "asha rao", sharedPrefix: 0 },
          { userId: ASHA, field: "s", term: "java", sortKey: "asha rao", sharedPrefix: 4 },
          { userId: ASHA, field: "s", term: "javascript", sortKey: "asha rao", sharedPrefix: 4 },
        ]);
        // A student without a gender (no profile yet) is not listed.
        expect([...migrated.feed, ...migrated.search].filter((r) => r.userId === NOT_LISTED)).toEqual([]);
        // The accented name is folded (its one term shares nothing).
        expect(migrated.search.filter((r) => r.userId === ZOE && r.field === "n")).toEqual([
          { userId: ZOE, field: "n", term: "zoe", sortKey: "zoe", sharedPrefix: 0 },
        ]);

        // What today's rebuild makes of the same profiles is what the migrations left.
        await ds.transaction((em) => rebuildProfileIndexes(em));
        expect(await indexRows(ds)).toEqual(migrated);
      } finally {
        await ds.destroy();
      }
    } finally {
      await drop();
    }
  });
});

describe("migrations are frozen", () => {
  const migrationsDir = path.resolve(import.meta.dirname, "../../src/db/migrations");

  it("import nothing outside db/migrations but packages (no live module, kernel or app code)", () => {
    const files = (readdirSync(migrationsDir, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(30);
    const strays: string[] = [];
    for (const file of files) {
      const full = path.join(migrationsDir, file);
      // Static imports, re-exports, type imports and import() calls alike.
      const { importedFiles } = ts.preProcessFile(readFileSync(full, "utf8"), true, true);
      for (const { fileName: spec } of importedFiles) {
        const local = spec.startsWith(".") || path.isAbsolute(spec);
        const inside = local && !path.relative(migrationsDir, path.resolve(path.dirname(full), spec)).startsWith("..");
        if (local ? !inside : spec.startsWith("#")) strays.push(`${file} -> ${spec}`);
      }
    }
    expect(strays).toEqual([]);
  });
});

const ASHA = "00000000-0000-4000-8000-00000000000a";
const NOT_LISTED = "00000000-0000-4000-8000-00000000000b";
const ZOE = "00000000-0000-4000-8000-00000000000c";
const CREATED = "2026-01-02T03:04:05.678Z";

async function scratchDatabase(target: DbTarget): Promise<{ db: DatabaseConfig; drop: () => Promise<void> }> {
  if (target === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sx-migrations-"));
    return { db: { kind: "sqlite", file: path.join(dir, "old.sqlite") }, drop: async () => undefined };
  }
  const { url, drop } = await createMysqlDatabase();
  return { db: { kind: "mysql", url }, drop };
}

/** Students written as the schema of the second migration holds them (plain SQL: today's entities describe a newer schema). */
async function addStudents(ds: DataSource): Promise<void> {
  const at = "2026-01-02 03:04:05.678";
  const user = (
    id: string,
    name: string,
    gender: string | null,
    extra: { amount?: number; ratingSum?: number; ratingCount?: number } = {},
  ) =>
    ds.query(
      "INSERT INTO users (id, name, nameKey, email, passwordHash, gender, amount, ratingSum, ratingCount, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      [
        id,
        name,
        name.toLowerCase(),
        `${id}@college.example`,
        "x",
        gender,
        extra.amount ?? 0,
        extra.ratingSum ?? 0,
        extra.ratingCount ?? 0,
        at,
      ],
    );
  const skill = (userId: string, kind: string, position: number, skill: string, category: string) =>
    ds.query("INSERT INTO user_skills (id, userId, kind, position, category, skill, skillKey) VALUES (?, ?, ?, ?, ?, ?, ?)", [
      randomUUID(),
      userId,
      kind,
      position,
      category,
      skill,
      skill.toLowerCase(),
    ]);
  const language = (userId: string, position: number, language: string) =>
    ds.query("INSERT INTO user_languages (id, userId, position, language, languageKey) VALUES (?, ?, ?, ?, ?)", [
      randomUUID(),
      userId,
      position,
      language,
      language.toLowerCase(),
    ]);
  await user(ASHA, "Asha Rao", "female", { amount: 120, ratingSum: 9, ratingCount: 2 });
  await skill(ASHA, "known", 0, "Java", "Programming");
  await skill(ASHA, "known", 1, "JavaScript", "Programming");
  await skill(ASHA, "required", 0, "Guitar", "Music");
  await language(ASHA, 0, "English");
  await user(NOT_LISTED, "Ben Roy", null);
  await skill(NOT_LISTED, "required", 0, "Guitar", "Music");
  await user(ZOE, "Zoë", "female");
  await skill(ZOE, "required", 0, "Chess", "Games");
  await ds.query("INSERT INTO completed_skills (id, learnerId, mentorId, skill, category, completedAt) VALUES (?, ?, ?, ?, ?, ?)", [
    "00000000-0000-4000-8000-0000000000cc",
    ZOE,
    ASHA,
    "Java",
    "Programming",
    at,
  ]);
}

/** Both directory indexes, every column, in one order and one spelling on both databases. */
async function indexRows(ds: DataSource) {
  const iso = (v: unknown) => (v == null ? null : readDate(v).toISOString());
  const feed = (
    (await ds.query(
      "SELECT userId, kind, term, term2, validFrom, validTo, userCreatedAt, tier, rating, coins, taught FROM feed_entries ORDER BY userId, kind, term, term2, validFrom",
    )) as Array<Record<string, unknown>>
  ).map((r) => ({
    userId: String(r.userId),
    kind: String(r.kind),
    term: String(r.term),
    term2: String(r.term2),
    validFrom: iso(r.validFrom),
    validTo: iso(r.validTo),
    userCreatedAt: iso(r.userCreatedAt),
    tier: Number(r.tier),
    rating: Number(r.rating),
    coins: Number(r.coins),
    taught: Number(r.taught),
  }));
  const search = (
    (await ds.query("SELECT userId, field, term, sortKey, sharedPrefix FROM search_terms ORDER BY userId, field, term")) as Array<
      Record<string, unknown>
    >
  ).map((r) => ({
    userId: String(r.userId),
    field: String(r.field),
    term: String(r.term),
    sortKey: String(r.sortKey),
    sharedPrefix: Number(r.sharedPrefix),
  }));
  return { feed, search };
}
