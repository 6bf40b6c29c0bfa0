import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { avatarInitials, avatarSvg } from "../../../../common/avatar";
import { Avatar } from "./Avatar";

const svgOf = (img: HTMLImageElement) => decodeURIComponent(img.getAttribute("src")!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));

describe("Avatar", () => {
  it("draws the initials as SVG text in the system font when there is no picture, at any size", () => {
    for (const size of [32, 120]) {
      const { container, unmount } = render(<Avatar name="Asha Rao" image={null} size={size} />);
      const img = container.querySelector("img")!;
      const svg = svgOf(img);
      expect(svg).toMatch(/<text[^>]*font-family="[^"]*system-ui[^"]*"[^>]*>AR<\/text>/);
      expect(svg).toContain('viewBox="0 0 100 100"');
      expect(img.getAttribute("alt")).toBe("");
      expect((container.firstChild as HTMLElement).style.width).toBe(`${size}px`);
      unmount();
    }
  });

  it("shows the picture, and the initials when it fails to load", () => {
    const { container } = render(<Avatar name="Ravi" image="/uploads/u/x.png" size={48} />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/uploads/u/x.png");
    fireEvent.error(img);
    expect(svgOf(container.querySelector("img")!)).toContain(">R</text>");
  });

  it("takes the first letters of the first and last words, any script, and escapes nothing unsafe in", () => {
    expect(avatarInitials("asha devi rao")).toBe("AR");
    expect(avatarInitials("  émile ")).toBe("É");
    expect(avatarInitials("42 <b>")).toBe("?");
    expect(avatarSvg("Zoë <script>")).not.toContain("<script");
    expect(avatarSvg("Same Name")).toBe(avatarSvg("Same Name"));
  });
});
