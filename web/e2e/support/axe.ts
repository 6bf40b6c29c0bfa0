/** axe-core in a page or frame, for the browser suites (evaluated, so the page's Content-Security-Policy does not stop it). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** axe-core's violations on the whole document as it is now (with a modal open, what is outside it is inert). */
export async function runAxe(target: Page | Frame): Promise<AxeViolation[]> {
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(AXE_SOURCE);
  return target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  }) as Promise<AxeViolation[]>;
}

export const isSerious = (v: AxeViolation) => v.impact === "serious" || v.impact === "critical";

/** The violations as "impact rule: target" lines, every one or only the serious and critical. */
export async function axeViolations(target: Page | Frame, minImpact: "minor" | "serious" = "minor"): Promise<string[]> {
  return (await runAxe(target))
    .filter((v) => minImpact === "minor" || isSerious(v))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.map(String).join(" ")}`));
}
