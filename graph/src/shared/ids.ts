import { randomUUID } from "node:crypto";

/** Row ids are random UUIDs: unguessable in URLs, generated before insert so events can carry them. */
export const newId = (): string => randomUUID();
