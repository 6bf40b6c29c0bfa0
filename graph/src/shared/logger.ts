import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ["req.headers.authorization", "password", "*.password"] });
}
