/** Small statistics and formatting helpers shared by the benchmarks. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
export const median = (values: number[]) => quantile(values, 0.5);
export const p99 = (values: number[]) => quantile(values, 0.99);
export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "n/a");
export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}x` : "n/a");

/** Reads an integer `--name N` flag (or the environment variable), with a default. */
export function intFlag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[`BENCH_${name.toUpperCase().replace(/-/g, "_")}`];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

/** Prints rows as an aligned text table. */
export function table(rows: Array<Array<string | number>>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((v, c) => String(v).padEnd(widths[c])).join("  ")).join("\n");
}
