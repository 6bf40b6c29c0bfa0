import express, { type Express } from "express";
import { LocalStorage, type Storage } from "../shared/storage.js";

/**
 * Serves locally stored images at /uploads. Every upload gets a fresh random name, so a
 * file never changes: cache it for a year. `nosniff` keeps browsers from treating a file
 * as anything but the image type its (byte-checked) extension names.
 */
export function mountUploads(app: Express, storage: Storage): void {
  if (!(storage instanceof LocalStorage)) return;
  app.use(
    LocalStorage.URL_PREFIX,
    express.static(storage.root, {
      immutable: true,
      maxAge: "365d",
      index: false,
      dotfiles: "deny",
      redirect: false,
      fallthrough: false,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      },
    }),
  );
}
