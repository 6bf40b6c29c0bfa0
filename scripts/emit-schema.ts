/** Writes schema.graphql from the type-graphql classes (the committed API contract). */
import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { SCHEMA_FILE, printAppSchema } from "../graph/src/server/print-schema.js";

writeFileSync(SCHEMA_FILE, await printAppSchema());
console.log(`wrote ${SCHEMA_FILE}`);
