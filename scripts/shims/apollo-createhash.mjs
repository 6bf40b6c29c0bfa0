// What @apollo/utils.createhash exports, taken straight from node's crypto (see nodeCreateHash in build-server.mjs).
export { createHash } from "node:crypto";
