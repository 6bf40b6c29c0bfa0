import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ActionFeedback } from "../components/ui/ActionFeedback";
import { useActionFeedback, useFeedbackClearance } from "./use-action-feedback";

function Part({ name }: { name: string }) {
  const answer = useActionFeedback();
  return (
    <section aria-label={name}>
      <button type="button" onClick={() => answer.show({ variant: "success", text: `${name} done` })}>
        {`Do ${name}`}
      </button>
      <button type="button" onClick={answer.clear}>{`Start ${name}`}</button>
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </section>
  );
}

describe("the answers of one page's parts", () => {
  it("show one at a time: an action in one part ends the other part's answer", () => {
    render(
      <>
        <Part name="requests" />
        <Part name="reviews" />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Do requests" }));
    expect(screen.getByRole("status").textContent).toContain("requests done");

    fireEvent.click(screen.getByRole("button", { name: "Start reviews" }));
    expect(screen.queryByRole("status")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Do requests" }));
    fireEvent.click(screen.getByRole("button", { name: "Do reviews" }));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["reviews done"]);
  });
});

function Composer() {
  const ref = useFeedbackClearance();
  return <form ref={ref} aria-label="composer" />;
}

describe("the clearance above a page's bottom controls", () => {
  it("is the distance from their top to the screen's bottom, and goes with them", () => {
    const rect = { top: 700, bottom: 780, left: 0, right: 375, width: 375, height: 80, x: 0, y: 700 };
    const original = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function () {
      return (this as HTMLElement).getAttribute("aria-label") === "composer"
        ? ({ ...rect, toJSON: () => rect } as DOMRect)
        : original.call(this);
    };
    act(() => {
      window.innerHeight = 812;
    });
    try {
      const { unmount } = render(<Composer />);
      expect(document.documentElement.style.getPropertyValue("--action-feedback-clearance")).toBe("112px");
      unmount();
      expect(document.documentElement.style.getPropertyValue("--action-feedback-clearance")).toBe("");
    } finally {
      HTMLElement.prototype.getBoundingClientRect = original;
    }
  });
});
