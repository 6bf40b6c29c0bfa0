import { describe, expect, it } from "vitest";
import { isCollegeEmail, passwordLengthOk } from "./validation";

describe("account form checks", () => {
  it("accepts the college pattern in any case", () => {
    expect(isCollegeEmail("22z212@psgtech.ac.in")).toBe(true);
    expect(isCollegeEmail(" 22Z212@PSGTECH.AC.IN ")).toBe(true);
  });

  it.each([
    "22z212@psgtech.ac.in.evil.com",
    "22z212@mail.psgtech.ac.in",
    "22z212@psgtechXac.in",
    "2z212@psgtech.ac.in",
    "22zz212@psgtech.ac.in",
    "２２z２１２@psgtech.ac.in",
    "22\u212A212@psgtech.ac.in",
    "22z212@psgtech.\u0430c.in",
    "",
  ])("refuses %s", (email) => {
    expect(isCollegeEmail(email)).toBe(false);
  });

  it("counts password characters, not bytes", () => {
    expect(passwordLengthOk("1234567")).toBe(false);
    expect(passwordLengthOk("12345678")).toBe(true);
    expect(passwordLengthOk("😀".repeat(128))).toBe(true);
    expect(passwordLengthOk("x".repeat(129))).toBe(false);
  });
});
