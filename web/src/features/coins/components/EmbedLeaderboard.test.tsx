import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { embedSnippet } from "../../../../../common/embed";
import { EmbedLeaderboard } from "./EmbedLeaderboard";

const origin = window.location.origin;

function openDialog() {
  fireEvent.click(screen.getByRole("button", { name: "Embed this" }));
  return screen.getByRole("dialog", { name: "Embed this leaderboard" });
}

const snippetIn = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLTextAreaElement>("HTML snippet");

describe("Embed this", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the iframe snippet of the page's view, with the rows and colours chosen, and a preview of it", () => {
    render(<EmbedLeaderboard category="Music & Performing Arts" period="week" />);
    expect(screen.queryByRole("dialog")).toBeNull();
    const dialog = openDialog();
    expect(dialog.textContent).toContain("to show the leaderboard (Music & Performing Arts · This week)");
    const snippet = snippetIn(dialog);
    expect(snippet.readOnly).toBe(true);
    expect(snippet.value).toBe(embedSnippet(origin, { category: "Music & Performing Arts", period: "week" }));
    expect(snippet.value).toContain(`src="${origin}/embed/leaderboard?category=Music+%26+Performing+Arts&amp;period=week"`);

    fireEvent.change(within(dialog).getByLabelText("Rows"), { target: { value: "20" } });
    fireEvent.change(within(dialog).getByLabelText("Colours"), { target: { value: "dark" } });
    expect(snippet.value).toBe(embedSnippet(origin, { category: "Music & Performing Arts", period: "week", limit: 20, theme: "dark" }));
    const preview = within(dialog).getByTitle(/^Preview: Skill Exchange leaderboard/);
    expect(preview.getAttribute("src")).toBe(
      `${origin}/embed/leaderboard?category=Music+%26+Performing+Arts&period=week&limit=20&theme=dark`,
    );
  });

  it("embeds the default view when the page has none", () => {
    render(<EmbedLeaderboard />);
    expect(snippetIn(openDialog()).value).toBe(
      `<iframe src="${origin}/embed/leaderboard" title="Skill Exchange leaderboard: Top students · All time" width="400" height="530"` +
        ` style="border:0;border-radius:12px;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });

  it("copies the snippet, and without a clipboard selects it for the student to copy", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<EmbedLeaderboard />);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy" }));
    expect(await within(dialog).findByText("Copied. Paste it into your page's HTML.")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(snippetIn(dialog).value);
    expect(within(dialog).getByRole("status").textContent).toBe("Copied. Paste it into your page's HTML.");

    writeText.mockRejectedValueOnce(new Error("not allowed"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy" }));
    await within(dialog).findByText(/^Selected: copy it with Ctrl\+C/);
    const snippet = snippetIn(dialog);
    expect([snippet.selectionStart, snippet.selectionEnd]).toEqual([0, snippet.value.length]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
