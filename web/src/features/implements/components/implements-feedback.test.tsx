import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  AcceptImplementApplicantDocument,
  ImplementPostDocument,
  JoinImplementPostDocument,
  PairChatStatusDocument,
  SetImplementPostVisibilityDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { MyProblemCard } from "./MyProblemCard";
import { ProblemDetailsPage } from "./ProblemDetailsPage";

const me = { id: "u1", name: "Asha Rao" };
const owner = { __typename: "User", id: "o1", name: "Dev Kumar", image: null };
const application = (status: string) => ({
  __typename: "ImplementApplication",
  id: "a1",
  postId: "p1",
  userId: "u2",
  userName: "Ravi Iyer",
  description: "I know React.",
  status,
  reason: null,
  updatedAt: "2026-11-01T10:00:00.000Z",
});
const post = (myApplication: unknown = null) => ({
  __typename: "ImplementPost",
  id: "p1",
  title: "Bus tracker",
  description: "Track the college buses.",
  visible: true,
  createdAt: "2026-11-01T09:00:00.000Z",
  isMine: false,
  owner,
  myApplication,
});
const postQuery = (myApplication: unknown = null) => ({
  request: { query: ImplementPostDocument, variables: { id: "p1" } },
  result: { data: { implementPost: post(myApplication) } },
});
const join = (result: unknown) => ({
  request: { query: JoinImplementPostDocument, variables: { input: { postId: "p1", description: "I can help." } } },
  result,
});

function renderDetails(mocks: unknown[]) {
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <MemoryRouter>
        <ProblemDetailsPage me={me} postId="p1" />
      </MemoryRouter>
    </MockedProvider>,
  );
}

const bar = () => screen.getByTestId("action-feedback");

describe("the answer to Join", () => {
  it("is a status in the feedback bar, beside the spec's 'Status: Request Sent'", async () => {
    renderDetails([postQuery(), join({ data: { joinImplementPost: application("PENDING") } }), postQuery(application("PENDING"))]);
    fireEvent.change(await screen.findByLabelText(/Why do you want to join/), { target: { value: "I can help." } });
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    const sent = await within(bar()).findByRole("status");
    expect(sent.textContent).toContain("Request sent. Dev Kumar decides whether you join.");
    expect(await screen.findByText(/Status: (Request Sent|Pending)/)).toBeTruthy();
  });

  it("is an alert in the feedback bar when the server refuses", async () => {
    renderDetails([
      postQuery(),
      join({ errors: [new GraphQLError("This problem is no longer open", { extensions: { code: "FORBIDDEN" } })] }),
    ]);
    fireEvent.change(await screen.findByLabelText(/Why do you want to join/), { target: { value: "I can help." } });
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    const refusal = await within(bar()).findByRole("alert");
    expect(refusal.textContent).toContain("This problem is no longer open");

    // The next try starts without the last answer.
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(within(bar()).queryByRole("alert")).toBeNull();
  });

  it("says a missing reason at the field, not in the bar", async () => {
    renderDetails([postQuery()]);
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    const field = screen.getByLabelText(/Why do you want to join/);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toContain("Please provide a reason to join.");
    expect(bar().textContent).toBe("");
  });
});

const myPost = {
  ...post(),
  isMine: true,
  owner: { ...owner, id: "u1", name: "Asha Rao" },
  applicants: {
    __typename: "ImplementApplicationConnection",
    edges: [
      {
        __typename: "ImplementApplicationEdge",
        node: { ...application("PENDING"), user: { __typename: "User", id: "u2", name: "Ravi Iyer", image: null } },
      },
    ],
    pageInfo: { __typename: "PageInfo", hasNextPage: false },
  },
};

/** The owner's one chat with the applicant (u2), as read after an accept. */
const pairChat = (status: "IN_PROGRESS" | "COMPLETED") => ({
  request: { query: PairChatStatusDocument, variables: { chatWith: "u2" } },
  result: { data: { chat: { __typename: "Chat", id: "c1", status } } },
});

/** Asha's post with Ravi's application, and Accept answered; `then`: what the card asks next. */
function renderCard(...then: unknown[]) {
  const accept = {
    request: { query: AcceptImplementApplicantDocument, variables: { input: { postId: "p1", userId: "u2" } } },
    result: { data: { acceptImplementApplicant: application("ACCEPTED") } },
  };
  render(
    <MockedProvider mocks={[accept, ...then] as never} cache={new InMemoryCache({ typePolicies })}>
      <MemoryRouter>
        <MyProblemCard post={myPost as never} viewer={{ id: "u1", name: "Asha Rao", gender: "Female" }} />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe("the answers on Your Problems", () => {
  it("accepting an applicant is a status in the bar, gone once Hide Post starts; a refused hide is an alert", async () => {
    renderCard(pairChat("IN_PROGRESS"), {
      request: { query: SetImplementPostVisibilityDocument, variables: { postId: "p1", visible: false } },
      result: { errors: [new GraphQLError("Could not hide the post", { extensions: { code: "CONFLICT" } })] },
      delay: 50,
    });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    const accepted = await within(bar()).findByRole("status");
    expect(accepted.textContent).toContain("You accepted Ravi Iyer. You can chat with them now.");

    fireEvent.click(screen.getByRole("button", { name: "Hide Post" }));
    expect(within(bar()).queryByRole("status")).toBeNull();
    const refused = await within(bar()).findByRole("alert");
    expect(refused.textContent).toContain("Could not hide the post");
    await waitFor(() => expect(screen.getAllByTestId("action-feedback")).toHaveLength(1));
  });

  it("does not promise a chat when the two finished theirs before (a pair has one chat)", async () => {
    renderCard(pairChat("COMPLETED"));
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    const accepted = await within(bar()).findByRole("status");
    expect(accepted.textContent).toContain("You accepted Ravi Iyer. Your chat with them has ended, so it takes no new messages.");
    expect(accepted.textContent).not.toContain("You can chat with them now");
    // Their name leads to their profile (skills, rating, reviews), to weigh before deciding.
    expect(screen.getByRole("link", { name: "Ravi Iyer" }).getAttribute("href")).toBe("/user/u2/u1/Female");
  });
});
