// The dependency and boundary rules of eslint.config.js fire: a rule that is misconfigured (a
// glob that matches nothing, a regex that never matches, a list that misses a folder) passes
// every file silently, so `npm run lint` passing proves nothing about it. Each snippet is linted
// as if it were a file at the given path, through ESLint's Node API and the project's config.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

/** The rule ids reported for `code` linted as the file at `file` (relative to the repo). */
async function rulesFiredOn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** A package that is installed (so the resolver finds it) but not declared in package.json. */
function undeclaredInstalledPackage(): string {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  const require = createRequire(path.join(root, "package.json"));
  const resolves = (n: string) => {
    try {
      require.resolve(n);
      return true;
    } catch {
      return false; // no entry point (a CLI, types only): the rule ignores what it cannot resolve
    }
  };
  const name = readdirSync(path.join(root, "node_modules")).find(
    (n) => !n.startsWith(".") && !n.startsWith("@") && !declared.has(n) && !declared.has(`@types/${n}`) && resolves(n),
  );
  if (!name) throw new Error("no undeclared package in node_modules to test with");
  return name;
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe("lint: dependencies are declared and used through their documented entry points", () => {
  it("fails an import of a package that package.json does not declare", async () => {
    const name = undeclaredInstalledPackage();
    expect(await rulesFiredOn("graph/src/modules/chat/probe.ts", `import "${name}";\n`)).toContain("import-x/no-extraneous-dependencies");
  });

  it("fails a type-only import of an undeclared package too", async () => {
    const name = undeclaredInstalledPackage();
    expect(
      await rulesFiredOn("graph/src/modules/chat/probe.ts", `import type * as T from "${name}";\nexport type X = typeof T;\n`),
    ).toContain("import-x/no-extraneous-dependencies");
  });

  it("fails a devDependency in shipped code, allows it in a test", async () => {
    const code = `import { expect } from "vitest";\nexpect(1).toBe(1);\n`;
    expect(await rulesFiredOn("graph/src/modules/chat/probe.ts", code)).toContain("import-x/no-extraneous-dependencies");
    expect(await rulesFiredOn("graph/src/modules/chat/probe.test.ts", code)).toEqual([]);
  });

  it("fails deep imports into a package's files, static, re-exported or dynamic", async () => {
    const file = "graph/src/db/probe.ts";
    expect(
      await rulesFiredOn(
        file,
        `import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata.js";\nexport type C = ColumnMetadata;\n`,
      ),
    ).toContain("@typescript-eslint/no-restricted-imports");
    expect(await rulesFiredOn(file, `export { execute } from "graphql/execution/execute.js";\n`)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    expect(await rulesFiredOn(file, `export const load = () => import("typeorm/util/DateUtils.js");\n`)).toContain("no-restricted-syntax");
    const lazy = `import { lazyRequire } from "../shared/lazy-require.js";\nexport const d = lazyRequire("razorpay/dist/razorpay.js");\n`;
    expect(await rulesFiredOn(file, lazy)).toContain("no-restricted-syntax");
    expect(await rulesFiredOn("web/src/lib/probe.ts", `import "@apollo/client/utilities/internal";\n`)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
  });

  it("passes a package root, a scoped root and a documented subpath", async () => {
    const code = [
      `import { DataSource } from "typeorm";`,
      `import { ApolloServer } from "@apollo/server";`,
      `import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";`,
      `import { createConnection } from "mysql2/promise";`,
      `export const all = [DataSource, ApolloServer, ApolloServerPluginDrainHttpServer, createConnection, () => import("mysql2/promise")];`,
      ``,
    ].join("\n");
    expect(await rulesFiredOn("graph/src/db/probe.ts", code)).toEqual([]);
  });
});

describe("lint: module boundaries cover every module and feature folder", () => {
  it("fails a module importing another module's entity, lessons included", async () => {
    const code = `import { Chat } from "../chat/chat.entity.js";\nexport const c = Chat;\n`;
    expect(await rulesFiredOn("graph/src/modules/lessons/probe.service.ts", code)).toContain("import-x/no-restricted-paths");
    const intoLessons = `import { Lesson } from "../lessons/lesson.entity.js";\nexport const l = Lesson;\n`;
    expect(await rulesFiredOn("graph/src/modules/chat/probe.service.ts", intoLessons)).toContain("import-x/no-restricted-paths");
  });

  it("passes a module importing its own entity", async () => {
    const code = `import { Lesson } from "./lesson.entity.js";\nexport const l = Lesson;\n`;
    expect(await rulesFiredOn("graph/src/modules/lessons/probe.service.ts", code)).toEqual([]);
  });

  it("fails a cross-feature import in the web app, lessons included", async () => {
    const target = readdirSync(path.join(root, "web/src/features/chat/hooks")).find((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
    expect(target).toBeDefined();
    const code = `import * as m from "../../chat/hooks/${target!.replace(/\.tsx?$/, "")}";\nexport const x = m;\n`;
    expect(await rulesFiredOn("web/src/features/lessons/components/probe.ts", code)).toContain("import-x/no-restricted-paths");
  });
});

describe("lint: layers point one way (kernel <- kit <- modules <- doors <- app) and migrations are frozen", () => {
  const restricted = "import-x/no-restricted-paths";

  it("fails the kernel importing a module, type-only imports included", async () => {
    const entities = `import { allEntities } from "../modules/index.js";\nexport const e = allEntities;\n`;
    expect(await rulesFiredOn("graph/src/db/probe.ts", entities)).toContain(restricted);
    const gateway = `import type { SandboxGateway } from "../modules/coins/payment-gateway.js";\nexport type G = SandboxGateway;\n`;
    expect(await rulesFiredOn("graph/src/shared/probe.ts", gateway)).toContain(restricted);
    const user = `import type { User } from "./modules/accounts/user.entity.js";\nexport type U = User;\n`;
    expect(await rulesFiredOn("graph/src/config.ts", user)).toContain(restricted);
  });

  it("fails the kernel importing a door or the app (services, app, main, app/)", async () => {
    for (const code of [
      `import type { RequestLike } from "../server/context.js";\nexport type R = RequestLike;\n`,
      `import type { Services } from "../services.js";\nexport type S = Services;\n`,
      `import type { RunningApp } from "../app.js";\nexport type A = RunningApp;\n`,
      `import type { Timeline } from "../app/seed/timeline.js";\nexport type T = Timeline;\n`,
    ])
      expect(await rulesFiredOn("graph/src/shared/probe.ts", code)).toContain(restricted);
  });

  it("passes the kernel importing the kernel", async () => {
    const code = `import type { PaymentGateway } from "../shared/payments.js";\nimport { readDate } from "./sql.js";\nexport const r = readDate;\nexport type P = PaymentGateway;\n`;
    expect(await rulesFiredOn("graph/src/db/probe.ts", code)).toEqual([]);
  });

  it("fails the kernel importing the kit", async () => {
    const code = `import type { Context } from "../kit/context.js";\nexport type C = Context;\n`;
    expect(await rulesFiredOn("graph/src/shared/probe.ts", code)).toContain(restricted);
  });

  it("fails a type written as import(...) in place, which the layer rules would not see (an import type at the top is)", async () => {
    const code = `export type S = import("../../services.js").Services;\n`;
    expect(await rulesFiredOn("graph/src/modules/chat/probe.ts", code)).toContain("@typescript-eslint/consistent-type-imports");
    expect(await rulesFiredOn("graph/src/shared/probe.ts", code)).toContain("@typescript-eslint/consistent-type-imports");
  });

  it("fails a module importing a door or the app (server/, services, app, main, app/), type-only imports included", async () => {
    for (const code of [
      `import { contextFromRequest } from "../../server/context.js";\nexport const c = contextFromRequest;\n`,
      `import type { DoorServices } from "../../server/door-services.js";\nexport type D = DoorServices;\n`,
      `import type { Services } from "../../services.js";\nexport type S = Services;\n`,
      `import type { RunningApp } from "../../app.js";\nexport type A = RunningApp;\n`,
      `import type { Timeline } from "../../app/seed/timeline.js";\nexport type T = Timeline;\n`,
      `import "../../main.js";\n`,
    ])
      expect(await rulesFiredOn("graph/src/modules/chat/probe.rest.ts", code)).toContain(restricted);
    // The registry of modules too.
    const registry = `import type { Services } from "../services.js";\nexport type S = Services;\n`;
    expect(await rulesFiredOn("graph/src/modules/index.ts", registry)).toContain(restricted);
  });

  it("passes a module importing the kit, the kernel and a module it is built on", async () => {
    const code = `import { type Context, requireUser } from "../../kit/context.js";\nimport { route } from "../../kit/rest-kit.js";\nimport { notFound } from "../../shared/errors.js";\nimport type { BlocksService } from "../blocks/blocks.service.js";\nexport const x = [requireUser, route, notFound];\nexport type T = [Context, BlocksService];\n`;
    expect(await rulesFiredOn("graph/src/modules/chat/probe.service.ts", code)).toEqual([]);
  });

  it("fails the kit importing a module, a door or the app, type-only imports included", async () => {
    for (const code of [
      `import type { ChatService } from "../modules/chat/chat.service.js";\nexport type C = ChatService;\n`,
      `import type { RequestLike } from "../server/context.js";\nexport type R = RequestLike;\n`,
      `import type { Services } from "../services.js";\nexport type S = Services;\n`,
      `import type { RunningApp } from "../app.js";\nexport type A = RunningApp;\n`,
      `import type { Timeline } from "../app/seed/timeline.js";\nexport type T = Timeline;\n`,
    ])
      expect(await rulesFiredOn("graph/src/kit/probe.ts", code)).toContain(restricted);
  });

  it("fails a door importing the app (services, app, main, app/), type-only imports included; passes a module", async () => {
    for (const code of [
      `import type { Services } from "../services.js";\nexport type S = Services;\n`,
      `import type { RunningApp } from "../app.js";\nexport type A = RunningApp;\n`,
      `import type { Timeline } from "../app/seed/timeline.js";\nexport type T = Timeline;\n`,
      `import "../main.js";\n`,
    ])
      expect(await rulesFiredOn("graph/src/server/probe.ts", code)).toContain(restricted);
    const below = `import type { DoorServices } from "./door-services.js";\nimport type { KitServices } from "../kit/context.js";\nimport { allRestRouters } from "../modules/index.js";\nexport const r = allRestRouters;\nexport type T = [DoorServices, KitServices];\n`;
    expect(await rulesFiredOn("graph/src/server/probe.ts", below)).toEqual([]);
  });

  it("fails a door importing a module's own files (its loaders, a service), type-only imports included: the registry only", async () => {
    for (const code of [
      `import { createChatLoaders } from "../modules/chat/chat.loaders.js";\nexport const c = createChatLoaders;\n`,
      `import type { ChatService } from "../modules/chat/chat.service.js";\nexport type C = ChatService;\n`,
    ])
      expect(await rulesFiredOn("graph/src/server/probe.ts", code)).toContain(restricted);
    const registry = `import { createLoaders, type ChatService } from "../modules/index.js";\nexport const c = createLoaders;\nexport type C = ChatService;\n`;
    expect(await rulesFiredOn("graph/src/server/probe.ts", registry)).toEqual([]);
  });

  it("fails an adapter (resolver, REST route, REST adapter or shape) reading entities or the database; passes one that calls a service", async () => {
    const entity = `import type { Chat } from "./chat.entity.js";\nexport type C = Chat;\n`;
    const sql = `import { rawQuery } from "../../db/sql.js";\nexport const q = rawQuery;\n`;
    for (const file of ["chat.resolver.ts", "chat.rest.ts", "chat.rest-adapters.ts", "chat.rest-shape.ts", "rest-shapes.ts"]) {
      expect(await rulesFiredOn(`graph/src/modules/chat/${file}`, entity)).toContain("no-restricted-imports");
      expect(await rulesFiredOn(`graph/src/modules/chat/${file}`, sql)).toContain("no-restricted-imports");
    }
    const service = `import type { Chat, ChatService } from "./chat.service.js";\nexport type C = [Chat, ChatService];\n`;
    expect(await rulesFiredOn("graph/src/modules/chat/chat.rest-adapters.ts", service)).toEqual([]);
  });

  it("fails a migration importing live code, even the kernel's; passes its frozen copies", async () => {
    const live = `import { readDate } from "../../sql.js";\nexport const r = readDate;\n`;
    expect(await rulesFiredOn("graph/src/db/migrations/sqlite/probe.ts", live)).toContain(restricted);
    const module = `import type { IndexedProfile } from "../../../modules/profiles/profile-index.js";\nexport type P = IndexedProfile;\n`;
    expect(await rulesFiredOn("graph/src/db/migrations/mysql/probe.ts", module)).toContain(restricted);
    const frozen = `import { readDate } from "../frozen/sql.js";\nexport const r = readDate;\n`;
    expect(await rulesFiredOn("graph/src/db/migrations/sqlite/probe.ts", frozen)).toEqual([]);
  });
});
