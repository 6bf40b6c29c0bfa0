import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../utils/rules";
import { CreateProblemPage } from "./CreateProblemPage";

describe("Post Problem", () => {
  it("says every missing field at once, each at its field, focusing the first; typing clears that one only", () => {
    render(
      <MockedProvider mocks={[]}>
        <MemoryRouter>
          <CreateProblemPage me={{ id: "u1", name: "Asha Rao" }} />
        </MemoryRouter>
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Post Problem" }));
    expect(screen.getByText(MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.descriptionRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Title/));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Bus tracker" } });
    expect(screen.queryByText(MESSAGES.titleRequired)).toBeNull();
    expect(screen.getByText(MESSAGES.descriptionRequired)).toBeTruthy();
  });
});
