import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Observable, type Subscriber } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { clearToken, setToken } from "../../lib/auth";
import { typePolicies } from "../../lib/type-policies";
import { Component as Leaderboard } from "./leaderboard";

type Vars = Record<string, any>;
interface Node {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  ratingCount: number;
  skillCoins: number;
  periodRating: number | null;
  periodRatingCount: number | null;
  periodLessons: number | null;
}

const node = (rank: number, userId: string, extra: Partial<Node> = {}): Node => ({
  rank,
  userId,
  name: `Student ${userId}`,
  rating: 4.5,
  ratingCount: 2,
  skillCoins: 3,
  periodRating: null,
  periodRatingCount: null,
  periodLessons: null,
  ...extra,
});

const page = (vars: Vars, nodes: Node[], around: Vars | null = null) => ({
  leaderboard: {
    __typename: "LeaderboardRowConnection",
    view: {
      __typename: "LeaderboardView",
      category: vars.view?.category ?? null,
      period: vars.view?.period ?? "ALL_TIME",
      from: null,
      to: null,
    },
    around: around && { __typename: "LeaderboardAround", userId: vars.around, rank: null, reason: null, message: null, ...around },
    edges: nodes.map((n) => ({ __typename: "LeaderboardRowEdge", node: { __typename: "LeaderboardRow", ...n } })),
  },
});

/** The page over a real Apollo Client whose link answers queries with `answer` and keeps subscriptions open for the test to push to. */
function open(path: string, answer: (vars: Vars) => unknown) {
  const queries: Vars[] = [];
  const live: Array<{ vars: Vars; push: Subscriber<any> }> = [];
  const link = new ApolloLink(
    (op) =>
      new Observable((observer) => {
        if (op.operationName === "LeaderboardChanged") {
          live.push({ vars: op.variables, push: observer });
          return;
        }
        queries.push(op.variables);
        void Promise.resolve().then(() => {
          observer.next({ data: answer(op.variables) as Record<string, unknown> });
          observer.complete();
        });
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) });
  const router = createMemoryRouter([{ path: "/leaderboard/:currentID", Component: Leaderboard }], { initialEntries: [path] });
  render(
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return { queries, live, router };
}

const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);

describe("/leaderboard/:currentID views", () => {
  afterEach(() => {
    clearToken();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("shows the spec's table by default and a period's column in a period view, from the controls and the address", async () => {
    const { queries, router } = open("/leaderboard/undefined", (vars) =>
      vars.view?.period === "WEEK"
        ? page(vars, [
            node(1, "a", { periodRating: 4.5, periodRatingCount: 2, periodLessons: 1 }),
            node(2, "b", { periodRatingCount: 0, periodRating: 0, periodLessons: 3 }),
          ])
        : page(vars, [node(1, "a"), node(2, "b")]),
    );
    expect(await screen.findByRole("link", { name: "Student a" })).toBeTruthy();
    expect(headers()).toEqual(["Rank", "Name", "Rating", "Skill Coins"]);
    expect(queries[0]).toMatchObject({ first: 100, view: null });
    // A visitor who is not signed in has no place to show.
    expect(screen.queryByRole("button", { name: "My place" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "This week" }));
    await waitFor(() => expect(headers()).toEqual(["Rank", "Name", "Rating", "Skill Coins", "This week"]));
    expect(screen.getByRole("button", { name: "This week" }).getAttribute("aria-pressed")).toBe("true");
    expect(router.state.location.search).toBe("?period=week");
    expect(queries.at(-1)).toMatchObject({ view: { period: "WEEK", category: null } });
    const rows = screen.getAllByRole("row");
    expect(within(rows[1]).getAllByRole("cell").at(-1)?.textContent).toMatch(/4\.5.*2 ratings, 1 lesson/);
    expect(within(rows[2]).getAllByRole("cell").at(-1)?.textContent).toBe("3 lessons");

    fireEvent.change(screen.getByLabelText("Skill category"), { target: { value: "Music & Performing Arts" } });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ view: { period: "WEEK", category: "Music & Performing Arts" } }));
    expect(new URLSearchParams(router.state.location.search).get("category")).toBe("Music & Performing Arts");
  });

  it("shows a signed-in student's place with the students around them, or why they have none", async () => {
    // The session names "me"; the address is a board another student shared (their currentID).
    setToken(`h.${btoa(JSON.stringify({ sub: "me", exp: 9_999_999_999 })).replace(/=+$/, "")}.s`);
    const scrolled: Element[] = [];
    // jsdom has no scrollIntoView (the table calls it only where it exists).
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { queries } = open("/leaderboard/sharer?category=Other", (vars) =>
      vars.around
        ? vars.view?.category === "Other"
          ? page(vars, [node(6, "x"), node(7, "me"), node(7, "y")], { rank: 7 })
          : page(vars, [], { reason: "NOT_IN_VIEW", message: "This student is not ranked in this view" })
        : page(vars, [node(1, "a")]),
    );
    fireEvent.click(await screen.findByRole("button", { name: "My place" }));
    expect(await screen.findByText("You are number 7 on this board.")).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ around: "me" });
    const mine = screen.getAllByRole("row").find((r) => r.getAttribute("aria-current") === "true");
    expect(mine && within(mine).getByRole("link").textContent).toBe("Student me");
    // "My place" brings the student's row on screen; profile links carry the viewer's id, not the sharer's.
    expect(scrolled).toEqual([mine]);
    expect(within(mine!).getByRole("link").getAttribute("href")).toBe("/user/me/me/Male");

    fireEvent.change(screen.getByLabelText("Skill category"), { target: { value: "Fitness & Wellness" } });
    const why = await screen.findByText(/You are not on this board/);
    expect(why.closest("[role=status]")).toBeTruthy();
    // The board itself still shows under the note: its top, without a rank for the student.
    expect(await screen.findByRole("link", { name: "Student a" })).toBeTruthy();
    expect(screen.queryByText(/You are number/)).toBeNull();
  });

  it("reads the board again when its view changes live, for the view shown", async () => {
    let coins = 3;
    const { live, queries } = open("/leaderboard/undefined?period=month", (vars) =>
      page(vars, [node(1, "a", { skillCoins: coins, periodRatingCount: 1, periodRating: 5, periodLessons: 0 })]),
    );
    expect(await screen.findByText("3")).toBeTruthy();
    await waitFor(() => expect(live).toHaveLength(1));
    expect(live[0].vars).toEqual({ view: { period: "MONTH", category: null } });
    const before = queries.length;
    coins = 9;
    live[0].push.next({
      data: { leaderboardChanged: { __typename: "LeaderboardChange", at: "2031-01-01T00:00:00.000Z", moved: [], left: [] } },
    });
    expect(await screen.findByText("9")).toBeTruthy();
    expect(queries.length).toBe(before + 1);
  });
});
