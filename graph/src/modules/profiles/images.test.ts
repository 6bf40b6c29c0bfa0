import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { PNG, uploadImage } from "../../../test/profiles.js";

/** Real signatures, padded: file-type decides by these bytes, not by names or declared types. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
const GIF = Buffer.concat([Buffer.from("GIF89a", "ascii"), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(32)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([36, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(40)]);
const SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="8" height="8"/></svg>`);
const TEXT = Buffer.from("just some notes, renamed to look like a picture\n");

describe.each(dbTargets)("image upload on %s", (target) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    ({
      token,
      user: { id: userId },
    } = await t.createUser());
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = () => {
    try {
      return readdirSync(path.join(t.config.dataDir, "uploads", userId));
    } catch {
      return [];
    }
  };

  it("keeps a PNG under the user's id and serves it with a year of caching and nosniff", async () => {
    const r = await uploadImage(t, token, PNG);
    expect(r.status).toBe(200);
    expect(r.body.url).toMatch(new RegExp(`^/uploads/${userId}/[a-f0-9]{32}\\.png$`));
    const res = await fetch(`${t.url}${r.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ["JPEG", JPEG, "jpg"],
    ["GIF", GIF, "gif"],
    ["WebP", WEBP, "webp"],
  ])("accepts a %s and stores it with the extension its bytes say", async (_n, bytes, ext) => {
    // Declared as something else on purpose: only the bytes count.
    const r = await uploadImage(t, token, bytes, { name: "upload.bin", type: "application/octet-stream" });
    expect(r.status).toBe(200);
    expect(r.body.url?.endsWith(`.${ext}`)).toBe(true);
  });

  it.each([
    ["an SVG", SVG, { name: "avatar.svg", type: "image/svg+xml" }],
    ["a text file renamed to .png", TEXT, { name: "photo.png", type: "image/png" }],
    ["an empty file", Buffer.alloc(0), { name: "empty.png", type: "image/png" }],
  ])("refuses %s with 'Please select an image file.' and stores nothing", async (_n, bytes, file) => {
    const before = stored().length;
    const r = await uploadImage(t, token, bytes, file);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(PROFILE_MESSAGES.imageType);
    expect(stored().length).toBe(before);
  });

  it("refuses a request without a file", async () => {
    const r = await uploadImage(t, token, null);
    expect([r.status, r.body.error]).toEqual([400, PROFILE_MESSAGES.imageType]);
  });

  it("accepts exactly 2097152 bytes and refuses one byte more with the size message", async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    expect((await uploadImage(t, token, exact)).status).toBe(200);
    const before = stored().length;
    const over = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG.length)]);
    const r = await uploadImage(t, token, over);
    expect([r.status, r.body.error]).toEqual([400, PROFILE_MESSAGES.imageSize]);
    expect(stored().length).toBe(before);
  });

  it("refuses an upload without a valid token before reading it", async () => {
    const r = await uploadImage(t, null, PNG);
    expect(r.status).toBe(401);
    expect((await uploadImage(t, "not-a-token", PNG)).status).toBe(401);
  });

  it("answers 404 for a missing upload and never lists a folder", async () => {
    expect((await fetch(`${t.url}/uploads/${userId}/${"0".repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/${userId}/`)).status).toBe(404);
    // An encoded ../ never leaves the uploads folder (DATA_DIR holds the signing secret).
    expect([403, 404]).toContain((await fetch(`${t.url}/uploads/%2e%2e/jwt-secret`)).status);
  });
});
