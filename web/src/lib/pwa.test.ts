import { afterEach, describe, expect, it, vi } from "vitest";

const refused = new TypeError("Cannot read properties of undefined (reading 'waiting')");
const register = vi.fn(() => Promise.reject(refused));
vi.mock("workbox-window", () => ({
  Workbox: class {
    addEventListener() {}
    messageSkipWaiting() {}
    register = register;
    update = () => Promise.resolve();
  },
}));

describe("registerServiceWorker", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("carries on when the browser refuses the service worker: a warning, not an unhandled rejection", async () => {
    vi.stubEnv("MODE", "production");
    Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { registerServiceWorker } = await import("./pwa");
    registerServiceWorker();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith("The app could not be set up to work offline:", refused));
    expect(register).toHaveBeenCalledTimes(1);
  });
});
