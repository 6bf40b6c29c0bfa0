import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { SendContactMessageDocument } from "../../../gql/graphql";
import { ContactForm } from "./ContactForm";

const input = { name: "Visitor", email: "v@example.com", message: "Hello" };
const fill = () => {
  fireEvent.change(screen.getByRole("textbox", { name: /Name/ }), { target: { value: input.name } });
  fireEvent.change(screen.getByRole("textbox", { name: /Email/ }), { target: { value: input.email } });
  fireEvent.change(screen.getByRole("textbox", { name: /Message/ }), { target: { value: input.message } });
};
const bar = () => within(screen.getByTestId("action-feedback"));

describe("the contact form's answers", () => {
  it("are in the feedback bar: missing fields an alert, the spec's success a status that the next send ends", async () => {
    render(
      <MockedProvider
        mocks={[
          { request: { query: SendContactMessageDocument, variables: { input } }, result: { data: { sendContactMessage: true } } },
          {
            request: { query: SendContactMessageDocument, variables: { input } },
            result: { errors: [new GraphQLError("Too many messages, try later", { extensions: { code: "RATE_LIMITED" } })] },
            delay: 20,
          },
        ]}
      >
        <ContactForm />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(bar().getByRole("alert").textContent).toContain("All fields are required.");

    fill();
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(bar().queryByRole("alert")).toBeNull();
    expect((await bar().findByRole("status")).textContent).toContain("Message sent successfully!");
    expect((screen.getByRole("textbox", { name: /Name/ }) as HTMLInputElement).value).toBe("");

    fill();
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(bar().queryByRole("status")).toBeNull();
    const failed = await bar().findByRole("alert");
    expect(failed.textContent).toContain("Failed to send message. Please try again.");
    expect(failed.textContent).toContain("Too many messages, try later");
  });

  it("marks the empty fields invalid and focuses the first of them", () => {
    render(
      <MockedProvider mocks={[]}>
        <ContactForm />
      </MockedProvider>,
    );
    const [name, email, message] = [/Name/, /Email/, /Message/].map((n) => screen.getByRole("textbox", { name: n }));
    expect(name.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect([name, email, message].map((f) => f.getAttribute("aria-invalid"))).toEqual(["true", "true", "true"]);
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: input.name } });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect([name, email, message].map((f) => f.getAttribute("aria-invalid"))).toEqual([null, "true", "true"]);
    expect(document.activeElement).toBe(email);
    // Each empty field says so, in its description.
    expect(document.getElementById(email.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toContain("Required");
    expect(bar().getByRole("alert").textContent).toContain("All fields are required.");
  });
});
