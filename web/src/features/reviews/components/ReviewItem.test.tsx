import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReviewFieldsFragment } from "../../../gql/graphql";
import { ReviewItem } from "./ReviewItem";

const review = {
  __typename: "Review",
  id: "r1",
  subjectId: "them",
  skill: "גיטרה",
  category: "Music & Performing Arts",
  authorLearned: true,
  stars: 5,
  text: "מורה סבלני וברור.",
  createdAt: "2026-01-20T09:00:00.000Z",
  visibleAt: "2026-01-21T09:00:00.000Z",
  visible: true,
  answer: "شكرا جزيلا",
  answeredAt: "2026-01-22T09:00:00.000Z",
  reportedByMe: false,
  author: { __typename: "ReviewAuthor", id: "a1", name: "דנה כהן", image: null, gender: "FEMALE" },
} as unknown as ReviewFieldsFragment;

describe("ReviewItem", () => {
  it("shows the review's text, its author, skill and answer each in their own direction", () => {
    render(
      <MemoryRouter>
        <ReviewItem review={review} viewerId="me" viewerGender="Male" />
      </MemoryRouter>,
    );
    expect(screen.getByText("מורה סבלני וברור.").getAttribute("dir")).toBe("auto");
    expect(screen.getByRole("link", { name: "דנה כהן" }).getAttribute("dir")).toBe("auto");
    expect(screen.getByText(/גיטרה/).closest("[dir]")?.getAttribute("dir")).toBe("auto");
    expect(screen.getByText("شكرا جزيلا").getAttribute("dir")).toBe("auto");
  });
});
