import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.js";

/**
 * Principle 10: the old client's shapes (a request named by its pair of students, skip-based
 * pages, combined answers, its quirks) are the REST door's adapters over the one service method
 * GraphQL calls too, not service methods of their own.
 */
describe("legacy REST shapes are the REST door's, not the services'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("no service offers a legacy-shaped method", () => {
    const s = t.app.services;
    const legacy: Array<[string, object, string[]]> = [
      ["swapDecisions", s.swapDecisions, ["payBetween", "acceptBetween", "rejectBetween", "withdrawAcceptanceBetween", "idBetween"]],
      ["chat", s.chat, ["listWithPartners", "listPageWithPartners", "meetingLinkBetween", "list", "page", "otherOfPair"]],
      ["chat.reads", s.chat.reads, ["markReadWithTotal"]],
      ["coins.rewards", s.coins.rewards, ["takeForLegacyClient"]],
      ["implementPosts", s.implementPosts, ["listForViewerAt", "listMineAt"]],
      ["implementApplicants", s.implementApplicants, ["confirmDecisionNotice", "hasDecided"]],
      ["feed", s.feed, ["dashboard", "rowsBySkip"]],
      ["notifications", s.notifications, ["list", "listFor", "dismissMatching"]],
      ["moderation", s.moderation, ["reportWithMessages"]],
      ["moderation.reviews", s.moderation.reviews, ["reportWithMessages"]],
    ];
    const left = legacy.flatMap(([name, service, methods]) => methods.filter((m) => m in service).map((m) => `${name}.${m}`));
    expect(left).toEqual([]);
  });
});
