// No import circle in the server, type imports included: parts get what they need through their
// constructor or a leaf file of types, never by importing the file that builds them. ESLint's
// import-x/no-cycle sees only runtime imports; this sees them all (docs/development.md, the layers).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MODULE_ORDER } from "../src/modules/index.js";
import { circles, importGraph } from "./import-graph.js";

const src = path.resolve(import.meta.dirname, "../src");

describe("the server's import graph", () => {
  it("finds a circle made only of type imports", () => {
    const a = path.join(src, "a.ts");
    const b = path.join(src, "b.ts");
    const c = path.join(src, "c.ts");
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([[a, b, c]]);
  });

  it("has no circle in graph/src", () => {
    const found = circles(importGraph(src)).map((files) => files.map((f) => path.relative(src, f)));
    expect(found).toEqual([]);
  });

  it("has no circle between modules, or between a module and a layer", () => {
    // Each module is one unit, the kernel (config.ts, shared/, db/) another, each other folder or root file one more.
    const unitOf = (file: string) => {
      const [top, sub] = path.relative(src, file).split(path.sep);
      if (top === "modules") return `modules/${sub}`;
      return ["config.ts", "shared", "db"].includes(top) ? "kernel" : top.replace(/\.ts$/, "");
    };
    const units = new Map<string, Set<string>>();
    for (const [file, targets] of importGraph(src)) {
      const from = unitOf(file);
      for (const to of targets.map(unitOf)) if (to !== from) units.set(from, (units.get(from) ?? new Set()).add(to));
    }
    expect(circles(new Map([...units].map(([unit, to]) => [unit, [...to]])))).toEqual([]);
  });

  it("lets a module import only modules before it in MODULE_ORDER", () => {
    const order: readonly string[] = MODULE_ORDER;
    const moduleOf = (file: string) => {
      const [top, sub] = path.relative(src, file).split(path.sep);
      return top === "modules" && !sub.endsWith(".ts") ? sub : null;
    };
    const upward: string[] = [];
    for (const [file, targets] of importGraph(src)) {
      const from = moduleOf(file);
      if (!from) continue;
      expect(order, `${from} is in MODULE_ORDER`).toContain(from);
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from && order.indexOf(to) > order.indexOf(from))
          upward.push(`${path.relative(src, file)} -> ${path.relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
