import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudinaryStandIn, startCloudinaryStandIn } from "../../test/cloudinary-stand-in.js";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { PNG, UPDATE_PROFILE, uploadImage } from "../../test/profiles.js";
import { CloudinaryStorage, parseCloudinaryUrl } from "./storage.js";

const OWNER = "0b6f3c1e-2d4a-4f5b-9c8d-7e6f5a4b3c2d";

describe("CloudinaryStorage with the real SDK against a local stand-in", () => {
  let standIn: CloudinaryStandIn;
  beforeAll(async () => {
    standIn = await startCloudinaryStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it("reads the account and upload_prefix from CLOUDINARY_URL", () => {
    expect(parseCloudinaryUrl(standIn.cloudinaryUrl)).toEqual({
      cloud_name: standIn.cloudName,
      api_key: standIn.apiKey,
      api_secret: standIn.apiSecret,
      upload_prefix: standIn.url,
    });
    expect(() => parseCloudinaryUrl("cloudinary://nokey@cloud")).toThrow(/CLOUDINARY_URL/);
  });

  it("uploads the bytes, signed, under the owner's id and returns the secure URL", async () => {
    const storage = new CloudinaryStorage(standIn.cloudinaryUrl);
    const url = await storage.putImage(OWNER, PNG, { ext: "png", mime: "image/png" });
    const req = standIn.uploads.at(-1)!;
    expect(req.signed).toBe(true);
    expect(req.bytes?.equals(PNG)).toBe(true);
    expect(req.params.public_id).toMatch(new RegExp(`^skill-exchange/${OWNER}/[a-f0-9]{24}$`));
    expect(req.params.overwrite).toBe("0"); // the SDK sends booleans as 0/1
    expect(url).toBe(`https://res.cloudinary.com/${standIn.cloudName}/image/upload/v1700000000/${req.params.public_id}.png`);
    expect(storage.ownsImage(url, OWNER)).toBe(true);
    expect(storage.ownsImage(url, "11111111-2222-4333-8444-555555555555")).toBe(false);
    expect(storage.ownsImage(url.replace("https:", "http:"), OWNER)).toBe(false);
    expect(storage.ownsImage(url.replace(standIn.cloudName, "another-cloud"), OWNER)).toBe(false);
    expect(storage.ownsImage(`https://evil.example/${standIn.cloudName}/image/upload/${req.params.public_id}.png`, OWNER)).toBe(false);

    await storage.remove(url);
    expect(standIn.destroyed.at(-1)).toMatchObject({ signed: true, params: { public_id: req.params.public_id } });
  });

  it("rejects when Cloudinary refuses, and when the secret is wrong", async () => {
    const storage = new CloudinaryStorage(standIn.cloudinaryUrl);
    standIn.failWith = 500;
    await expect(storage.putImage(OWNER, PNG, { ext: "png", mime: "image/png" })).rejects.toThrow(/Cloudinary upload failed/);
    standIn.failWith = 0;
    const wrong = new CloudinaryStorage(standIn.cloudinaryUrl.replace(standIn.apiSecret, "wrong-secret"));
    await expect(wrong.putImage(OWNER, PNG, { ext: "png", mime: "image/png" })).rejects.toThrow(/Invalid Signature/);
  });
});

describe.each(dbTargets)("profile images on Cloudinary (%s)", (target) => {
  let standIn: CloudinaryStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startCloudinaryStandIn();
    t = await startTestApp(target, { env: { CLOUDINARY_URL: standIn.cloudinaryUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("the upload endpoint stores on Cloudinary and the profile saves the secure URL", async () => {
    const { token, user } = await t.createUser();
    const up = await uploadImage(t, token, PNG);
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(
      new RegExp(`^https://res\\.cloudinary\\.com/${standIn.cloudName}/image/upload/v\\d+/skill-exchange/${user.id}/`),
    );
    const r = await t.gql(
      UPDATE_PROFILE,
      {
        input: {
          gender: "MALE",
          languages: ["English"],
          skillsKnown: [],
          skillsRequired: [{ category: "Other", skill: "Chess" }],
          image: up.body.url,
        },
      },
      token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.updateProfile.image).toBe(up.body.url);
  });
});
