import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MAX_IMAGE_BYTES } from "../../../../../common/profiles";
import { type ProfileDetailsQuery, UpdateProfileDocument } from "../../../gql/graphql";
import { MESSAGES } from "../utils/profile-rules";
import { ProfileForm } from "./ProfileForm";

type Me = NonNullable<ProfileDetailsQuery["me"]>;

const blank: Me = {
  __typename: "Me",
  id: "u1",
  name: "Asha Rao",
  email: "22z212@psgtech.ac.in",
  gender: null,
  image: null,
  amount: 0,
  days: 0,
  detailsFilled: false,
  languages: [],
  skillsKnown: [],
  skillsRequired: [],
};

const filled: Me = {
  ...blank,
  gender: "FEMALE",
  image: "/uploads/u1/a.png",
  detailsFilled: true,
  languages: ["English"],
  skillsRequired: [{ __typename: "Skill", category: "Other", skill: "Chess" }],
};

function renderForm(me: Me, mocks: unknown[] = [], onSaved = vi.fn()) {
  const router = createMemoryRouter([{ path: "/p", element: <ProfileForm me={me} onSaved={onSaved} /> }], { initialEntries: ["/p"] });
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { onSaved };
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Submit" }));
const alertText = async () => (await screen.findByRole("alert")).textContent;
/** Every problem shown at a field, in the page's order. */
const problemTexts = () => Array.from(document.querySelectorAll("form p[id$='-error']")).map((p) => p.textContent);
/** A control's problem as assistive technology has it: aria-invalid and the text it is described by. */
const problemAt = (control: HTMLElement) => ({
  invalid: control.getAttribute("aria-invalid"),
  description: (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | "),
});
const gender = () => screen.getByRole("combobox", { name: /Gender/ });
const coins = () => screen.getByRole("spinbutton", { name: "Skill Coins per course" });
const requiredCategory = (n: number) => screen.getByRole("combobox", { name: `Skill required ${n} category` });
const requiredSkill = (n: number) => screen.getByRole("textbox", { name: `Skill required ${n} skill` });

describe("profile details form", () => {
  it("starts with one English row that cannot be removed; Add Language adds English", () => {
    renderForm(blank);
    const languages = screen.getByRole("group", { name: "Languages Known" });
    expect((within(languages).getByRole("combobox", { name: "Language 1" }) as HTMLSelectElement).value).toBe("English");
    expect(within(languages).queryByRole("button", { name: /Remove language 1/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add Language" }));
    expect((within(languages).getByRole("combobox", { name: "Language 2" }) as HTMLSelectElement).value).toBe("English");
    fireEvent.click(within(languages).getByRole("button", { name: "Remove language 2" }));
    expect(within(languages).queryByRole("combobox", { name: "Language 2" })).toBeNull();
  });

  it("offers the ten categories and Male/Female", () => {
    renderForm(blank);
    const category = screen.getByRole("combobox", { name: "Skill required 1 category" });
    expect(
      within(category)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toHaveLength(11);
    expect(
      within(screen.getByRole("combobox", { name: /Gender/ }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select your gender", "Male", "Female"]);
  });

  it("asks for the gender at its field, first of the form's problems", async () => {
    renderForm({ ...blank, image: "/uploads/u1/a.png", skillsRequired: filled.skillsRequired });
    submit();
    await waitFor(() => expect(problemTexts()).toEqual([MESSAGES.gender]));
    expect(problemAt(gender())).toEqual({ invalid: "true", description: MESSAGES.gender });
    expect(document.activeElement).toBe(gender());
  });

  it("shows every problem at once, each at its field, and moves focus to the first", async () => {
    const { onSaved } = renderForm(blank);
    fireEvent.change(coins(), { target: { value: "-5" } });
    submit();
    await waitFor(() =>
      expect(problemTexts()).toEqual([MESSAGES.imageType, MESSAGES.gender, MESSAGES.categoryBlank, MESSAGES.skillBlank, MESSAGES.amount]),
    );
    // Not five alerts talking over one another: the focus on the first reads it (its description).
    expect(screen.queryAllByRole("alert")).toEqual([]);
    expect(problemAt(screen.getByLabelText("Upload Image"))).toEqual({ invalid: "true", description: MESSAGES.imageType });
    expect(problemAt(gender())).toEqual({ invalid: "true", description: MESSAGES.gender });
    expect(problemAt(requiredCategory(1))).toEqual({ invalid: "true", description: MESSAGES.categoryBlank });
    expect(problemAt(requiredSkill(1))).toEqual({ invalid: "true", description: MESSAGES.skillBlank });
    expect(problemAt(coins())).toMatchObject({ invalid: "true", description: expect.stringContaining(MESSAGES.amount) });
    // The language row is fine: not marked.
    expect(screen.getByRole("combobox", { name: "Language 1" }).getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("Upload Image"));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("flags no skills required and -5 coins together (the phone walk), focus on the first", async () => {
    renderForm({ ...filled, skillsRequired: [] });
    fireEvent.click(screen.getByRole("button", { name: "Remove skill required 1" }));
    fireEvent.change(coins(), { target: { value: "-5" } });
    submit();
    await waitFor(() => expect(problemTexts()).toEqual([MESSAGES.skillsRequired, MESSAGES.amount]));
    const list = screen.getByRole("group", { name: "Skills Required" });
    expect(problemAt(list).description).toBe(MESSAGES.skillsRequired);
    expect(problemAt(coins()).invalid).toBe("true");
    // The list's message comes before the coins in the form: focus goes there.
    expect(document.activeElement?.textContent).toBe(MESSAGES.skillsRequired);

    // An empty row added: its category and skill are both flagged, with the coins still.
    fireEvent.click(screen.getByRole("button", { name: "Add Skill Required" }));
    expect(problemTexts()).toEqual([MESSAGES.amount]);
    submit();
    await waitFor(() => expect(problemTexts()).toEqual([MESSAGES.categoryBlank, MESSAGES.skillBlank, MESSAGES.amount]));
    expect(document.activeElement).toBe(requiredCategory(1));
  });

  it("takes away only the message of the control edited; the other rows keep theirs", async () => {
    renderForm({ ...filled, skillsRequired: [] });
    fireEvent.click(screen.getByRole("button", { name: "Add Skill Required" }));
    submit();
    await waitFor(() => expect(problemTexts()).toHaveLength(4));
    fireEvent.change(requiredSkill(1), { target: { value: "Chess" } });
    expect(problemAt(requiredSkill(1)).invalid).toBeNull();
    expect(problemAt(requiredCategory(1)).description).toBe(MESSAGES.categoryBlank);
    expect(problemTexts()).toEqual([MESSAGES.categoryBlank, MESSAGES.categoryBlank, MESSAGES.skillBlank]);
    // Row 1 removed: row 2 (now the first) keeps its messages.
    fireEvent.click(screen.getByRole("button", { name: "Remove skill required 1" }));
    expect(problemAt(requiredCategory(1)).description).toBe(MESSAGES.categoryBlank);
    expect(problemAt(requiredSkill(1)).description).toBe(MESSAGES.skillBlank);
    expect(problemTexts()).toEqual([MESSAGES.categoryBlank, MESSAGES.skillBlank]);
  });

  it("refuses coins per course the field cannot read ('-', '1e') instead of saving 0", async () => {
    const { onSaved } = renderForm({ ...filled, skillsKnown: [{ __typename: "Skill", category: "Other", skill: "Go" }] });
    const field = screen.getByRole("spinbutton", { name: "Skill Coins per course" });
    // What a browser's number field reports for "-": an empty value with validity.badInput.
    Object.defineProperty(field, "validity", { value: { badInput: true }, configurable: true });
    fireEvent.change(field, { target: { value: "" } });
    submit();
    expect(await screen.findByText(MESSAGES.amount)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("needs skills required, each row filled", async () => {
    renderForm({ ...blank, gender: "MALE", image: "/uploads/u1/a.png" });
    submit();
    await waitFor(() => expect(problemTexts()).toEqual([MESSAGES.categoryBlank, MESSAGES.skillBlank]));
    fireEvent.click(screen.getByRole("button", { name: "Remove skill required 1" }));
    submit();
    await waitFor(() => expect(problemTexts()).toEqual([MESSAGES.skillsRequired]));
  });

  it("says the picture is required before submitting, when the student has none", () => {
    renderForm({ ...filled, image: null });
    const input = screen.getByLabelText("Upload Image") as HTMLInputElement;
    expect(input.required).toBe(true);
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    expect(label.textContent).toBe("Upload Image*");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)!.textContent).toMatch(/^Required\./);
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();
    // With a picture already saved, keeping it is fine: nothing says required.
    renderForm(filled);
    const kept = screen.getByLabelText("Upload Image") as HTMLInputElement;
    expect(kept.required).toBe(false);
    expect(document.querySelector(`label[for="${kept.id}"]`)!.textContent).toBe("Change image");
  });

  it("needs an image when the student has none", async () => {
    renderForm({ ...filled, image: null });
    submit();
    await waitFor(() => expect(problemTexts()).toEqual([MESSAGES.imageType]));
  });

  it("refuses an SVG or a too large file as soon as it is picked", async () => {
    renderForm(filled);
    const input = screen.getByLabelText("Upload Image") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["<svg/>"], "a.svg", { type: "image/svg+xml" })] } });
    expect(await alertText()).toBe(MESSAGES.imageType);
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "big.png", { type: "image/png" })] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MESSAGES.imageSize));
  });

  it("saves and says 'Profile Details Updated Successfully'", async () => {
    const input = {
      gender: "FEMALE",
      languages: ["English"],
      skillsKnown: [],
      skillsRequired: [{ category: "Other", skill: "Chess" }],
      amount: 0,
      days: 0,
    };
    const { onSaved } = renderForm(filled, [
      {
        request: { query: UpdateProfileDocument, variables: { input } },
        result: { data: { updateProfile: { ...filled, __typename: "Me" } } },
      },
    ]);
    submit();
    expect(await alertText()).toBe(MESSAGES.success);
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it("shows the server's message when it refuses", async () => {
    const { GraphQLError } = await import("graphql");
    renderForm({ ...filled, amount: 3 }, [
      {
        request: { query: UpdateProfileDocument, variables: () => true },
        result: { errors: [new GraphQLError(MESSAGES.languageUnknown, { extensions: { code: "BAD_USER_INPUT" } })] },
      },
    ]);
    submit();
    expect(await alertText()).toBe(MESSAGES.languageUnknown);
  });
});
