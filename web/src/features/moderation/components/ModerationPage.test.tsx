import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  DismissReportDocument,
  HideImplementPostDocument,
  ModerationConsoleDocument,
  ModerationEvidenceDocument,
  SuspendStudentDocument,
  UnsuspendStudentDocument,
  WarnStudentDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { ModerationPage } from "./ModerationPage";

const student = (id: string, name: string, suspension: { until: string; permanent: boolean; active: boolean } | null = null) => ({
  __typename: "ModeratedStudent",
  id,
  name,
  email: `${id}@psgtech.ac.in`,
  emailVerified: true,
  suspension: suspension && { __typename: "ModerationSuspension", ...suspension },
  deleted: false,
});

const report = (overrides: Record<string, unknown> = {}) => ({
  __typename: "ModerationReport",
  id: "r1",
  reason: "SPAM_OR_SCAM",
  details: "Asked for money outside the app",
  createdAt: "2026-01-05T08:00:00.000Z",
  resolvedAt: null,
  resolution: null,
  reportedBy: 2,
  flagged: true,
  reporter: student("a1", "Asha"),
  reported: student("b1", "Bala"),
  chat: {
    __typename: "ModerationChat",
    id: "c1",
    kind: "PAY",
    status: "SUSPENDED",
    statusSince: "2026-01-05T08:00:00.000Z",
    coins: 4,
    title: null,
    startDate: "2026-01-01T08:00:00.000Z",
    messageCount: 2,
    escrow: { __typename: "ModerationEscrow", coins: 4, state: "REFUNDED" },
  },
  reportedPosts: {
    __typename: "ModerationPostConnection",
    edges: [{ __typename: "ModerationPostEdge", node: { __typename: "ModerationPost", id: "p1", title: "Exam answers for sale" } }],
  },
  ...overrides,
});

const consoleMock = (reports: unknown[], status = "OPEN") => ({
  request: { query: ModerationConsoleDocument, variables: { status } },
  result: {
    data: {
      moderationStats: {
        __typename: "ModerationStats",
        studentsVerified: 120,
        studentsUnverified: 3,
        activeChats: 7,
        openReports: reports.length,
        openReviewReports: 2,
        coinsInCirculation: 900,
        coinsInEscrow: 40,
      },
      moderationReports: {
        __typename: "ModerationReportConnection",
        edges: reports.map((node) => ({ __typename: "ModerationReportEdge", node })),
      },
      moderationAudit: { __typename: "OperatorActionEntryConnection", edges: [] },
    },
  },
  maxUsageCount: 10,
});

function renderPage(mocks: unknown[]) {
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <MemoryRouter>
        <ModerationPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

const card = async (name: string) => screen.findByRole("article", { name: `Report about ${name}` });

async function openDialog(button: string | RegExp, title: string) {
  fireEvent.click(within(await card("Bala")).getByRole("button", { name: button }));
  return screen.findByRole("dialog", { name: title });
}

function submit(dialog: HTMLElement, reason: string, label: string) {
  if (reason) fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole("button", { name: label }));
}

describe("ModerationPage", () => {
  it("shows the counts and the queue: who, why, the chat's status now and since when, held coins", async () => {
    renderPage([consoleMock([report()])]);
    const r = await card("Bala");
    expect(screen.getByText("Open reports").nextSibling?.textContent).toBe("1");
    expect(within(r).getByText("Reported by 2 partners")).toBeTruthy();
    expect(within(r).getByText("“Asked for money outside the app”")).toBeTruthy();
    expect(within(r).getByText("Asha")).toBeTruthy();
    expect(within(r).getByText(/suspended since/)).toBeTruthy();
    expect(within(r).getByText(/4 coins refunded to the learner/)).toBeTruthy();
    expect(within(r).getByRole("button", { name: "Suspend" })).toBeTruthy();
  });

  it("says what the server says of a suspension: permanent, in force or over", async () => {
    const permanent = report({ reported: student("b1", "Bala", { until: "2030-01-01T00:00:00.000Z", permanent: true, active: true }) });
    const over = report({
      id: "r2",
      flagged: false,
      reportedBy: 1,
      reporter: student("a2", "Chitra"),
      // Over by the server's clock, whatever the browser's clock says.
      reported: student("d1", "Deepa", { until: "2099-01-01T00:00:00.000Z", permanent: false, active: false }),
    });
    renderPage([consoleMock([permanent, over])]);
    const bala = await card("Bala");
    expect(within(bala).getByText("suspended permanently")).toBeTruthy();
    expect(within(bala).getByRole("button", { name: "Unsuspend" })).toBeTruthy();
    const deepa = await card("Deepa");
    expect(within(deepa).queryByText(/^suspended (until|permanently)/)).toBeNull();
    expect(within(deepa).getByRole("button", { name: "Suspend" })).toBeTruthy();
  });

  it("shows a report's messages as evidence, each marked reporter or reported", async () => {
    const evidence = {
      request: { query: ModerationEvidenceDocument, variables: { id: "r1" } },
      result: {
        data: {
          moderationReport: {
            __typename: "ModerationReport",
            id: "r1",
            chat: {
              __typename: "ModerationChat",
              id: "c1",
              messages: {
                __typename: "ModerationMessageConnection",
                edges: [
                  { fromUserId: "a1", body: "When is the lesson?" },
                  { fromUserId: "b1", body: "Pay me on UPI first" },
                ].map((m, i) => ({
                  __typename: "ModerationMessageEdge",
                  node: { __typename: "ModerationMessage", seq: i + 1, createdAt: "2026-01-04T10:00:00.000Z", ...m },
                })),
                pageInfo: { __typename: "PageInfo", hasPreviousPage: false },
              },
            },
          },
        },
      },
    };
    renderPage([consoleMock([report()]), evidence]);
    fireEvent.click(within(await card("Bala")).getByRole("button", { name: "Show messages" }));
    const list = await screen.findByRole("list", { name: "Messages of the chat" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^ReporterWhen is the lesson\?/),
      expect.stringMatching(/^ReportedPay me on UPI first/),
    ]);
  });

  it("dismisses with a reason, and asks for one before sending anything", async () => {
    const dismissed = {
      request: { query: DismissReportDocument, variables: { reportId: "r1", reason: "A misunderstanding" } },
      result: { data: { dismissReport: true } },
    };
    renderPage([consoleMock([report()]), dismissed]);
    const dialog = await openDialog("Dismiss", "Dismiss the report about Bala");
    submit(dialog, "", "Dismiss");
    expect(await within(dialog).findByText("Please give a reason: it goes into the audit log.")).toBeTruthy();
    submit(dialog, "A misunderstanding", "Dismiss");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The answer is a status in the feedback bar: the report leaves the open list.
    const done = (await screen.findByText("Report dismissed.")).closest('[role="status"]');
    expect(screen.getAllByTestId("action-feedback").some((bar) => bar.contains(done))).toBe(true);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const refused = {
      request: { query: DismissReportDocument, variables: { reportId: "r1", reason: "Again" } },
      result: { errors: [new GraphQLError("This report was already resolved.", { extensions: { code: "CONFLICT" } })] },
    };
    renderPage([consoleMock([report()]), refused]);
    const dialog = await openDialog("Dismiss", "Dismiss the report about Bala");
    submit(dialog, "Again", "Dismiss");
    expect(await within(dialog).findByText("This report was already resolved.")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("warns the reported student about this report", async () => {
    const warned = {
      request: { query: WarnStudentDocument, variables: { userId: "b1", reason: "Be kind", reportId: "r1" } },
      result: { data: { warnStudent: true } },
    };
    renderPage([consoleMock([report()]), warned]);
    const dialog = await openDialog("Warn", "Warn Bala");
    submit(dialog, "Be kind", "Send warning");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await screen.findByText("Bala was warned.")).closest('[role="status"]')).not.toBeNull();
    // Opening the next action ends it.
    fireEvent.click(screen.getAllByRole("button", { name: "Dismiss" })[0]!);
    expect(screen.queryByText("Bala was warned.")).toBeNull();
  });

  it("suspends permanently, or says why not", async () => {
    const input = { userId: "b1", reason: "Scams", reportId: "r1", permanent: true, days: null };
    const refused = {
      request: { query: SuspendStudentDocument, variables: { input: { ...input, reason: "Self" } } },
      result: { errors: [new GraphQLError("Operators cannot act on their own account.", { extensions: { code: "BAD_USER_INPUT" } })] },
    };
    const suspended = {
      request: { query: SuspendStudentDocument, variables: { input } },
      result: { data: { suspendStudent: "9999-12-31T00:00:00.000Z" } },
    };
    renderPage([consoleMock([report()]), refused, suspended]);
    const dialog = await openDialog("Suspend", "Suspend Bala");
    fireEvent.change(within(dialog).getByLabelText(/^How long/), { target: { value: "permanent" } });
    submit(dialog, "Self", "Suspend");
    expect(await within(dialog).findByText("Operators cannot act on their own account.")).toBeTruthy();
    submit(dialog, "Scams", "Suspend");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lifts a suspension in force", async () => {
    const suspendedNow = report({ reported: student("b1", "Bala", { until: "2030-01-01T00:00:00.000Z", permanent: false, active: true }) });
    const lifted = {
      request: { query: UnsuspendStudentDocument, variables: { userId: "b1", reason: "Appeal granted" } },
      result: { data: { unsuspendStudent: true } },
    };
    renderPage([consoleMock([suspendedNow]), lifted]);
    expect(within(await card("Bala")).getByText(/^suspended until/)).toBeTruthy();
    const dialog = await openDialog("Unsuspend", "Lift Bala's suspension");
    submit(dialog, "Appeal granted", "Lift suspension");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("hides one of the reported student's posts", async () => {
    const hidden = {
      request: { query: HideImplementPostDocument, variables: { postId: "p1", reason: "Academic dishonesty", reportId: "r1" } },
      result: { data: { hideImplementPost: true } },
    };
    renderPage([consoleMock([report()]), hidden]);
    const dialog = await openDialog("Hide post “Exam answers for sale”", 'Hide "Exam answers for sale"');
    submit(dialog, "Academic dishonesty", "Hide post");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("tells a student who is not an operator that the page is for operators", async () => {
    renderPage([
      {
        request: { query: ModerationConsoleDocument, variables: { status: "OPEN" } },
        result: { errors: [new GraphQLError("Operators only", { extensions: { code: "FORBIDDEN" } })] },
      },
    ]);
    expect(await screen.findByRole("heading", { name: "403 - Operators only" })).toBeTruthy();
  });
});
