import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { PNG } from "../../../test/profiles.js";
import type { LocalStorage } from "../../shared/storage.js";
import { User } from "../accounts/user.entity.js";

/** POST /profileDetails exactly as the old client sent it: the token and the picture inside the JSON body. */
const form = {
  gender: "Male",
  selectedLanguages: ["English"],
  skillsKnown: [{ category: "Programming & Technology", skill: "React" }],
  skillsRequired: [{ category: "Music & Performing Arts", skill: "Guitar" }],
  amount: 0,
  days: 0,
};
const dataUrl = (bytes: Buffer, mime = "image/png") => `data:${mime};base64,${bytes.toString("base64")}`;

describe.each(dbTargets)("POST /profileDetails as the old client sends it, on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const userRow = (id: string) => t.dataSource.getRepository(User).findOneByOrFail({ id });
  const storedFiles = (id: string) => {
    const dir = path.join((t.app.services.deps.storage as LocalStorage).root, id);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it("takes the token from headers.Authorization in the body and stores a data-URL picture like an upload", async () => {
    const { user, token } = await t.createUser();
    const r = await t.rest("POST", "/profileDetails", {
      body: { headers: { Authorization: `Bearer ${token}` }, user_id: user.id, ...form, image: dataUrl(PNG) },
    });
    expect(r).toMatchObject({ status: 200, body: { error: "", message: "Profile Details Updated Successfully" } });
    const saved = await userRow(user.id);
    expect(saved.gender).toBe("Male");
    expect(saved.image).toMatch(new RegExp(`^/uploads/${user.id}/[a-f0-9]{32}\\.png$`));
    const served = await fetch(`${t.url}${saved.image}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(storedFiles(user.id)).toHaveLength(1);

    // The dashboard now has the details filled.
    expect((await t.rest("GET", `/dashboard?userId=${user.id}`, { token })).body.error).toBe("");
  });

  it("refuses a forged token in headers.Authorization (401) and one that names someone other than the bearer header (403)", async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    const forged = await t.rest("POST", "/profileDetails", {
      body: { headers: { Authorization: "Bearer forged" }, ...form, image: dataUrl(PNG) },
    });
    expect(forged.status).toBe(401);
    const mixed = await t.rest("POST", "/profileDetails", {
      token: other.token,
      body: { headers: { Authorization: `Bearer ${token}` }, ...form, image: dataUrl(PNG) },
    });
    expect(mixed.status).toBe(403);
    expect((await userRow(user.id)).gender).toBeNull();
    expect((await userRow(other.user.id)).gender).toBeNull();
    expect(storedFiles(user.id)).toEqual([]);
  });

  it("checks a data-URL picture by its bytes and its size, stores nothing it refuses", async () => {
    const { user, token } = await t.createUser();
    const send = (image: string) => t.rest("POST", "/profileDetails", { body: { token, ...form, image } });
    const refusals: Array<[string, string]> = [
      [dataUrl(Buffer.from("just some text, not an image")), PROFILE_MESSAGES.imageType],
      [
        dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml"),
        PROFILE_MESSAGES.imageType,
      ],
      ["data:image/png,not-base64-at-all", PROFILE_MESSAGES.imageType],
      [dataUrl(Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG.length)])), PROFILE_MESSAGES.imageSize],
    ];
    for (const [image, message] of refusals) {
      expect(await send(image)).toMatchObject({ status: 400, body: { error: message } });
    }
    expect((await userRow(user.id)).image).toBeNull();
    expect(storedFiles(user.id)).toEqual([]);

    // Exactly 2 MB (2097152 bytes) is allowed: the body is about 2.8 MB of base64.
    const exact = await send(dataUrl(Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)])));
    expect(exact).toMatchObject({ status: 200, body: { error: "" } });
    expect(storedFiles(user.id)).toHaveLength(1);

    // Past what any 2 MB picture needs (4 MB of JSON), the body is not read at all.
    const huge = await send(dataUrl(Buffer.alloc(3_200_000, 1)));
    expect(huge).toMatchObject({ status: 413, body: { error: "Request too large" } });
    expect(storedFiles(user.id)).toHaveLength(1);
  });

  it("stores no picture for a profile it refuses", async () => {
    const { user, token } = await t.createUser();
    const r = await t.rest("POST", "/profileDetails", { body: { token, ...form, skillsRequired: [], image: dataUrl(PNG) } });
    expect(r).toMatchObject({ status: 400, body: { error: PROFILE_MESSAGES.skillsRequired } });
    expect(storedFiles(user.id)).toEqual([]);
  });

  it("answers a request without a token 401 before reading the picture", async () => {
    expect((await t.rest("POST", "/profileDetails", { body: { ...form, image: dataUrl(PNG) } })).status).toBe(401);
  });
});
