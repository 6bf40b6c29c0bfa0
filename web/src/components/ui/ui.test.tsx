import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import { LoadError } from "./LoadError";
import { Select } from "./Select";
import { TextField } from "./TextField";

describe("ui primitives", () => {
  it("Button shows its loading text and blocks clicks while loading", () => {
    const onClick = vi.fn();
    render(
      <Button loading loadingText="Signing in..." onClick={onClick}>
        Sign In
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Signing in..." });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("Button keeps focus while loading and does not submit its form", () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Save</Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading loadingText="Saving...">
          Save
        </Button>
      </form>,
    );
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("TextField ties label, error and aria-invalid to the input", () => {
    render(<TextField label="Email" error="Required" type="email" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy.split(" ")[0]!)!.textContent).toBe("Required");
  });

  it("Select renders a placeholder and options", () => {
    render(<Select label="Gender" placeholder="Select gender" options={["Male", "Female"]} defaultValue="" />);
    const select = screen.getByLabelText("Gender") as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(["Select gender", "Male", "Female"]);
  });

  it("Alert is announced", () => {
    render(<Alert variant="danger">Wrong email or password</Alert>);
    expect(screen.getByRole("alert").textContent).toContain("Wrong email or password");
  });

  it("LoadError announces what failed and retries from its Try again button", () => {
    const onRetry = vi.fn();
    render(<LoadError message="Your chats could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toContain("Your chats could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith();
  });

  it("Dialog closes from its close button and on Escape", () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Confirm" footer={<Button>Confirm Reject</Button>}>
        Are you sure?
      </Dialog>,
    );
    expect(screen.getByRole("heading", { name: "Confirm" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close dialog" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByText("Are you sure?"), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("Dialog renders nothing while closed", () => {
    render(<Dialog open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByText("Hidden")).toBeNull();
  });
});
