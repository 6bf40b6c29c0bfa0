import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "./graphql-errors";

export interface RunOptions<T = unknown> {
  /** What to tell the student when the action succeeds (`success`), from its result. */
  success?: string | ((result: T) => string | null);
  /** The feature's own text for a failure the server did not word (spec texts such as 'Registration failed'). */
  fallback?: string;
  /**
   * A failure the form answers itself: return the text to show, null to show nothing (handled),
   * or undefined to fall back to the policy (lib/graphql-errors.ts).
   */
  onError?: (error: unknown) => string | null | undefined;
}

export interface FormAction {
  /** An action is running: the submit button shows its busy label and takes no clicks. */
  busy: boolean;
  /** What to show beside the submit button (`role="alert"`), or null. */
  error: string | null;
  /** The last action succeeded (until the next run, `fail` or `reset`). */
  done: boolean;
  /** The success text of the last action, when its run gave one (`role="status"`), or null. */
  success: string | null;
  /**
   * Runs `action` unless one is already running (a double submit does nothing). Resolves to its
   * result, or undefined when it failed (then `error` says why) or did not run.
   */
  run: <T>(action: () => Promise<T>, options?: RunOptions<T>) => Promise<T | undefined>;
  /** Shows a message of the form's own (a failed check) in the same place as a refusal. */
  fail: (message: string) => void;
  /** Back to idle: no error, not done (e.g. when the student edits the form again). */
  reset: () => void;
}

/**
 * The busy / error / success state of one form or dialog: every form that sends something uses
 * it instead of its own `useState`s, so they all behave alike (one request at a time, the
 * policy's text on failure, busy cleared however the request ends).
 */
export function useFormAction(): FormAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async <T>(action: () => Promise<T>, options: RunOptions<T> = {}): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    setDone(false);
    setSuccess(null);
    try {
      const result = await action();
      if (mounted.current) {
        setDone(true);
        const said = options.success;
        setSuccess(typeof said === "function" ? said(result) : (said ?? null));
      }
      return result;
    } catch (e) {
      const own = options.onError?.(e);
      if (mounted.current && own !== null) setError(own ?? errorText(e, options.fallback));
      return undefined;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);

  const fail = useCallback((message: string) => {
    setError(message);
    setDone(false);
    setSuccess(null);
  }, []);

  const reset = useCallback(() => {
    setError(null);
    setDone(false);
    setSuccess(null);
  }, []);

  return { busy, error, done, success, run, fail, reset };
}
