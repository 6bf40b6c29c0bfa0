/**
 * Web Push devices: only their owner lists and removes them, one browser is one device, endpoints
 * the server must not post to are refused, at most MAX_PUSH_DEVICES a student (also when many
 * subscribe at once), and they go with the student's export and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PUSH_DEVICES } from "../../../../common/notifications.js";
import { dbTargets, type TestApp } from "../../../test/harness.js";
import type { PushStandIn } from "../../../test/push-stand-in.js";
import { hashPassword } from "../accounts/passwords.js";
import { PushSubscription } from "./push-subscription.entity.js";
import { DEVICES, REMOVE, registerDevice, startPushApp, SUBSCRIBE, UPDATE } from "./push.test-support.js";

describe.each(dbTargets)("web push devices on %s", (target) => {
  let t: TestApp;
  let ps: PushStandIn;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ t, ps, close } = await startPushApp(target)));
  afterAll(async () => close?.());

  const devicesOf = (userId: string) => t.dataSource.getRepository(PushSubscription).find({ where: { userId } });
  const device = (token: string) => registerDevice(t, ps, token);

  it("only the owner lists and removes a device; REST does the same", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const { id, sub } = await device(a.token);
    expect((await t.gql(DEVICES, {}, b.token)).data.pushDevices.edges).toEqual([]);
    expect((await t.gql(REMOVE, { id }, b.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await t.rest("DELETE", `/push/devices/${id}`, { token: b.token })).status).toBe(404);
    expect((await t.gql(DEVICES, {})).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.rest("GET", "/push/devices")).status).toBe(401);

    const listed = await t.rest("GET", "/push/devices", { token: a.token });
    expect(listed.body.devices).toEqual([expect.objectContaining({ id, endpoint: sub.endpoint, label: "Chrome on Android" })]);
    expect((await t.rest("DELETE", `/push/devices/${id}`, { token: a.token })).status).toBe(200);
    expect(await devicesOf(a.user.id)).toEqual([]);

    // REST subscribe names the device from the request's User-Agent.
    const again = await t.rest("POST", "/push/devices", {
      token: a.token,
      body: sub,
      headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0" },
    });
    expect(again.status).toBe(201);
    expect(again.body.device).toMatchObject({ label: "Firefox on Windows", endpoint: sub.endpoint });
    expect((await t.gql(REMOVE, { id: again.body.device.id }, a.token)).data).toEqual({ removePushDevice: true });
  });

  it("the same browser subscribing again is one device, and moves to whoever subscribed it last", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const { sub } = await device(a.token);
    const first = await t.gql(SUBSCRIBE, { s: sub }, a.token);
    expect(await devicesOf(a.user.id)).toHaveLength(1);
    const moved = await t.gql(SUBSCRIBE, { s: sub }, b.token);
    expect(moved.data.subscribePushDevice.id).toBe(first.data.subscribePushDevice.id);
    expect(await devicesOf(a.user.id)).toEqual([]);
    expect(await devicesOf(b.user.id)).toHaveLength(1);
  });

  it("refuses endpoints the server must not post to and malformed keys", async () => {
    const a = await t.createUser();
    const good = ps.subscribe(t.config.push.publicKey);
    for (const endpoint of [
      "http://push.example.com/x",
      "https://10.0.0.1/x",
      "https://localhost/x",
      "http://127.0.0.2:1/x",
      "ftp://push.example.com/x",
      "not a url",
    ]) {
      const r = await t.gql(SUBSCRIBE, { s: { endpoint, keys: good.keys } }, a.token);
      expect(r.errors?.[0].extensions?.code, endpoint).toBe("BAD_USER_INPUT");
    }
    const badKeys = await t.gql(SUBSCRIBE, { s: { endpoint: good.endpoint, keys: { p256dh: "abc", auth: good.keys.auth } } }, a.token);
    expect(badKeys.errors?.[0].message).toBe("This browser's push keys are not valid");
    expect((await t.rest("POST", "/push/devices", { token: a.token, body: { endpoint: good.endpoint } })).status).toBe(400);
    expect(await devicesOf(a.user.id)).toEqual([]);
  });

  it("exports the devices and choices, and account deletion removes them", async () => {
    const password = "my own password";
    const a = await t.createUser({ passwordHash: await hashPassword(password) });
    const { sub } = await device(a.token);
    await t.gql(UPDATE, { s: [{ kind: "MESSAGE", enabled: false }] }, a.token);
    const data = JSON.parse((await t.gql(`{ myDataExport }`, {}, a.token)).data.myDataExport);
    expect(data.push.devices).toEqual([
      { label: "Chrome on Android", endpoint: sub.endpoint, createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(data.push.settings).toContainEqual({ kind: "message", enabled: false });
    expect(JSON.stringify(data)).not.toContain(sub.keys.auth);

    expect((await t.gql(`mutation ($p: String!) { deleteAccount(password: $p) }`, { p: password }, a.token)).data).toEqual({
      deleteAccount: true,
    });
    expect(await devicesOf(a.user.id)).toEqual([]);
    expect((await t.app.services.push.settingsOf(a.user.id)).find((s) => s.kind === "message")?.enabled).toBe(true);
  });

  it("signing out with this browser's endpoint removes that device, only the caller's, over GraphQL and REST", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const one = await device(a.token);
    const two = await device(a.token);
    const theirs = await device(b.token);
    // Someone else's endpoint changes nothing.
    const LOGOUT = `mutation ($e: String) { logout(pushEndpoint: $e) }`;
    expect((await t.gql(LOGOUT, { e: one.sub.endpoint }, b.token)).data).toEqual({ logout: true });
    expect((await devicesOf(a.user.id)).map((d) => d.id).sort()).toEqual([one.id, two.id].sort());
    expect((await devicesOf(b.user.id)).map((d) => d.id)).toEqual([theirs.id]);
    // REST: the device of this browser goes with the session; the student's other device stays.
    expect((await t.rest("POST", "/logout", { token: a.token, body: { pushEndpoint: one.sub.endpoint } })).status).toBe(200);
    expect((await devicesOf(a.user.id)).map((d) => d.id)).toEqual([two.id]);
    // Without a body (older clients): the session ends, nothing else.
    const c = await t.createUser();
    const mine = await device(c.token);
    expect((await t.rest("POST", "/logout", { token: c.token })).status).toBe(200);
    expect((await devicesOf(c.user.id)).map((d) => d.id)).toEqual([mine.id]);
  });

  it("holds the device limit when many browsers subscribe at once", async () => {
    const a = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: MAX_PUSH_DEVICES + 10 }, () => t.gql(SUBSCRIBE, { s: ps.subscribe(t.config.push.publicKey) }, a.token)),
    );
    expect(answers.filter((r) => !r.errors).length).toBe(MAX_PUSH_DEVICES);
    for (const r of answers.filter((r) => r.errors)) expect(r.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(await devicesOf(a.user.id)).toHaveLength(MAX_PUSH_DEVICES);
  });
});
