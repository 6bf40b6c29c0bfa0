import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChatReviewChangedDocument, ChatReviewDocument, WriteReviewDocument } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";
import { typePolicies } from "../../../lib/type-policies";
import { ReviewForm } from "./ReviewForm";

const UNTIL = "2026-02-01T09:00:00.000Z";
const TEXT = "Ravi explained every chord slowly and patiently.";
const review = {
  __typename: "Review",
  id: "r1",
  subjectId: "them",
  skill: "Guitar",
  category: "Music & Performing Arts",
  authorLearned: true,
  stars: 5,
  text: TEXT,
  createdAt: "2026-01-20T09:00:00.000Z",
  visibleAt: UNTIL,
  visible: false,
  answer: null,
  answeredAt: null,
  reportedByMe: false,
  author: { __typename: "ReviewAuthor", id: "me", name: "Asha", image: null, gender: "FEMALE" },
};
const state = (over: Record<string, unknown>) => ({
  request: { query: ChatReviewDocument, variables: { chatWith: "them" } },
  result: {
    data: {
      chat: {
        __typename: "Chat",
        id: "c1",
        review: { __typename: "ChatReview", writableUntil: UNTIL, canWrite: true, reason: null, mine: null, ...over },
      },
    },
  },
});

/** The chat's live updates: none unless a test sends one. */
const quiet = { request: { query: ChatReviewChangedDocument, variables: { chatWith: "them" } }, result: { data: {} }, delay: Infinity };
const changed = {
  request: { query: ChatReviewChangedDocument, variables: { chatWith: "them" } },
  result: { data: { chatUpdated: { __typename: "Chat", id: "c1" } } },
};

function renderForm(mocks: unknown[]) {
  render(
    <MockedProvider mocks={[...mocks, quiet] as never} cache={new InMemoryCache({ typePolicies })}>
      <ReviewForm chatWith="them" partnerName="Ravi Kumar" />
    </MockedProvider>,
  );
}

describe("ReviewForm", () => {
  it("explains the double-blind rule, counts characters, checks the length and then posts the review", async () => {
    const sent = {
      request: { query: WriteReviewDocument, variables: { chatWith: "them", text: TEXT } },
      result: { data: { writeReview: review } },
    };
    renderForm([state({}), sent, state({ canWrite: false, mine: review })]);
    fireEvent.click(await screen.findByRole("button", { name: "Write a review" }));
    const dialog = screen.getByRole("dialog", { name: "Write a review of Ravi Kumar" });
    expect(
      within(dialog).getByText(new RegExp(`Your review is shown when Ravi Kumar writes theirs, or on ${formatDate(UNTIL)}\\.`)),
    ).toBeTruthy();
    const box = within(dialog).getByLabelText(/What did you learn from Ravi Kumar/);
    fireEvent.change(box, { target: { value: "Too short" } });
    expect(screen.getByText("9 / 1000 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByText("Please write at least 20 characters")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(box, { target: { value: "x".repeat(1001) } });
    expect(screen.getByText("1001 / 1000 characters")).toBeTruthy();
    fireEvent.blur(box);
    expect(await screen.findByText("A review can be at most 1000 characters")).toBeTruthy();
    fireEvent.change(box, { target: { value: `  ${TEXT}  ` } });
    fireEvent.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByRole("heading", { name: "Your review of Ravi Kumar" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText(TEXT)).toBeTruthy();
    const [strip, posted] = screen.getAllByRole("status");
    expect(strip!.textContent).toContain("Your review is shown when Ravi Kumar writes theirs");
    // The answer to posting is in the feedback bar, at the bottom of the screen.
    expect(screen.getByTestId("action-feedback").contains(posted!)).toBe(true);
    expect(posted!.textContent).toContain("Your review of Ravi Kumar is posted.");
  });

  it("reads its state again when the chat changes: the partner's review shows both, and the wait is over", async () => {
    const shown = { ...review, visible: true, visibleAt: "2026-01-21T09:00:00.000Z" };
    render(
      <MockedProvider
        mocks={[state({ canWrite: false, mine: review }), changed, state({ canWrite: false, mine: shown })] as never}
        cache={new InMemoryCache({ typePolicies })}
      >
        <ReviewForm chatWith="them" partnerName="Ravi Kumar" />
      </MockedProvider>,
    );
    expect(await screen.findByText(`Shown on Ravi Kumar's profile since ${formatDate(shown.visibleAt)}.`)).toBeTruthy();
    expect(screen.queryByText(/Your review is shown when Ravi Kumar writes theirs/)).toBeNull();
  });

  it("shows the server's refusal, and says why a review cannot be written", async () => {
    const refused = {
      request: { query: WriteReviewDocument, variables: { chatWith: "them", text: TEXT } },
      result: { errors: [{ message: "You have already reviewed this swap", extensions: { code: "CONFLICT" } }] },
    };
    renderForm([state({}), refused]);
    fireEvent.click(await screen.findByRole("button", { name: "Write a review" }));
    fireEvent.change(screen.getByLabelText(/What did you learn/), { target: { value: TEXT } });
    fireEvent.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByText("You have already reviewed this swap")).toBeTruthy();
  });

  it("tells when the window has ended, and renders nothing before the chat is finished", async () => {
    renderForm([state({ canWrite: false, reason: "Reviews can only be written within 14 days of the finish" })]);
    expect(await screen.findByText("Reviews can only be written within 14 days of the finish")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Write a review" })).toBeNull();
  });
});
