import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Vitest would otherwise resolve `graphql` to index.mjs for inlined code and index.js for
// externalized packages, loading two copies ("Cannot use GraphQLSchema from another module").
const graphqlAlias = [{ find: /^graphql$/, replacement: fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url)) }];

/** Browser files that take longest (each about twice any other), started first in their project. */
const slowest = (spec: TestSpecification) => /[\\/]web[\\/]e2e[\\/]a11y-/.test(spec.moduleId);

/**
 * Vitest's order (longest first by the timings it keeps in node_modules, failed first), except that
 * the slowest browser files lead their project even where no timings are kept yet (a fresh clone, CI),
 * where Vitest would order by file size and start these small files last.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const start = new Map<string, number>();
    sorted.forEach((spec, i) => start.has(spec.project.name) || start.set(spec.project.name, i));
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort(
        (a, b) =>
          start.get(a.spec.project.name)! - start.get(b.spec.project.name)! ||
          Number(slowest(b.spec)) - Number(slowest(a.spec)) ||
          a.i - b.i,
      )
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // At least three files at a time, two cores or not: the server suites spend much of their time
    // waiting for MariaDB, Redis, their own HTTP round trips and bounded waits (the default would be one
    // on two cores; the server project on two cores: 2 workers 254 s, 3 workers 181 s, 4 workers 200 s).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        // esbuild picks up experimentalDecorators from tsconfig.json for type-graphql/TypeORM classes.
        resolve: { alias: graphqlAlias },
        test: {
          name: "server",
          environment: "node",
          include: ["graph/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          // The migrated database templates every test app copies (graph/test/global-setup.ts).
          globalSetup: ["graph/test/global-setup.ts"],
          // Every /api answer a test app gives is checked against its OpenAPI document (graph/test/rest-contract.ts).
          setupFiles: ["graph/test/rest-contract.setup.ts"],
          pool: "forks",
          // Files in a worker share its loaded modules (the app, type-graphql's metadata, TypeORM): the
          // import of the whole server was a third of this project's time when every file made its own.
          // Every test app has its own database, clock and services; nothing is kept in a module between files.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: graphqlAlias },
        test: {
          name: "web",
          environment: "jsdom",
          // As the server project: files share their worker's modules (52 s -> 13 s); Testing Library
          // empties the document after each test.
          isolate: false,
          include: ["web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["web/src/test/setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: graphqlAlias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["web/e2e/**/*.e2e.ts"],
          globalSetup: ["web/e2e/support/global-setup.ts"],
          // Three files at a time, each worker on a server of its own (support/global-setup.ts): a page
          // mostly waits for its server and the browser, so three overlap even on two cores (measured
          // on two: 2 workers 498 s, 3 workers 438 s, 4 workers 513 s).
          maxWorkers: Number(process.env.E2E_WORKERS) || 3,
          // As the server project: a worker's files share its loaded modules (Playwright, the support
          // files), which each file imported again before; nothing is kept in a module between files.
          isolate: false,
          // After the server and web projects when one `vitest run` has them all.
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits for the page like Playwright's locators do (15 s), not 1 s: a page still
          // loading on a slow machine is not a failure.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
