/** How parameters go into our raw SQL on MySQL/MariaDB: named ones expanded as TypeORM would, dates as the text both drivers write. */

/**
 * A date as a parameter is written into both databases' statements: 'YYYY-MM-DD HH:MM:SS.mmm' in UTC
 * (mysql2 with the pool's timezone 'Z', TypeORM's SQLite driver for the stored text). A statement
 * that names one time many times (the feed's walks compare every index row with the snapshot
 * time) passes this text once made instead of a Date that each placeholder formats again. A date
 * outside years 0-9999, or an invalid one, is passed as it is, for the drivers to write.
 */
export function sqlDateTime(d: Date): string | Date {
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return d;
  return d.toISOString().slice(0, 23).replace("T", " ");
}

/** A statement's named parameters, found once: the text around them, and each one's name and whether it is spread. */
interface Template {
  texts: string[];
  keys: string[];
  spread: boolean[];
  /** The expanded SQL by the shape of the parameters given (which are missing, how long each spread list is). */
  bySignature: Map<string, string>;
}
/** TypeORM's pattern for `:name` and `:...name` (MysqlDriver.escapeQueryWithParameters). */
const NAMED = /:(\.\.\.)?([A-Za-z0-9_.]+)/g;
const templates = new Map<string, Template>();
/** Our statements are constants in the code; a bound in case one is ever built from data. */
const MAX_TEMPLATES = 2000;
const MAX_SIGNATURES = 64;

/**
 * What TypeORM's MySQL driver makes of named parameters (`?` for each, a spread list as `?, ?, ?`,
 * a name not in `params` left as it is), from a template of the statement found once instead of a
 * regular-expression replace over its text for every statement (the expanded text is kept per
 * shape of the parameters too). Null when a parameter is a function (TypeORM inlines what it
 * returns) or a spread one is not a list: TypeORM's driver then does it, as before.
 */
export function expandNamed(sql: string, params: Record<string, unknown>): [string, unknown[]] | null {
  let t = templates.get(sql);
  if (!t) {
    t = { texts: [], keys: [], spread: [], bySignature: new Map() };
    let last = 0;
    for (const m of sql.matchAll(NAMED)) {
      t.texts.push(sql.slice(last, m.index));
      t.spread.push(m[1] !== undefined);
      t.keys.push(m[2]);
      last = m.index + m[0].length;
    }
    t.texts.push(sql.slice(last));
    if (templates.size < MAX_TEMPLATES) templates.set(sql, t);
  }
  const values: unknown[] = [];
  let signature = "";
  for (let i = 0; i < t.keys.length; i++) {
    if (!Object.prototype.hasOwnProperty.call(params, t.keys[i])) {
      signature += "-,";
      continue;
    }
    const value = params[t.keys[i]];
    if (t.spread[i]) {
      if (!Array.isArray(value)) return null;
      for (const v of value) values.push(v);
      signature += `${value.length},`;
    } else {
      if (typeof value === "function") return null;
      values.push(value);
      signature += "1,";
    }
  }
  let text = t.bySignature.get(signature);
  if (text === undefined) {
    text = t.texts[0];
    const counts = signature.split(",");
    for (let i = 0; i < t.keys.length; i++) {
      const count = counts[i];
      const placeholder =
        count === "-" ? `:${t.spread[i] ? "..." : ""}${t.keys[i]}` : t.spread[i] ? Array(Number(count)).fill("?").join(", ") : "?";
      text += placeholder + t.texts[i + 1];
    }
    if (t.bySignature.size < MAX_SIGNATURES) t.bySignature.set(signature, text);
  }
  return [text, values];
}
