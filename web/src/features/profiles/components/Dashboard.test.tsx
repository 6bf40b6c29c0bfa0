import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as DashboardLookup } from "../../../app/routes/dashboard-lookup";
import { Component as DashboardRouteComponent, preloadDashboardRoute, shouldRevalidate } from "../../../app/routes/dashboard";
import { DashboardViewerDocument, FeedDocument } from "../../../gql/graphql";
import { directoryFilters } from "../hooks/use-directory-filters";
import { firstFeedPage } from "../hooks/use-feed";
import { stubMedia } from "../../../test/media";
import { SAVED_SEARCH_GONE } from "./SavedSearches";
import { DashboardPage } from "./DashboardPage";
import { gqlError, type Handlers, renderWithClient } from "./test-client";

const me = {
  __typename: "Me",
  id: "u1",
  name: "Asha Rao",
  email: "22z212@psgtech.ac.in",
  image: null,
  gender: "FEMALE",
  detailsFilled: true,
  isOperator: false,
};
const card = (id: string, name: string) => ({
  __typename: "User",
  id,
  name,
  image: null,
  skillsKnown: [{ __typename: "Skill", category: "Other", skill: "Chess" }],
  skillsRequired: [{ __typename: "Skill", category: "Programming & Technology", skill: "Rust" }],
});
/** A page of the feed or a search: a UserConnection whose last edge has `endCursor`. */
const users = (nodes: Array<{ id: string }>, endCursor: string | null, hasNextPage: boolean) => ({
  __typename: "UserConnection",
  edges: nodes.map((node, i) => ({
    __typename: "UserEdge",
    cursor: i === nodes.length - 1 && endCursor ? endCursor : `${node.id}-cursor`,
    node,
  })),
  pageInfo: { __typename: "PageInfo", hasNextPage, endCursor },
});
const noReward = { rewards: { __typename: "RewardStatus", rewarded: false, reason: "", rewardCount: 0, rewardId: null } };
const verification = (emailVerified: boolean) => ({ me: { __typename: "Me", id: me.id, email: me.email, emailVerified } });
const noLessons = {
  upcomingLessons: { __typename: "LessonConnection", edges: [], pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null } },
};
/** A subscription that never sends anything (the route's live counts). */
const silent = () => new Promise(() => undefined);

function handlers(overrides: Handlers = {}): Handlers {
  return {
    DashboardViewer: () => ({ me }),
    DashboardCounts: () => new Promise((r) => setTimeout(() => r({ notificationCount: 3, unreadMessageCount: 2 }), 100)),
    DashboardReward: () => noReward,
    VerificationStatus: () => verification(true),
    UpcomingLessons: () => noLessons,
    SavedSearches: () => ({ savedSearches: [] }),
    NotificationAdded: silent,
    UnreadMessageCountChanged: silent,
    Feed: ({ after }) =>
      after
        ? { feed: users([card("o3", "Ravi Kumar")], "c2", false) }
        : { feed: users([card("o1", "Meena Iyer"), card("o2", "Karthik S")], "c1", true) },
    ...overrides,
  };
}

function DashboardRoute() {
  const { userId = "" } = useParams();
  return <DashboardPage userId={userId} />;
}

function renderDashboard(path: string, h: Handlers) {
  return renderWithClient(
    [
      { path: "/dashboard/:userId", Component: DashboardRoute },
      { path: "/p", element: <p>profile form</p> },
      { path: "/register", element: <p>register</p> },
    ],
    path,
    h,
  );
}

describe("dashboard", () => {
  it("welcomes the owner, shows the links and the feed, loads pages to 'No more Feed'", async () => {
    const { sent } = renderDashboard("/dashboard/u1", handlers());
    expect(await screen.findByRole("heading", { name: "Welcome, Asha Rao" })).toBeTruthy();
    expect(screen.getByText("22z212@psgtech.ac.in")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    // The nav asks for the counts when it mounts (no route loader here): their answer can come after the heading.
    await within(nav).findByText("Chat (2)");
    const links = within(nav)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Notifications (3)", "/u1/notifications"]);
    expect(links).toContainEqual(["Chat (2)", "/user/chat"]);
    expect(links).toContainEqual(["Profile", "/user/u1/u1/Female"]);
    expect(links).toContainEqual(["Logout", "/logout"]);
    expect(screen.getByRole("link", { name: "View Profile of Meena Iyer" }).getAttribute("href")).toBe("/user/o1/u1/Female");
    // jsdom has no layout: the box "fits" its items, so the next page is fetched at once.
    expect(await screen.findByText("Ravi Kumar")).toBeTruthy();
    expect(await screen.findByText("No more Feed")).toBeTruthy();
    expect(sent.filter((o) => o.name === "Feed").map((o) => o.variables.after)).toEqual([null, "c1"]);
  });

  it("starts its queries in the route's loader, and the page asks for none of them again; a filter change is not a new visit", async () => {
    let preloads = 0;
    const { sent, router } = renderWithClient(
      (client) => [
        {
          path: "/dashboard/:userId",
          loader: ({ request }) => {
            preloads++;
            preloadDashboardRoute(client, new URL(request.url).searchParams);
            return null;
          },
          shouldRevalidate,
          Component: DashboardRouteComponent,
        },
      ],
      "/dashboard/u1?language=Tamil&minRating=9",
      handlers(),
    );
    await screen.findByRole("heading", { name: "Welcome, Asha Rao" });
    await screen.findByText("Chat (2)");
    const asked = (name: string) => sent.filter((o) => o.name === name);
    for (const query of ["DashboardViewer", "DashboardCounts", "VerificationStatus", "UpcomingLessons"])
      expect(asked(query), query).toHaveLength(1);
    // The same variables as the page's own feed query (a bad value in the address is left out).
    expect(
      asked("Feed")
        .filter((o) => o.variables.after === null)
        .map((o) => o.variables),
    ).toEqual([{ first: 10, after: null, filters: { language: "Tamil" } }]);
    // Another filter: the page asks for that feed; the student and the counts are not asked for again.
    await router.navigate("/dashboard/u1?language=Hindi", { replace: true });
    await waitFor(() => expect(asked("Feed").map((o) => o.variables.filters)).toContainEqual({ language: "Hindi" }));
    expect(preloads).toBe(1);
    expect(asked("DashboardViewer")).toHaveLength(1);
    expect(asked("VerificationStatus")).toHaveLength(1);
  });

  it("shows the page with its notices, not before them: an unverified student's notice never pushes the page down", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { client } = renderWithClient(
      (client) => [
        {
          path: "/dashboard/:userId",
          loader: ({ request }) => {
            preloadDashboardRoute(client, new URL(request.url).searchParams);
            return null;
          },
          Component: DashboardRouteComponent,
        },
      ],
      "/dashboard/u1",
      handlers({ VerificationStatus: () => answered.then(() => verification(false)) }),
    );
    // The student and the feed are in the cache, and React has done all it had to with them.
    await waitFor(() => {
      expect(client.readQuery({ query: DashboardViewerDocument })?.me?.id).toBe("u1");
      expect(client.readQuery({ query: FeedDocument, variables: firstFeedPage(directoryFilters(new URLSearchParams())) })).not.toBeNull();
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole("heading", { name: "Welcome, Asha Rao" })).toBeNull();
    expect(screen.getByText("Loading...")).toBeTruthy();

    answer();
    await screen.findByRole("heading", { name: "Welcome, Asha Rao" });
    // In the same render as the page.
    expect(screen.getByRole("region", { name: "Verify your college mail" })).toBeTruthy();
  });

  it("searches with the chosen filter; an empty query clears and sends nothing; 'No results found'", async () => {
    const { sent } = renderDashboard(
      "/dashboard/u1",
      handlers({
        SearchUsers: ({ query }) => ({
          searchUsers: users(query === "rust" ? [card("o9", "Priya Nair")] : [], null, false),
        }),
      }),
    );
    const box = await screen.findByRole("searchbox", { name: "Search" });
    fireEvent.change(screen.getByRole("combobox", { name: "Search by" }), { target: { value: "SKILLS_KNOWN" } });
    fireEvent.change(box, { target: { value: "rust" } });
    fireEvent.submit(box.closest("form")!);
    const results = await screen.findByRole("list", { name: "Search results" });
    expect(within(results).getByText("Priya Nair")).toBeTruthy();
    expect(sent.find((o) => o.name === "SearchUsers")?.variables).toEqual({
      query: "rust",
      filter: "SKILLS_KNOWN",
      first: 20,
      after: null,
      filters: null,
    });

    fireEvent.change(box, { target: { value: "" } });
    expect(screen.queryByRole("list", { name: "Search results" })).toBeNull();
    fireEvent.submit(box.closest("form")!);
    expect(sent.filter((o) => o.name === "SearchUsers")).toHaveLength(1);

    fireEvent.change(box, { target: { value: "cobol" } });
    fireEvent.submit(box.closest("form")!);
    expect((await screen.findByRole("alert")).textContent).toContain("No results found");
  });

  it("sends another student's dashboard to the owner's own", async () => {
    const { router } = renderDashboard("/dashboard/someone-else", handlers());
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/u1"));
  });

  it("shows the page when its feed could not be loaded, with Try again (it spun for ever)", async () => {
    let failing = true;
    const ok = handlers().Feed!;
    renderDashboard(
      "/dashboard/u1",
      handlers({
        Feed: (variables) => {
          if (failing) throw new TypeError("Failed to fetch");
          return ok(variables);
        },
      }),
    );
    await screen.findByText("Your feed could not be loaded.");
    expect(screen.getByRole("heading", { name: /Welcome,/ })).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Meena Iyer")).toBeTruthy();
    expect(screen.queryByText("Your feed could not be loaded.")).toBeNull();
  });

  it("sends a student without filled details to /p", async () => {
    const { router } = renderDashboard("/dashboard/u1", handlers({ DashboardViewer: () => ({ me: { ...me, detailsFilled: false } }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/p"));
  });

  it("sends a dead session to /register", async () => {
    const { router } = renderDashboard(
      "/dashboard/u1",
      handlers({
        DashboardViewer: () => {
          throw gqlError("Please sign in", "UNAUTHENTICATED");
        },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
  });
});

const saved = (id: string, name: string, query: string, field: string, filters: Record<string, unknown>) => ({
  __typename: "SavedSearch",
  id,
  name,
  query,
  field,
  alertsOn: true,
  filters: {
    __typename: "DirectoryFiltersValue",
    category: null,
    skill: null,
    language: null,
    minRating: null,
    maxCoins: null,
    onlineNow: false,
    hasTaught: false,
    ...filters,
  },
});

describe("opening a saved search", () => {
  const savedSearches = [
    saved("s1", "Tamil tutors", "", "NAME", { language: "Tamil", minRating: 4 }),
    saved("s2", "Python teachers", "Python", "SKILLS_KNOWN", { category: "Programming & Technology", hasTaught: true }),
  ];
  const h = () =>
    handlers({
      SavedSearches: () => ({ savedSearches }),
      SearchUsers: () => ({ searchUsers: users([card("o9", "Priya N")], null, false) }),
    });
  const address = (router: { state: { location: { search: string } } }) =>
    Object.fromEntries(new URLSearchParams(router.state.location.search));
  /** The screen's width as the filter panel asks it (jsdom has no matchMedia: a narrow screen). */
  const wide = (matches: boolean) => stubMedia((query) => matches && query.includes("min-width"));
  afterEach(() => vi.unstubAllGlobals());

  it("puts all its filters and its search in the address, the fields, the feed and the results", async () => {
    wide(true);
    const { router, sent } = renderDashboard("/dashboard/u1?skill=Chess", h());
    fireEvent.click(await screen.findByRole("button", { name: "Tamil tutors" }));
    await waitFor(() => expect(address(router)).toEqual({ language: "Tamil", minRating: "4" }));
    // The filter fields say so (the panel opens to show them) and the feed is asked for with them.
    expect(screen.getByRole("button", { name: /Hide filters/ }).getAttribute("aria-expanded")).toBe("true");
    expect((screen.getByLabelText("Teaching language") as HTMLSelectElement).value).toBe("Tamil");
    expect((screen.getByLabelText("Minimum rating") as HTMLSelectElement).value).toBe("4");
    expect((screen.getByLabelText("Skill they teach") as HTMLInputElement).value).toBe("");
    await waitFor(() =>
      expect(sent.filter((o) => o.name === "Feed").at(-1)?.variables.filters).toEqual({ language: "Tamil", minRating: 4 }),
    );
    expect(screen.getByRole("button", { name: "Tamil tutors" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByText("Showing your saved search “Tamil tutors”.").getAttribute("role")).toBe("status");

    // One with a text search: its filters replace the others, and the search field shows its text.
    fireEvent.click(screen.getByRole("button", { name: "Python teachers" }));
    await waitFor(() =>
      expect(address(router)).toEqual({ q: "Python", by: "skill", category: "Programming & Technology", hasTaught: "true" }),
    );
    expect((screen.getByRole("searchbox", { name: "Search" }) as HTMLInputElement).value).toBe("Python");
    expect((screen.getByLabelText("Search by") as HTMLSelectElement).value).toBe("SKILLS_KNOWN");
    expect((screen.getByLabelText("Skill category") as HTMLSelectElement).value).toBe("Programming & Technology");
    expect((screen.getByLabelText("Teaching language") as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText("Has taught before") as HTMLInputElement).checked).toBe(true);
    const filters = { category: "Programming & Technology", hasTaught: true };
    await waitFor(() => expect(sent.filter((o) => o.name === "Feed").at(-1)?.variables.filters).toEqual(filters));
    await waitFor(() =>
      expect(sent.find((o) => o.name === "SearchUsers")?.variables).toMatchObject({ query: "Python", filter: "SKILLS_KNOWN", filters }),
    );
    expect(await screen.findByRole("heading", { name: /Results for “Python”/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Python teachers" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "Tamil tutors" }).getAttribute("aria-current")).toBeNull();

    // And back to the one without text: the search field empties and the results go.
    fireEvent.click(screen.getByRole("button", { name: "Tamil tutors" }));
    await waitFor(() => expect(address(router)).toEqual({ language: "Tamil", minRating: "4" }));
    expect((screen.getByRole("searchbox", { name: "Search" }) as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("heading", { name: /Results for/ })).toBeNull();
  });

  it("keeps the filters folded on a phone (the button counts them) and open on a wide screen", async () => {
    wide(false);
    const { router } = renderDashboard("/dashboard/u1", h());
    fireEvent.click(await screen.findByRole("button", { name: "Tamil tutors" }));
    await waitFor(() => expect(address(router)).toEqual({ language: "Tamil", minRating: "4" }));
    // A phone: a screen of fields would push the feed out of sight; the fields hold the search all the same.
    const toggle = screen.getByRole("button", { name: /^Filters/ });
    expect([toggle.getAttribute("aria-expanded"), toggle.textContent]).toEqual(["false", "Filters (2 active)"]);
    expect((screen.getByLabelText("Teaching language") as HTMLSelectElement).value).toBe("Tamil");
    cleanup();
    wide(true);
    renderDashboard("/dashboard/u1", h());
    fireEvent.click(await screen.findByRole("button", { name: "Tamil tutors" }));
    await waitFor(() => expect(screen.getByRole("button", { name: /^Hide filters/ }).getAttribute("aria-expanded")).toBe("true"));
  });

  it("keeps the session when the id lookup gets no answer (offline) and tries again; a refusal signs out", async () => {
    let offline = true;
    const lookupRoutes = [
      { path: "/dashboard", Component: DashboardLookup },
      { path: "/dashboard/:userId", element: <p>the dashboard</p> },
      { path: "/logout", element: <p>signed out</p> },
    ];
    const { router } = renderWithClient(lookupRoutes, "/dashboard", {
      DashboardViewer: () => {
        if (offline) throw new TypeError("Failed to fetch");
        return { me };
      },
    });
    await screen.findByText("Your dashboard could not be loaded.");
    expect(router.state.location.pathname).toBe("/dashboard");
    offline = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("the dashboard");
    cleanup();
    renderWithClient(lookupRoutes, "/dashboard", {
      DashboardViewer: () => {
        throw gqlError("Your session has ended. Please sign in again.", "UNAUTHENTICATED");
      },
    });
    await screen.findByText("signed out");
  });

  it("opens the saved search a link names (its alert mail's /dashboard?saved=, through the id lookup)", async () => {
    const { router, sent } = renderWithClient(
      [
        { path: "/dashboard", Component: DashboardLookup },
        { path: "/dashboard/:userId", Component: DashboardRoute },
      ],
      "/dashboard?saved=s2",
      h(),
    );
    await waitFor(() =>
      expect(address(router)).toEqual({ q: "Python", by: "skill", category: "Programming & Technology", hasTaught: "true" }),
    );
    expect(await screen.findByText("Showing your saved search “Python teachers”.")).toBeTruthy();
    const filters = { category: "Programming & Technology", hasTaught: true };
    await waitFor(() => expect(sent.filter((o) => o.name === "Feed").at(-1)?.variables.filters).toEqual(filters));
    await waitFor(() => expect(screen.getByRole("button", { name: "Python teachers" }).getAttribute("aria-current")).toBe("true"));
  });

  it("says a deleted saved search was deleted (its row goes, nothing else on the screen would tell)", async () => {
    let deleted: string | undefined;
    renderDashboard(
      "/dashboard/u1",
      handlers({
        SavedSearches: () => ({ savedSearches: deleted ? savedSearches.filter((x) => x.id !== deleted) : savedSearches }),
        DeleteSavedSearch: (v) => {
          deleted = String(v.id);
          return { deleteSavedSearch: true };
        },
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Delete saved search Tamil tutors" }));
    expect((await screen.findByText("Deleted “Tamil tutors”.")).getAttribute("role")).toBe("status");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Tamil tutors" })).toBeNull());
  });

  it("says a linked saved search is gone, and leaves the dashboard as it is", async () => {
    const { router } = renderDashboard("/dashboard/u1?saved=deleted&language=Tamil", h());
    expect(await screen.findByText(SAVED_SEARCH_GONE)).toBeTruthy();
    await waitFor(() => expect(address(router)).toEqual({ language: "Tamil" }));
  });
});
