import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { AnswerReviewDocument, ReportReviewDocument, ReviewsAboutMeDocument, ReviewsOfDocument } from "../../../gql/graphql";
import { setToken } from "../../../lib/auth";
import { typePolicies } from "../../../lib/type-policies";
import { ReviewList } from "./ReviewList";
import { ReviewsAboutYou } from "./ReviewsAboutYou";

const review = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "Review",
  id,
  subjectId: "them",
  skill: "Guitar",
  category: "Music & Performing Arts",
  authorLearned: true,
  stars: 4,
  text: `Review ${id}: a patient and clear teacher.`,
  createdAt: "2026-01-20T09:00:00.000Z",
  visibleAt: "2026-01-21T09:00:00.000Z",
  visible: true,
  answer: null,
  answeredAt: null,
  reportedByMe: false,
  author: { __typename: "ReviewAuthor", id: `author-${id}`, name: `Author ${id}`, image: null, gender: "MALE" },
  ...over,
});
const page = (field: string, nodes: unknown[], hasNextPage: boolean) => ({
  data: {
    [field]: {
      __typename: "ReviewConnection",
      edges: nodes.map((node, i) => ({ __typename: "ReviewEdge", cursor: `c-${(node as { id: string }).id}-${i}`, node })),
      pageInfo: { __typename: "PageInfo", hasNextPage, endCursor: nodes.length ? `end-${(nodes.at(-1) as { id: string }).id}` : null },
    },
  },
});

const wrap = (mocks: unknown[], children: React.ReactNode) =>
  render(
    <MemoryRouter>
      <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
        {children}
      </MockedProvider>
    </MemoryRouter>,
  );

describe("ReviewList", () => {
  beforeEach(() => setToken("a.b.c"));

  it("shows the reviews newest first with author, stars, skill and answer, and appends the next page", async () => {
    wrap(
      [
        {
          request: { query: ReviewsOfDocument, variables: { userId: "them", first: 10, after: null } },
          result: page("reviewsOf", [review("r2", { answer: "Thanks, it was fun!" }), review("r1", { stars: null })], true),
        },
        {
          request: { query: ReviewsOfDocument, variables: { userId: "them", first: 10, after: "end-r1" } },
          result: page("reviewsOf", [review("r0", { authorLearned: false })], false),
        },
      ],
      <ReviewList userId="them" name="Ravi" viewerId="me" viewerGender="Female" />,
    );
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("aria-label"))).toEqual(["Review by Author r2", "Review by Author r1"]);
    expect(within(items[0]!).getByLabelText("4 out of 5 stars")).toBeTruthy();
    expect(within(items[0]!).getByText(/Learned Guitar/)).toBeTruthy();
    expect(within(items[0]!).getByText("Thanks, it was fun!")).toBeTruthy();
    expect(within(items[1]!).queryByLabelText(/out of 5 stars/)).toBeNull();
    expect(within(items[0]!).getByRole("link", { name: "Author r2" }).getAttribute("href")).toContain("/user/author-r2/me/Female");
    fireEvent.click(screen.getByRole("button", { name: "Show more reviews" }));
    expect(await screen.findByText(/Taught Guitar/)).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Show more reviews" })).toBeNull();
  });

  it("says so when there are no reviews", async () => {
    wrap(
      [
        {
          request: { query: ReviewsOfDocument, variables: { userId: "them", first: 10, after: null } },
          result: page("reviewsOf", [], false),
        },
      ],
      <ReviewList userId="them" name="Ravi" viewerId="me" viewerGender="Female" />,
    );
    expect(await screen.findByText((_, el) => el?.tagName === "P" && el.textContent === "No reviews of Ravi yet.")).toBeTruthy();
  });

  it("shows a load error with a retry", async () => {
    wrap(
      [{ request: { query: ReviewsOfDocument, variables: { userId: "them", first: 10, after: null } }, error: new Error("offline") }],
      <ReviewList userId="them" name="Ravi" viewerId="me" viewerGender="Female" />,
    );
    expect(await screen.findByText("The reviews could not be loaded.")).toBeTruthy();
  });
});

describe("ReviewsAboutYou", () => {
  it("answers a review once and reports another", async () => {
    const answered = review("r2", { answer: "Thank you!" });
    wrap(
      [
        {
          request: { query: ReviewsAboutMeDocument, variables: { first: 10, after: null } },
          result: page("reviewsAboutMe", [review("r2"), review("r1")], false),
        },
        {
          request: { query: AnswerReviewDocument, variables: { id: "r2", text: "Thank you!" } },
          result: { data: { answerReview: answered } },
        },
        {
          request: { query: ReportReviewDocument, variables: { id: "r1", reason: "HARASSMENT", details: null } },
          result: { data: { reportReview: { __typename: "Review", id: "r1", reportedByMe: true } } },
        },
      ],
      <ReviewsAboutYou viewerId="me" viewerGender="Male" />,
    );
    const [first, second] = await screen.findAllByRole("listitem");
    fireEvent.click(within(first!).getByRole("button", { name: "Answer" }));
    const box = within(first!).getByLabelText(/Your public answer to Author r2/);
    fireEvent.click(within(first!).getByRole("button", { name: "Post answer" }));
    expect(await within(first!).findByText("Please write an answer")).toBeTruthy();
    fireEvent.change(box, { target: { value: " Thank you! " } });
    fireEvent.click(within(first!).getByRole("button", { name: "Post answer" }));
    expect(await within(first!).findByText("Thank you!")).toBeTruthy();
    expect(within(first!).queryByRole("button", { name: "Answer" })).toBeNull();
    // Each answer is a status in a feedback bar, and the next action (Report) ends it.
    expect((await screen.findByText("Your answer to Author r2 is posted.")).closest('[role="status"]')).not.toBeNull();

    fireEvent.click(within(second!).getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Author r1's review" });
    expect(screen.queryByText("Your answer to Author r2 is posted.")).toBeNull();
    fireEvent.click(within(dialog).getByLabelText("Harassment"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Report review" }));
    expect(await within(second!).findByText("Reported to the moderators")).toBeTruthy();
    const reported = (await screen.findByText("Thanks. The moderators will read Author r1's review.")).closest('[role="status"]');
    expect(screen.getAllByTestId("action-feedback").some((bar) => bar.contains(reported))).toBe(true);
  });
});
