/** GraphQL documents and a device helper shared by the Web Push suites (push.test.ts, push-devices.test.ts). */
import { expect } from "vitest";
import { type DbTarget, startTestApp, type TestApp } from "../../../test/harness.js";
import { type PushStandIn, type StandInSubscription, startPushStandIn } from "../../../test/push-stand-in.js";

export const KEY = `{ pushPublicKey }`;
export const SUBSCRIBE = `mutation ($s: PushSubscriptionInput!) { subscribePushDevice(subscription: $s) { id label endpoint createdAt lastUsedAt } }`;
export const DEVICES = `{ pushDevices { edges { node { id label endpoint lastUsedAt } } pageInfo { hasNextPage } } }`;
export const REMOVE = `mutation ($id: ID!) { removePushDevice(id: $id) }`;
export const SETTINGS = `{ notificationPushSettings { id kind enabled label } }`;
export const UPDATE = `mutation ($s: [NotificationPushSettingInput!]!) { updateNotificationPushSettings(settings: $s) { kind enabled } }`;
export const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** A browser of `token`'s student subscribes at the stand-in and registers with the server. */
export async function registerDevice(t: TestApp, ps: PushStandIn, token: string): Promise<{ sub: StandInSubscription; id: string }> {
  const key = (await t.gql(KEY)).data.pushPublicKey as string;
  const sub = ps.subscribe(key);
  const r = await t.gql(SUBSCRIBE, { s: { ...sub, userAgent: ANDROID_CHROME } }, token);
  expect(r.errors).toBeUndefined();
  return { sub, id: r.data.subscribePushDevice.id };
}

/** A test app that may post to the local push stand-in, and that stand-in; `close` ends both. */
export async function startPushApp(target: DbTarget): Promise<{ t: TestApp; ps: PushStandIn; close: () => Promise<void> }> {
  const ps = await startPushStandIn();
  const t = await startTestApp(target, { env: { PUSH_LOCAL_ENDPOINTS: "on" } });
  return {
    t,
    ps,
    close: async () => {
      await t.close();
      await ps.close();
    },
  };
}
