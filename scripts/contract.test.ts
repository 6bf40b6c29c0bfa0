/**
 * The API contract: schema.graphql must be exactly what the code builds, and
 * web/src/gql exactly what codegen makes from it. Run `npm run schema && npm run codegen`.
 */
import "reflect-metadata";
import { readFileSync } from "node:fs";
import path from "node:path";
import { generate, loadCodegenConfig } from "@graphql-codegen/cli";
import { buildSchema, type DocumentNode, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { queryLimitRules } from "../graph/src/server/apollo.js";
import { SCHEMA_FILE, printAppSchema } from "../graph/src/server/print-schema.js";
import * as documents from "../web/src/gql/graphql.js";

const root = path.resolve(import.meta.dirname, "..");

describe("schema and generated client contract", () => {
  it("schema.graphql matches the schema built from the code (run `npm run schema`)", async () => {
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(await printAppSchema());
  });

  it("web/src/gql matches codegen output (run `npm run codegen`)", async () => {
    const { config } = await loadCodegenConfig({ configFilePath: path.join(root, "codegen.yml") });
    const outputs = await generate({ ...config, cwd: root, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const out of outputs as Array<{ filename: string; content: string }>) {
      const file = path.resolve(root, out.filename);
      expect(readFileSync(file, "utf8"), `${out.filename} is stale: run npm run codegen`).toBe(out.content);
    }
  });

  it("every operation of the web passes the server's query limits (depth, cost: `first`/`last` literals multiply)", () => {
    const schema = buildSchema(readFileSync(SCHEMA_FILE, "utf8"));
    const operations = Object.entries(documents).filter(
      (e): e is [string, DocumentNode] => (e[1] as { kind?: string })?.kind === "Document",
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const [name, doc] of operations)
      expect(
        validate(schema, doc, queryLimitRules()).map((e) => e.message),
        name,
      ).toEqual([]);
  });
});
