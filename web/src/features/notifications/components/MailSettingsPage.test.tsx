import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  NotificationMailSettingsDocument,
  NotificationPushSettingsDocument,
  PushDevicesDocument,
  UpdateNotificationMailSettingsDocument,
  UpdateNotificationPushSettingsDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { MailSettingsPage } from "./MailSettingsPage";

const setting = (kind: string, mode: string, label: string) => ({ __typename: "NotificationMailSetting", id: kind, kind, mode, label });
const initial = [
  setting("REQUEST", "INSTANT", "Swap and pay requests"),
  setting("MESSAGE", "DIGEST", "New chat messages while you are away"),
];
const load = { request: { query: NotificationMailSettingsDocument }, result: { data: { notificationMailSettings: initial } } };
const push = (kind: string, enabled: boolean, label: string) => ({ __typename: "NotificationPushSetting", id: kind, kind, enabled, label });
const pushInitial = [
  push("REQUEST", true, "Swap and pay requests"),
  push("MESSAGE", true, "New chat messages while you are away"),
  push("LESSON", true, "Lessons: proposals, confirmations and reminders"),
];
const loadPush = { request: { query: NotificationPushSettingsDocument }, result: { data: { notificationPushSettings: pushInitial } } };
const noDevices = {
  request: { query: PushDevicesDocument },
  result: { data: { pushDevices: { __typename: "PushDeviceConnection", edges: [] } } },
};

function renderPage(mocks: unknown[]) {
  const router = createMemoryRouter(
    [
      { path: "/settings/notifications", element: <MailSettingsPage /> },
      { path: "/register", element: <p>register</p> },
      { path: "/dashboard", element: <p>dashboard</p> },
    ],
    { initialEntries: ["/settings/notifications"] },
  );
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

describe("MailSettingsPage", () => {
  it("shows each kind's mode and saves only what changed", async () => {
    const save = {
      request: { query: UpdateNotificationMailSettingsDocument, variables: { settings: [{ kind: "MESSAGE", mode: "OFF" }] } },
      result: { data: { updateNotificationMailSettings: [initial[0], setting("MESSAGE", "OFF", "New chat messages while you are away")] } },
    };
    renderPage([load, loadPush, noDevices, save]);
    const messages = (await screen.findByLabelText("New chat messages while you are away")) as HTMLSelectElement;
    expect(messages.value).toBe("DIGEST");
    expect((screen.getByLabelText("Swap and pay requests") as HTMLSelectElement).value).toBe("INSTANT");
    fireEvent.change(messages, { target: { value: "OFF" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    // The saved notice's status (the devices' list may still show its own loading status beside it).
    const saved = (await screen.findByText(/Your mail settings are saved/)).closest('[role="status"]');
    expect(saved).not.toBeNull();
    // In the feedback bar fixed at the bottom of the screen (below the button it fell off a phone's screen).
    expect(screen.getAllByTestId("action-feedback").some((bar) => bar.contains(saved))).toBe(true);
    expect(((await screen.findByLabelText("New chat messages while you are away")) as HTMLSelectElement).value).toBe("OFF");
  });

  it("shows the server's refusal in the feedback bar, gone when the next save starts", async () => {
    const save = {
      request: { query: UpdateNotificationMailSettingsDocument, variables: { settings: [{ kind: "REQUEST", mode: "DIGEST" }] } },
      result: { errors: [new GraphQLError("Choose off, instant or daily digest", { extensions: { code: "BAD_USER_INPUT" } })] },
    };
    renderPage([load, loadPush, noDevices, save]);
    fireEvent.change(await screen.findByLabelText("Swap and pay requests"), { target: { value: "DIGEST" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal.textContent).toContain("Choose off, instant or daily digest");
    expect(screen.getAllByTestId("action-feedback").some((bar) => bar.contains(refusal))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByText("Choose off, instant or daily digest")).toBeNull();
  });

  it("shows a push switch per kind (lessons too) and saves the changed ones with the mail settings", async () => {
    const savePush = {
      request: { query: UpdateNotificationPushSettingsDocument, variables: { settings: [{ kind: "LESSON", enabled: false }] } },
      result: { data: { updateNotificationPushSettings: [pushInitial[0], pushInitial[1], push("LESSON", false, pushInitial[2].label)] } },
    };
    renderPage([load, loadPush, noDevices, savePush]);
    const lessons = await screen.findByRole("checkbox", { description: "Lessons: proposals, confirmations and reminders" });
    expect(screen.getAllByRole("checkbox", { name: "Push" })).toHaveLength(3);
    expect((screen.getByRole("checkbox", { description: "Swap and pay requests" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(lessons);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    // The saved notice's status (the devices' list may still show its own loading status beside it).
    const saved = (await screen.findByText(/Your mail settings are saved/)).closest('[role="status"]');
    expect(saved).not.toBeNull();
    // In the feedback bar fixed at the bottom of the screen (below the button it fell off a phone's screen).
    expect(screen.getAllByTestId("action-feedback").some((bar) => bar.contains(saved))).toBe(true);
    expect(
      ((await screen.findByRole("checkbox", { description: "Lessons: proposals, confirmations and reminders" })) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });

  it("asks before leaving with a change not saved: Stay keeps it, Leave goes", async () => {
    const router = renderPage([load, loadPush, noDevices]);
    const requests = (await screen.findByLabelText("Swap and pay requests")) as HTMLSelectElement;
    fireEvent.change(requests, { target: { value: "OFF" } });
    fireEvent.click(screen.getByRole("link", { name: "Back" }));
    const ask = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/settings/notifications");
    expect((screen.getByLabelText("Swap and pay requests") as HTMLSelectElement).value).toBe("OFF");
    fireEvent.click(screen.getByRole("link", { name: "Back" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }));
    await screen.findByText("dashboard");
  });

  it("sends a signed-out visitor to /register", async () => {
    const router = renderPage([
      {
        request: { query: NotificationMailSettingsDocument },
        result: { errors: [new GraphQLError("no", { extensions: { code: "UNAUTHENTICATED" } })] },
      },
    ]);
    await screen.findByText("register");
    expect(router.state.location.pathname).toBe("/register");
  });
});
