import { describe, expect, it } from "vitest";
import { splitLinks } from "./links";

describe("web addresses in a chat message", () => {
  it("become links, http and https as written, a bare www. one over https", () => {
    expect(splitLinks("Join https://meet.google.com/abc-defg-hij at 6, notes on www.example.org/notes")).toEqual([
      { text: "Join " },
      { text: "https://meet.google.com/abc-defg-hij", href: "https://meet.google.com/abc-defg-hij" },
      { text: " at 6, notes on " },
      { text: "www.example.org/notes", href: "https://www.example.org/notes" },
    ]);
  });

  it("leave a sentence's punctuation and a bracket around them out, keeping a bracket the address opened", () => {
    expect(splitLinks("See https://x.org/a. Or (http://y.org/b)!")).toEqual([
      { text: "See " },
      { text: "https://x.org/a", href: "https://x.org/a" },
      { text: ". Or (" },
      { text: "http://y.org/b", href: "http://y.org/b" },
      { text: ")!" },
    ]);
    expect(splitLinks("https://en.wikipedia.org/wiki/Go_(game), read it")[0]).toEqual({
      text: "https://en.wikipedia.org/wiki/Go_(game)",
      href: "https://en.wikipedia.org/wiki/Go_(game)",
    });
  });

  it("never link other schemes, markup or a word that only looks like an address", () => {
    for (const text of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "<a href='https://x.org'>x</a> is text",
      "https://nohost",
      "mailto:a@b.org",
    ])
      expect(splitLinks(text).filter((p) => p.href && !p.href.startsWith("https://x.org"))).toEqual([]);
    expect(splitLinks("plain words only")).toEqual([{ text: "plain words only" }]);
    expect(splitLinks("mail bob@www.example.org")).toEqual([{ text: "mail bob@www.example.org" }]);
    // A right-to-left override ends the address: what shows is what opens.
    expect(splitLinks("https://x.org/\u202egpj.exe")[0]).toEqual({ text: "https://x.org/", href: "https://x.org/" });
    expect(splitLinks("")).toEqual([]);
  });
});
