import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `users` and `blocks` are read by many modules but owned by one each: others call the owner's read
 * functions (accounts/user-reads.ts, UsersService, BlocksService) or embed the owner's SQL fragments
 * (`fromUsers`, `blockProbes`, `blockListParts`), so a change to either table is made in one place.
 * This fails when server code outside the owner names one of them in SQL.
 */
const OWNERS: Record<string, string> = { users: "modules/accounts/", blocks: "modules/blocks/" };

const src = path.resolve(import.meta.dirname, "..");

/** SQL keywords are written in capitals in our raw SQL; query builders name the table as a string. */
const rawSql = /\b(?:FROM|JOIN|INTO|UPDATE)\s+(users|blocks)\b/g;
const builder = /\.(?:from|innerJoin|leftJoin|innerJoinAndSelect|leftJoinAndSelect|update|into|delete)\(\s*["'`](users|blocks)["'`]/g;

/** The owned tables `text` names in SQL. */
function tablesNamedInSql(text: string): string[] {
  return [...text.matchAll(rawSql), ...text.matchAll(builder)].map((m) => m[1]);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" ? [] : sources(full);
    // Tests and their support files may inspect any table.
    return /\.ts$/.test(e.name) && !/\.test(-support)?\.ts$/.test(e.name) ? [full] : [];
  });
}

describe("table owners", () => {
  it("finds raw SQL and query builders that name an owned table", () => {
    expect(tablesNamedInSql("SELECT u.id FROM users u INNER JOIN blocks b ON b.blockerId = u.id")).toEqual(["users", "blocks"]);
    expect(tablesNamedInSql('ds.createQueryBuilder().from("users", "u")')).toEqual(["users"]);
    expect(tablesNamedInSql("UPDATE users SET name = ?")).toEqual(["users"]);
    expect(tablesNamedInSql("the columns profiles reads from `users`; FROM user_skills s")).toEqual([]);
  });

  it("no module but the owner names `users` or `blocks` in SQL", () => {
    const strays: string[] = [];
    for (const file of sources(src)) {
      const rel = path.relative(src, file).split(path.sep).join("/");
      for (const table of tablesNamedInSql(readFileSync(file, "utf8"))) {
        if (!rel.startsWith(OWNERS[table])) strays.push(`${rel}: ${table}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
