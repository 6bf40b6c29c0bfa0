import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PresenceSettingsDocument, SetOnlineStatusVisibleDocument } from "../../../gql/graphql";
import { OnlineStatusSetting } from "./OnlineStatusSetting";

const settings = (visible: boolean) => ({
  request: { query: PresenceSettingsDocument },
  result: { data: { presenceSettings: { __typename: "PresenceSettings", onlineStatusVisible: visible } } },
});

describe("the online status switch", () => {
  it("answers in the feedback bar as a status", async () => {
    render(
      <MockedProvider
        mocks={[
          settings(true),
          {
            request: { query: SetOnlineStatusVisibleDocument, variables: { visible: false } },
            result: { data: { setOnlineStatusVisible: { __typename: "PresenceSettings", onlineStatusVisible: false } } },
          },
        ]}
      >
        <OnlineStatusSetting />
      </MockedProvider>,
    );
    fireEvent.click(await screen.findByRole("checkbox", { name: "Show my chat partners when I am online" }));
    const saved = await within(screen.getByTestId("action-feedback")).findByRole("status");
    expect(saved.textContent).toContain("Your online status is hidden.");
  });
});
