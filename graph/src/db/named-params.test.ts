import { MysqlDriver } from "typeorm/driver/mysql/MysqlDriver.js";
import { describe, expect, it } from "vitest";
import { expandNamed, sqlDateTime } from "./named-params.js";

/** TypeORM's own expansion for MySQL/MariaDB, which expandNamed must match. */
const typeorm = (sql: string, params: Record<string, unknown>) =>
  MysqlDriver.prototype.escapeQueryWithParameters.call({ createParameter: MysqlDriver.prototype.createParameter }, sql, params, {});

describe("named parameters on MySQL/MariaDB (expandNamed)", () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ["SELECT 1", {}],
    ["SELECT * FROM users WHERE id = :id", { id: "u1" }],
    ["SELECT * FROM users WHERE id IN (:...ids) AND x = :x", { ids: ["a", "b", "c"], x: 3 }],
    ["SELECT * FROM users WHERE id IN (:...ids) AND x = :x", { ids: ["a"], x: null }],
    ["SELECT * FROM users WHERE id IN (:...ids)", { ids: [] }],
    // The same name twice, a dotted name, a name that is not given (left as it is), a time literal.
    ["SELECT :a AS a, :a AS b, :p.q AS c, :missing AS d, '10:30' AS t", { a: 1, "p.q": true, 30: "x" }],
    ["SELECT * FROM t WHERE a = :a AND b IN (:...b) AND c = :c", { a: new Date(0), b: [1, 2], c: undefined }],
    ["UPDATE t SET v = :v WHERE k = :k", { v: Buffer.from("x"), k: "k" }],
  ];
  it.each(cases)("%s", (sql, params) => {
    // Twice: the second answer comes from the cached template and shape.
    expect(expandNamed(sql, params)).toEqual(typeorm(sql, params));
    expect(expandNamed(sql, params)).toEqual(typeorm(sql, params));
  });

  it("gives each shape of the same statement its own text", () => {
    const sql = "SELECT * FROM users WHERE id IN (:...ids)";
    for (const n of [1, 5, 2, 5, 1]) {
      const ids = Array.from({ length: n }, (_, i) => `u${i}`);
      expect(expandNamed(sql, { ids })).toEqual(typeorm(sql, { ids }));
    }
    expect(expandNamed("SELECT :a AS a, :b AS b", { a: 1 })).toEqual(typeorm("SELECT :a AS a, :b AS b", { a: 1 }));
    expect(expandNamed("SELECT :a AS a, :b AS b", { b: 2 })).toEqual(typeorm("SELECT :a AS a, :b AS b", { b: 2 }));
  });

  it("leaves to TypeORM what it inlines or refuses", () => {
    expect(expandNamed("SELECT :f AS f", { f: () => "NOW()" })).toBeNull();
    expect(expandNamed("SELECT * FROM t WHERE id IN (:...ids)", { ids: "not a list" })).toBeNull();
  });
});

describe("dates written once (sqlDateTime)", () => {
  it("is the text both drivers write for a Date", async () => {
    const { dateToString } = await import("sql-escaper");
    const { DateUtils } = await import("typeorm/util/DateUtils.js");
    for (const iso of ["2026-11-26T04:28:32.838Z", "2026-01-02T03:04:05.006Z", "1999-12-31T23:59:59.999Z", "0099-01-01T00:00:00.000Z"]) {
      const d = new Date(iso);
      // mysql2 (the pool's timezone 'Z') quotes it; the text inside the quotes is the same.
      expect(`'${sqlDateTime(d) as string}'`).toBe(dateToString(d, "Z"));
      expect(sqlDateTime(d)).toBe(DateUtils.mixedDateToUtcDatetimeString(d));
    }
    const invalid = new Date(Number.NaN);
    expect(sqlDateTime(invalid)).toBe(invalid);
    const far = new Date("+012345-01-01T00:00:00.000Z");
    expect(sqlDateTime(far)).toBe(far);
  });
});
