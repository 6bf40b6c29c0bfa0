import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HideReviewDocument, ModerationReviewReportsDocument } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { ReviewReportsSection } from "./ReviewReportsSection";

const item = (over: Record<string, unknown> = {}) => ({
  __typename: "ModerationReviewReport",
  id: "rr1",
  reason: "Harassment",
  details: "Not what happened",
  createdAt: "2026-01-20T09:00:00.000Z",
  resolvedAt: null,
  resolution: null,
  reporter: { __typename: "ModeratedStudent", id: "ravi", name: "Ravi" },
  author: { __typename: "ModeratedStudent", id: "asha", name: "Asha" },
  review: {
    __typename: "ModerationReview",
    id: "r1",
    text: "Rude and always late.",
    stars: 1,
    skill: "Rust",
    answer: null,
    hidden: false,
    visibleAt: "2026-01-19T09:00:00.000Z",
  },
  chat: { __typename: "ModerationChat", id: "c1", status: "COMPLETED", messageCount: 3 },
  ...over,
});
const queue = (nodes: unknown[]) => ({
  request: { query: ModerationReviewReportsDocument, variables: { status: "OPEN" } },
  result: {
    data: {
      moderationReviewReports: {
        __typename: "ModerationReviewReportConnection",
        edges: nodes.map((node) => ({ __typename: "ModerationReviewReportEdge", node })),
      },
    },
  },
});

describe("ReviewReportsSection", () => {
  it("shows a reported review with both students and hides it with a reason", async () => {
    const acted = vi.fn();
    const hide = {
      request: { query: HideReviewDocument, variables: { reportId: "rr1", reason: "Insults the partner" } },
      result: { data: { hideReview: true } },
    };
    render(
      <MockedProvider mocks={[queue([item()]), hide, queue([])] as never} cache={new InMemoryCache({ typePolicies })}>
        <ReviewReportsSection status="OPEN" onActed={acted} />
      </MockedProvider>,
    );
    const card = await screen.findByRole("article", { name: "Reported review by Asha" });
    expect(within(card).getByText("Rude and always late.")).toBeTruthy();
    expect(within(card).getByText("Ravi")).toBeTruthy();
    expect(within(card).getByText("“Not what happened”")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Hide review" }));
    const dialog = screen.getByRole("dialog", { name: "Hide Asha's review" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide review" }));
    expect(await within(dialog).findByText("Please give a reason: it goes into the audit log.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Insults the partner" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide review" }));
    expect(await screen.findByText("No open review reports")).toBeTruthy();
    expect(acted).toHaveBeenCalledTimes(1);
  });
});
