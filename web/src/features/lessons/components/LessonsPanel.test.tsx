import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GraphQLError } from "graphql";
import {
  AcceptLessonSlotDocument,
  CancelLessonDocument,
  ChatLessonsDocument,
  LessonChangedDocument,
  ProposeLessonDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { stubMedia } from "../../../test/media";
import { LessonsPanel } from "./LessonsPanel";

const NOW = new Date("2026-01-05T09:00:00.000Z");
const now = () => NOW;

const proposal = {
  __typename: "Lesson",
  id: "l1",
  chatId: "c1",
  status: "PROPOSED",
  proposedByMe: false,
  partnerId: "them",
  timezone: "Europe/Berlin",
  startsAt: null,
  endsAt: null,
  durationMinutes: null,
  sequence: 0,
  createdAt: "2026-01-05T08:00:00.000Z",
  slots: [
    { __typename: "LessonSlot", id: "s1", startsAt: "2026-01-06T10:00:00.000Z", durationMinutes: 60 },
    { __typename: "LessonSlot", id: "s2", startsAt: "2026-01-07T15:30:00.000Z", durationMinutes: 90 },
  ],
  partner: { __typename: "LessonPartner", id: "them", name: "Ravi Kumar" },
};
const scheduled = {
  ...proposal,
  status: "SCHEDULED",
  startsAt: "2026-01-07T15:30:00.000Z",
  endsAt: "2026-01-07T17:00:00.000Z",
  durationMinutes: 90,
};

const page = (nodes: unknown[]) => ({
  data: {
    lessons: {
      __typename: "LessonConnection",
      edges: nodes.map((node, i) => ({ __typename: "LessonEdge", cursor: `c${i}`, node })),
      pageInfo: { __typename: "LessonPageInfo", hasNextPage: false, endCursor: nodes.length ? `c${nodes.length - 1}` : null },
    },
  },
});
const list = (nodes: unknown[]) => ({
  request: { query: ChatLessonsDocument, variables: { chatWith: "them", first: 20 } },
  result: page(nodes),
});
const live = { request: { query: LessonChangedDocument, variables: { chatWith: "them" } }, result: { data: {} }, delay: Infinity };

function renderPanel(mocks: unknown[], open = true) {
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <LessonsPanel chatWith="them" partnerName="Ravi Kumar" open={open} now={now} />
    </MockedProvider>,
  );
}

describe("LessonsPanel", () => {
  it("lists the partner's proposed times in local time and accepts the chosen one", async () => {
    const accepted = {
      request: { query: AcceptLessonSlotDocument, variables: { lessonId: "l1", slotId: "s2" } },
      result: { data: { acceptLessonSlot: scheduled } },
    };
    renderPanel([list([proposal]), live, accepted, list([scheduled])]);
    expect(await screen.findByText("Ravi Kumar proposed a lesson")).toBeTruthy();
    const second = new Date("2026-01-07T15:30:00.000Z");
    const local = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(second);
    const buttons = screen.getAllByRole("button", { name: /^Accept / });
    expect(buttons).toHaveLength(2);
    expect(buttons[1]!.getAttribute("aria-label")).toContain(local);
    fireEvent.click(buttons[1]!);
    expect(await screen.findByText(/Lesson scheduled:/)).toBeTruthy();
    // The answer is a status in the feedback bar (the panel may be scrolled far from the screen's bottom).
    const answer = await within(screen.getByTestId("action-feedback")).findByRole("status");
    expect(answer.textContent).toMatch(/^Lesson scheduled for .+\.$/);
    // The answer reaches the cache (and the text) before the accept call returns and frees the buttons.
    await waitFor(() => expect((screen.getByRole("button", { name: "Reschedule" }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole("button", { name: "Cancel lesson" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows each problem of a proposed time at its field, focuses it, and sends nothing", async () => {
    renderPanel([list([]), live]);
    fireEvent.click(await screen.findByRole("button", { name: "Schedule a lesson" }));
    const dialog = screen.getByRole("dialog", { name: "Schedule a lesson" });
    const date = within(dialog).getByLabelText(/^Date/);
    fireEvent.change(date, { target: { value: "2026-01-04" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Propose time" }));
    expect(await within(dialog).findByText("Please choose a time in the future")).toBeTruthy();
    expect(date.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(date));
  });

  it("proposes several times as UTC instants with the browser's time zone", async () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const first = new Date(2026, 0, 8, 18, 0).toISOString();
    const second = new Date(2026, 0, 9, 7, 30).toISOString();
    const sent = {
      request: {
        query: ProposeLessonDocument,
        variables: {
          chatWith: "them",
          timezone: tz,
          slots: [
            { startsAt: first, durationMinutes: 60 },
            { startsAt: second, durationMinutes: 30 },
          ],
        },
      },
      result: { data: { proposeLesson: { ...proposal, proposedByMe: true } } },
    };
    const withdraw = {
      request: { query: CancelLessonDocument, variables: { lessonId: "l1" } },
      result: { errors: [new GraphQLError("This lesson can no longer be changed", { extensions: { code: "CONFLICT" } })] },
      delay: 20,
    };
    renderPanel([list([]), live, sent, list([{ ...proposal, proposedByMe: true }]), withdraw]);
    fireEvent.click(await screen.findByRole("button", { name: "Schedule a lesson" }));
    const dialog = screen.getByRole("dialog", { name: "Schedule a lesson" });
    const fill = (i: number, d: string, t: string, minutes: string) => {
      const group = within(dialog).getByRole("group", { name: `Time ${i}` });
      fireEvent.change(within(group).getByLabelText(/^Date/), { target: { value: d } });
      fireEvent.change(within(group).getByLabelText(/^Start time/), { target: { value: t } });
      fireEvent.change(within(group).getByLabelText(/^Duration/), { target: { value: minutes } });
    };
    fill(1, "2026-01-08", "18:00", "60");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add another time" }));
    fill(2, "2026-01-09", "07:30", "30");
    fireEvent.click(within(dialog).getByRole("button", { name: "Propose times" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("You proposed: waiting for Ravi Kumar")).toBeTruthy();
    const answer = await within(screen.getByTestId("action-feedback")).findByRole("status");
    expect(answer.textContent).toContain("Lesson proposed to Ravi Kumar.");

    // Withdrawing is the next action: the proposal's answer goes as it starts, and the refusal shows as an alert.
    fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(within(screen.getByTestId("action-feedback")).queryByRole("status")).toBeNull();
    const refusal = await within(screen.getByTestId("action-feedback")).findByRole("alert");
    expect(refusal.textContent).toContain("This lesson can no longer be changed");
  });

  it("asks before cancelling a scheduled lesson: Keep lesson sends nothing, Cancel lesson cancels it", async () => {
    const cancelled = {
      request: { query: CancelLessonDocument, variables: { lessonId: "l1" } },
      result: { data: { cancelLesson: { ...scheduled, status: "CANCELLED" } } },
    };
    renderPanel([list([scheduled]), live, cancelled, list([])]);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel lesson" }));
    const ask = await screen.findByRole("alertdialog", { name: "Cancel this lesson?" });
    expect(ask.textContent).toContain("Ravi Kumar gets a mail saying so");
    fireEvent.click(within(ask).getByRole("button", { name: "Keep lesson" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByText(/Lesson scheduled:/)).toBeTruthy();
    expect(within(screen.getByTestId("action-feedback")).queryByRole("status")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Cancel lesson" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel lesson" }));
    const answer = await within(screen.getByTestId("action-feedback")).findByRole("status");
    expect(answer.textContent).toBe("Lesson cancelled.");
  });

  it("leaves out the lessons of a finished chat with nothing planned", async () => {
    renderPanel([list([]), live], false);
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    await waitFor(() => expect(screen.queryByRole("region", { name: /Lessons/ })).toBeNull());
    expect(screen.queryByRole("button", { name: "Schedule a lesson" })).toBeNull();
  });

  it("offers nothing to do in a chat that is no longer in progress", async () => {
    renderPanel([list([proposal]), live], false);
    expect(await screen.findByText("Ravi Kumar proposed a lesson")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Schedule a lesson" }) as HTMLButtonElement).disabled).toBe(true);
    for (const b of screen.getAllByRole("button", { name: /^Accept / })) expect((b as HTMLButtonElement).disabled).toBe(true);
  });

  describe("on a phone", () => {
    // jsdom has no matchMedia: the phone's query answers yes here.
    const phone = () => stubMedia(() => true);
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("folds the lessons behind their heading, which says what waits, and opens them on a tap", async () => {
      phone();
      renderPanel([list([proposal, { ...scheduled, id: "l2" }]), live]);
      const heading = screen.getByRole("heading", { name: /^Lessons/ });
      const toggle = within(heading).getByRole("button", { expanded: false });
      await waitFor(() => expect(toggle.textContent).toBe("Lessons 1 scheduled · 1 to answer"));
      expect(toggle.getAttribute("aria-controls")).toBe(document.querySelector("[hidden]")?.id);
      // Folded: nothing inside can be reached; proposing still can.
      expect(screen.queryByRole("button", { name: /^Accept / })).toBeNull();
      expect(screen.getByRole("button", { name: "Schedule a lesson" })).toBeTruthy();

      fireEvent.click(toggle);
      expect(toggle.getAttribute("aria-expanded")).toBe("true");
      expect(toggle.textContent).toBe("Lessons");
      expect(screen.getAllByRole("button", { name: /^Accept / })).toHaveLength(2);
      expect(screen.getByText(/Lesson scheduled:/)).toBeTruthy();
    });

    it("opens the folded lessons when the student's own proposal is sent, to show it waiting", async () => {
      phone();
      const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const sent = {
        request: {
          query: ProposeLessonDocument,
          variables: {
            chatWith: "them",
            timezone: tz,
            slots: [{ startsAt: new Date(2026, 0, 8, 18, 0).toISOString(), durationMinutes: 60 }],
          },
        },
        result: { data: { proposeLesson: { ...proposal, proposedByMe: true } } },
      };
      renderPanel([list([]), live, sent, list([{ ...proposal, proposedByMe: true }])]);
      const toggle = within(screen.getByRole("heading", { name: /^Lessons/ })).getByRole("button", { expanded: false });
      fireEvent.click(screen.getByRole("button", { name: "Schedule a lesson" }));
      const dialog = screen.getByRole("dialog", { name: "Schedule a lesson" });
      fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: "2026-01-08" } });
      fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: "18:00" } });
      fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: "60" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Propose time" }));
      await waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("true"));
      expect(await screen.findByText("You proposed: waiting for Ravi Kumar")).toBeTruthy();
    });
  });
});
