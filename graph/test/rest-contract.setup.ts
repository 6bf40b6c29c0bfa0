/**
 * In every server test file (vitest.config.ts `setupFiles`): a test during which an /api answer broke
 * the OpenAPI document fails, naming the answer and what is wrong with it (rest-contract.ts). At the
 * end of the file, the operations it exercised go to the run's coverage folder (global-setup.ts reports
 * the documented operations no test exercised).
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, inject } from "vitest";
import { restContract } from "./rest-contract.js";

restContract.currentTest = () => expect.getState().currentTestName;

function fail(problems: string[], when: string): void {
  if (problems.length) {
    throw new Error(`${problems.length} REST answer(s) ${when} do not match the OpenAPI document:\n  ${problems.join("\n  ")}`);
  }
}

// Answers sent outside any test (a beforeAll) fail the next test, before it runs.
beforeEach(() => fail(restContract.take(), "sent before this test (beforeAll or an earlier test's stragglers)"));
afterEach(() => fail(restContract.take(), "sent by this test"));

afterAll(() => {
  const dir = inject("restContractDir");
  if (dir && restContract.operations().length) {
    const report = { operations: restContract.operations(), exercised: [...restContract.exercised] };
    writeFileSync(path.join(dir, `${process.pid}-${randomBytes(4).toString("hex")}.json`), JSON.stringify(report));
  }
  fail(restContract.take(), "sent after the last test (afterAll)");
});
