import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Component as UserProfileRoute } from "../../../app/routes/user-profile";
import { setToken } from "../../../lib/auth";
import { gqlError, type Handlers, renderWithClient } from "./test-client";

const user = {
  __typename: "User",
  id: "o1",
  name: "Meena Iyer",
  gender: "FEMALE",
  image: null,
  amount: 15,
  languages: ["English", "Tamil"],
  rating: { __typename: "Rating", value: 4.3, count: 3 },
  responseStats: { __typename: "ResponseStats", received: 5, answered: 4, responseRate: 0.8, typicalResponseHours: 3 },
  skillsKnown: [{ __typename: "Skill", category: "Music & Performing Arts", skill: "Veena" }],
  skillsRequired: [{ __typename: "Skill", category: "Programming & Technology", skill: "Rust" }],
  completedSkills: [
    {
      __typename: "CompletedSkill",
      skill: "Go",
      category: "Programming & Technology",
      completedAt: "2026-01-01T00:00:00.000Z",
      mentor: { __typename: "User", id: "m1", name: "Mentor Menon" },
    },
  ],
};

/** A session token naming `sub` (the page reads who is looking from it, unverified; the API verifies). */
const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub, exp: 9_999_999_999 })).replace(/=+$/, "")}.s`;

function renderProfile(path: string, extra: Handlers = {}) {
  return renderWithClient(
    [
      { path: "/user/:userID/:currentID/:gender", Component: UserProfileRoute },
      { path: "/register", element: <p>register</p> },
      { path: "/p", element: <p>profile form</p> },
    ],
    path,
    {
      UserProfile: ({ id }) => ({ user: id === "o1" || id === "u1" ? { ...user, id } : null }),
      SwapAvailability: () => ({
        swapAvailability: { __typename: "SwapAvailability", hasChat: false, canRequest: true, reason: null, openRequest: null },
      }),
      ...extra,
    },
  );
}

/** The viewer (u1) accepted the pay request o1 sent and o1 has not paid; after a withdrawal nothing is open. */
function awaitingPayment() {
  let open = true;
  return {
    withdrawn: () => (open = false),
    SwapAvailability: () => ({
      swapAvailability: {
        __typename: "SwapAvailability",
        hasChat: false,
        canRequest: !open,
        reason: null,
        openRequest: open
          ? {
              __typename: "SwapRequest",
              id: "r1",
              kind: "PAY",
              status: "AWAITING_PAYMENT",
              requester: { __typename: "NotificationUser", id: "o1" },
            }
          : null,
      },
    }),
  };
}

describe("someone's profile", () => {
  beforeEach(() => setToken(tokenOf("u1")));

  it("shows picture, name, gender, languages, skills, completed skills with mentor links, rating and coins", async () => {
    renderProfile("/user/o1/u1/Female");
    expect(await screen.findByRole("heading", { name: "Meena Iyer" })).toBeTruthy();
    expect(screen.getByText("Female")).toBeTruthy();
    expect(screen.getByText("Tamil")).toBeTruthy();
    expect(screen.getByText("Veena")).toBeTruthy();
    expect(screen.getByText("Rust")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mentor Menon" }).getAttribute("href")).toBe("/user/m1/u1/Female");
    // What students wrote (name, skills, mentor) takes its own direction: Urdu or Arabic reads right to left.
    for (const el of [
      screen.getByRole("heading", { name: "Meena Iyer" }),
      screen.getByText("Veena"),
      screen.getByRole("link", { name: "Mentor Menon" }),
    ])
      expect(el.getAttribute("dir")).toBe("auto");
    expect(screen.getByText("4.3 / 5")).toBeTruthy();
    expect(screen.getByText("3 users")).toBeTruthy();
    expect(screen.getByText(/Amount of Skill Coins per course/)).toBeTruthy();
    expect(screen.getByText("15")).toBeTruthy();
    expect(screen.getByText("80%")).toBeTruthy();
    expect(screen.getByText("4 of 5 requests answered, usually within 3 hours")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/dashboard/u1");
    expect(screen.queryByRole("link", { name: "Edit Profile" })).toBeNull();
  });

  it("lets the teacher withdraw an acceptance the learner has not paid", async () => {
    const state = awaitingPayment();
    const { sent } = renderProfile("/user/o1/u1/Female", {
      SwapAvailability: state.SwapAvailability,
      WithdrawPayAcceptance: ({ id }) => {
        state.withdrawn();
        return { withdrawPayAcceptance: { __typename: "SwapRequest", id, status: "WITHDRAWN" } };
      },
    });
    expect(
      await screen.findByText(
        (_, el) => el?.tagName === "P" && el.textContent === "You accepted Meena Iyer's pay request: it is waiting for their payment.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw acceptance" }));
    expect(await screen.findByText("You withdrew your acceptance. Meena Iyer has been told.")).toBeTruthy();
    expect(sent.filter((o) => o.name === "WithdrawPayAcceptance").map((o) => o.variables)).toEqual([{ id: "r1" }]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Withdraw acceptance" })).toBeNull());
  });

  it("shows the server's answer when the acceptance can no longer be withdrawn", async () => {
    const state = awaitingPayment();
    renderProfile("/user/o1/u1/Female", {
      SwapAvailability: state.SwapAvailability,
      WithdrawPayAcceptance: () => {
        throw gqlError("This pay request is not waiting for payment", "CONFLICT");
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw acceptance" }));
    expect(await screen.findByText("This pay request is not waiting for payment")).toBeTruthy();
  });

  it("offers Edit Profile on one's own profile", async () => {
    renderProfile("/user/u1/u1/Female");
    expect((await screen.findByRole("link", { name: "Edit Profile" })).getAttribute("href")).toBe("/p");
    expect(screen.getByRole("button", { name: "Download my data" })).toBeTruthy();
  });

  it("is not the viewer's own because the address says so: another student's shared link to their own profile", async () => {
    // o1 shares /user/o1/o1/...; u1, signed in, opens it: o1's profile, with Swap and Pay, and nothing of o1's account.
    const { sent } = renderProfile("/user/o1/o1/Female");
    expect(await screen.findByRole("heading", { name: "Meena Iyer" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Swap" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit Profile" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download my data" })).toBeNull();
    expect(screen.queryByText("Reviews about you")).toBeNull();
    // Back leads to the viewer's dashboard, not the sharer's.
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/dashboard/u1");
    expect(sent.map((o) => o.name)).not.toContain("ReviewsAboutMe");
  });

  it("sends currentID 'undefined' to /register and gender 'undefined' to /p", async () => {
    const a = renderProfile("/user/o1/undefined/Female");
    await waitFor(() => expect(a.router.state.location.pathname).toBe("/register"));
  });

  it("sends gender 'undefined' to /p", async () => {
    const b = renderProfile("/user/o1/u1/undefined");
    await waitFor(() => expect(b.router.state.location.pathname).toBe("/p"));
  });
});

describe("someone's profile, opened by a visitor who is not signed in (a profile link is public)", () => {
  it("shows the profile; Swap, Pay and the reviews ask to sign in and come back here, and nothing private is asked for", async () => {
    const { sent } = renderProfile("/user/o1/u1/Female");
    expect(await screen.findByRole("heading", { name: "Meena Iyer" })).toBeTruthy();
    const signIn = "/login?returnTo=%2Fuser%2Fo1%2Fu1%2FFemale";
    expect(screen.getByRole("link", { name: "Swap" }).getAttribute("href")).toBe(signIn);
    expect(screen.getByRole("link", { name: "Pay" }).getAttribute("href")).toBe(signIn);
    expect(screen.queryByRole("button", { name: "Swap" })).toBeNull();
    expect(screen.getByText((_, el) => el?.tagName === "P" && el.textContent === "Sign in to swap with or pay Meena Iyer.")).toBeTruthy();
    const reviews = screen.getByRole("region", { name: "Reviews" });
    expect(reviews.textContent).toContain("Sign in to read the reviews of Meena Iyer.");
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(signIn);
    expect(sent.map((o) => o.name)).toEqual(["UserProfile"]);
  });

  it("treats a student's link to their own profile as anyone's: Swap and Pay lead to sign-in, nothing private is asked for", async () => {
    const { sent } = renderProfile("/user/u1/u1/Female");
    expect(await screen.findByRole("heading", { name: "Meena Iyer" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit Profile" })).toBeNull();
    expect(screen.getByRole("link", { name: "Swap" }).getAttribute("href")).toBe("/login?returnTo=%2Fuser%2Fu1%2Fu1%2FFemale");
    expect(screen.getByRole("region", { name: "Reviews" }).textContent).toContain("Sign in to read the reviews");
    expect(sent.map((o) => o.name)).toEqual(["UserProfile"]);
  });
});
