import type { Logger } from "./logger.js";

/**
 * Work a request starts but does not wait for (sending a mail), so the answer does not
 * depend on how long the mail server takes or on whether there was anything to send.
 * Failures are logged; `idle()` lets shutdown and tests wait for what is in flight.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly logger: Logger) {}

  run(what: string, work: () => Promise<void>): void {
    const p = (async () => {
      try {
        await work();
      } catch (err) {
        this.logger.error({ err }, `background task failed: ${what}`);
      }
    })();
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
