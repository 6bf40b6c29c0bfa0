import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { LocalStorage, type Storage } from "../shared/storage.js";

/**
 * Serves locally stored images at /uploads. Every upload gets a fresh random name, so a
 * file never changes: cache it for a year. `nosniff` keeps browsers from treating a file
 * as anything but the image type its (byte-checked) extension names; the CSP replaces the app's.
 */
export async function mountUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  if (!(storage instanceof LocalStorage)) return;
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: `${LocalStorage.URL_PREFIX}/`,
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
    index: false,
    dotfiles: "deny",
    // The folder is made by the first upload: its absence at start is not worth a warning.
    suppressWarning: true,
    redirect: false,
    // A folder is never listed nor answered: a 404, like a missing file.
    allowedPath: (pathName) => !pathName.endsWith("/"),
    setHeaders: (reply) => {
      reply.header("X-Content-Type-Options", "nosniff");
      reply.header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    },
  });
}
