import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { VERIFY_MESSAGES } from "../../../../../common/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  PayFormDocument,
  RequestPayDocument,
  SwapAvailabilityDocument,
  SwapFormDocument,
  WithdrawPayAcceptanceDocument,
} from "../../../gql/graphql";
import { setToken } from "../../../lib/auth";
import { typePolicies } from "../../../lib/type-policies";
import { RequestButtons } from "./RequestButtons";

const chess = { __typename: "SkillRef", skill: "Chess", category: "Hobbies & Crafts" };
const availability = (openRequest: unknown = null) => ({
  request: { query: SwapAvailabilityDocument, variables: { userId: "t1" } },
  result: { data: { swapAvailability: { __typename: "SwapAvailability", hasChat: false, canRequest: true, reason: null, openRequest } } },
  maxUsageCount: 5,
});

/** The Pay popup's form: Chess to learn, 3 coins in the account. */
const payForm = {
  request: { query: PayFormDocument, variables: { userId: "t1" } },
  result: {
    data: {
      payForm: { __typename: "SwapForm", learnSkills: [chess] },
      skillCoins: { __typename: "SkillCoinAccount", id: "me", balance: 3 },
    },
  },
};

/** Availability when the server would refuse a request, for `reason`. */
const refusedAvailability = (reason: string) => ({
  request: { query: SwapAvailabilityDocument, variables: { userId: "t1" } },
  result: {
    data: { swapAvailability: { __typename: "SwapAvailability", hasChat: false, canRequest: false, reason, openRequest: null } },
  },
});

function renderButtons(mocks: unknown[]) {
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <RequestButtons userId="t1" userName="Dev Rao" defaultCoins={4} />
    </MockedProvider>,
  );
}

describe("the answer to a swap or pay request", () => {
  beforeEach(() => setToken("a.b.c"));

  it("shows 'Pay request sent' in the feedback bar as a status, gone once the next request starts", async () => {
    renderButtons([
      availability(),
      payForm,
      {
        request: {
          query: RequestPayDocument,
          variables: { input: { receiverId: "t1", learnSkill: { skill: "Chess", category: "Hobbies & Crafts" }, skillCoins: 4 } },
        },
        result: { data: { requestPay: { __typename: "SwapRequest", id: "r1", kind: "PAY", status: "PENDING", skillCoins: 4 } } },
      },
      {
        request: { query: SwapFormDocument, variables: { userId: "t1" } },
        result: { data: { swapForm: { __typename: "SwapForm", preachSkills: [chess], learnSkills: [chess] } } },
      },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(await within(dialog).findByLabelText(/Skill you want to learn/), { target: { value: "0" } });
    // The offer (4, the asking price) is above the balance (3): said beside the field, not refused.
    expect(within(dialog).getByText(/You have 3 skill coins now: buy more before you pay, once Dev Rao accepts\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    const sent = await screen.findByRole("status");
    expect(sent.textContent).toContain("Pay request sent to Dev Rao.");
    expect(screen.getByTestId("action-feedback").contains(sent)).toBe(true);
    expect(screen.getByTestId("action-feedback").getAttribute("aria-live")).toBe("polite");

    fireEvent.click(screen.getByRole("button", { name: "Swap" }));
    await screen.findByRole("dialog");
    expect(screen.queryByText(/Pay request sent/)).toBeNull();
  });

  // Whatever the server would refuse a request for, said before the popup is filled: suspended, blocked either way.
  it.each([VERIFY_MESSAGES.unavailable, "You can no longer swap with this user"])(
    "disables Swap and Pay, and says why, while a request would be refused: %s",
    async (reason) => {
      renderButtons([refusedAvailability(reason)]);
      await screen.findByText(reason);
      for (const name of ["Swap", "Pay"]) expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it("takes the Swap popup's 'select skills' away once the student chooses again", async () => {
    const go = { __typename: "SkillRef", skill: "Go", category: "Programming & Technology" };
    renderButtons([
      availability(),
      {
        request: { query: SwapFormDocument, variables: { userId: "t1" } },
        result: { data: { swapForm: { __typename: "SwapForm", preachSkills: [chess], learnSkills: [go] } } },
      },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Swap" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByLabelText("Skill you will teach");
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("select skills");
    fireEvent.change(within(dialog).getByLabelText("Skill you will teach"), { target: { value: "0" } });
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("refuses coins that are not a whole number from 1 to 10000 in the server's words, before sending", async () => {
    renderButtons([availability(), payForm]);
    fireEvent.click(await screen.findByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(await within(dialog).findByLabelText(/Skill you want to learn/), { target: { value: "0" } });
    for (const coins of ["-3", "2.5", "10001"]) {
      fireEvent.change(within(dialog).getByLabelText("Skill coins"), { target: { value: coins } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
      expect((await within(dialog).findByRole("alert")).textContent).toContain("Skill coins must be a whole number from 1 to 10000");
    }
    // Changed again: the message about the last Submit goes.
    fireEvent.change(within(dialog).getByLabelText("Skill coins"), { target: { value: "4" } });
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("says beside the coins what the teacher asks, and how much more an offer above it is", async () => {
    renderButtons([availability(), payForm]);
    fireEvent.click(await screen.findByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog");
    const field = await within(dialog).findByLabelText("Skill coins");
    const hint = () => within(dialog).getByText(/Dev Rao asks/).textContent;
    // Their price, filled in.
    expect(hint()).toBe(
      "Dev Rao asks 4 skill coins per course. You have 3 skill coins now: buy more before you pay, once Dev Rao accepts.",
    );
    fireEvent.change(field, { target: { value: "2" } });
    expect(hint()).toBe("Dev Rao asks 4 skill coins per course.");
    // A slip of the thumb (40 for 4): not refused, but said.
    fireEvent.change(field, { target: { value: "40" } });
    expect(hint()).toMatch(/^Dev Rao asks 4 skill coins per course\. You offer 36 more than that\. You have 3/);
  });

  it("shows a refused withdrawal in the feedback bar as an alert", async () => {
    const open = {
      __typename: "SwapRequest",
      id: "r1",
      kind: "PAY",
      status: "AWAITING_PAYMENT",
      requester: { __typename: "User", id: "t1" },
    };
    renderButtons([
      availability(open),
      {
        request: { query: WithdrawPayAcceptanceDocument, variables: { id: "r1" } },
        result: { errors: [new GraphQLError("This pay request is not waiting for payment", { extensions: { code: "CONFLICT" } })] },
      },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw acceptance" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal.textContent).toContain("This pay request is not waiting for payment");
    expect(screen.getByTestId("action-feedback").contains(refusal)).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Withdraw acceptance" })).toBeTruthy());
  });
});
