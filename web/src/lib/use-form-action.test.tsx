import { CombinedGraphQLErrors } from "@apollo/client";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useFormAction } from "./use-form-action";

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const refused = (message: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code: "BAD_USER_INPUT" } }] });

describe("useFormAction", () => {
  it("is busy while the action runs, runs one at a time, and says what succeeded", async () => {
    const { result } = renderHook(() => useFormAction());
    const request = deferred<string>();
    let calls = 0;
    let first!: Promise<string | undefined>;
    act(() => {
      first = result.current.run(
        () => {
          calls += 1;
          return request.promise;
        },
        { success: (name) => `Sent to ${name}` },
      );
    });
    expect(result.current.busy).toBe(true);
    let second!: Promise<unknown>;
    act(() => {
      second = result.current.run(async () => {
        calls += 1;
      });
    });
    await act(async () => {
      request.resolve("Asha");
      expect(await first).toBe("Asha");
      expect(await second).toBeUndefined();
    });
    expect(calls).toBe(1);
    expect(result.current).toMatchObject({ busy: false, error: null, done: true, success: "Sent to Asha" });
  });

  it("shows the policy's text when the action fails, and clears it on the next run", async () => {
    const { result } = renderHook(() => useFormAction());
    await act(async () => {
      expect(await result.current.run(() => Promise.reject(refused("Rating must be 1 to 5")))).toBeUndefined();
    });
    expect(result.current).toMatchObject({ busy: false, error: "Rating must be 1 to 5", done: false });
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError("Failed to fetch")), { fallback: "Registration failed" });
    });
    expect(result.current.error).toBe("Registration failed");
    await act(async () => {
      await result.current.run(async () => undefined);
    });
    expect(result.current.error).toBeNull();
  });

  it("lets the form answer a failure itself, or say nothing", async () => {
    const { result } = renderHook(() => useFormAction());
    await act(async () => {
      await result.current.run(() => Promise.reject(refused("taken")), { onError: () => "Username already exists" });
    });
    expect(result.current.error).toBe("Username already exists");
    await act(async () => {
      await result.current.run(() => Promise.reject(refused("already asked")), { onError: () => null });
    });
    expect(result.current.error).toBeNull();
  });

  it("shows the form's own check in the same place, until reset", () => {
    const { result } = renderHook(() => useFormAction());
    act(() => result.current.fail("Please choose a reason."));
    expect(result.current.error).toBe("Please choose a reason.");
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
  });
});
