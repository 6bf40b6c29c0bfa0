import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatResponseTime, ResponseStats } from "./ResponseStats";

describe("a profile's response stats", () => {
  it("says 'No requests answered or expired yet' before any request was settled (one waiting for an answer does not count)", () => {
    render(
      <dl>
        <ResponseStats stats={{ received: 0, answered: 0, responseRate: null, typicalResponseHours: null }} />
      </dl>,
    );
    expect(screen.getByText("Response rate")).toBeTruthy();
    expect(screen.getByText("No requests answered or expired yet")).toBeTruthy();
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it("shows the rate and the typical response time", () => {
    render(
      <dl>
        <ResponseStats stats={{ received: 3, answered: 2, responseRate: 2 / 3, typicalResponseHours: 48 }} />
      </dl>,
    );
    expect(screen.getByText("67%")).toBeTruthy();
    expect(screen.getByText("2 of 3 requests answered, usually within 2 days")).toBeTruthy();
  });

  it("leaves out the time when every request expired unanswered", () => {
    render(
      <dl>
        <ResponseStats stats={{ received: 1, answered: 0, responseRate: 0, typicalResponseHours: null }} />
      </dl>,
    );
    expect(screen.getByText("0%")).toBeTruthy();
    expect(screen.getByText("0 of 1 request answered")).toBeTruthy();
  });

  it("words the buckets the server reports", () => {
    expect([1, 3, 6, 12, 24, 48, 96, 168].map(formatResponseTime)).toEqual([
      "within an hour",
      "within 3 hours",
      "within 6 hours",
      "within 12 hours",
      "within a day",
      "within 2 days",
      "within 4 days",
      "within 7 days",
    ]);
  });
});
