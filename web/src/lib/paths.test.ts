import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { pages } from "../app/router";
import { paths, routes } from "./paths";

/** The pattern the app's router matches for a built path. */
const patternOf = (path: string) => matchRoutes(pages, path.split("?")[0]!)?.at(-1)?.route.path;

describe("paths", () => {
  it("build addresses the router sends to the intended page", () => {
    expect(patternOf(paths.dashboard("u1"))).toBe(routes.dashboard);
    expect(patternOf(paths.dashboard())).toBe(routes.dashboardLookup);
    expect(patternOf(paths.profile("u2", "u1", "Female"))).toBe(routes.userProfile);
    expect(patternOf(paths.notifications("u1"))).toBe(routes.notifications);
    expect(patternOf(paths.chats)).toBe(routes.chats);
    expect(patternOf(paths.chat("u2"))).toBe(routes.chat);
    expect(patternOf(paths.game("u1"))).toBe(routes.game);
    expect(patternOf(paths.leaderboard("u1"))).toBe(routes.leaderboard);
    expect(patternOf(paths.implements.mine("u1"))).toBe(routes.implementsMine);
    expect(patternOf(paths.implements.list("u1", "Asha K"))).toBe(routes.implementsList);
    expect(patternOf(paths.implements.create("u1", "Asha/K"))).toBe(routes.implementsCreate);
    expect(patternOf(paths.implements.details("u1", "Asha", "p-1"))).toBe(routes.implementsDetails);
    expect(patternOf(paths.skillCoins())).toBe(routes.skillCoins);
    expect(patternOf(paths.skillCoinsRules)).toBe(routes.skillCoinsRules);
    expect(patternOf(paths.profileDetails)).toBe(routes.profileDetails);
    expect(patternOf(paths.moderation)).toBe(routes.moderation);
    expect(patternOf(paths.notificationSettings)).toBe(routes.notificationSettings);
    expect(patternOf(paths.apiKeys)).toBe(routes.apiKeys);
  });

  it("keep names with spaces or slashes in one segment and a missing gender as the text undefined", () => {
    expect(paths.implements.list("u1", "Asha K/2")).toBe("/implements/u1/Asha%20K%2F2");
    expect(paths.profile("u2", "u1", null)).toBe("/user/u2/u1/undefined");
  });

  it("carry the way back to the coins page as returnTo", () => {
    expect(paths.skillCoins("/u1/notifications")).toBe("/skill-coins?returnTo=%2Fu1%2Fnotifications");
    expect(paths.skillCoins(null)).toBe("/skill-coins");
  });
});
