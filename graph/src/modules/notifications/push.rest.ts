import { PUSH_KIND_LABELS, PUSH_MESSAGES } from "../../../../common/notifications.js";
import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { z } from "../../kit/zod-openapi.js";
import { badInput } from "../../shared/errors.js";
import type { PushDeviceView, PushSettingView } from "./push.service.js";

const tag = "notifications";

const Device = z
  .object({
    id: z.string(),
    label: z.string().describe('What the browser called itself, e.g. "Chrome on Android".'),
    endpoint: z.string().describe("The push service address: a page compares it with its own subscription's to find itself."),
    createdAt: z.string().describe("ISO instant push was turned on."),
    lastUsedAt: z.string().nullable().describe("The last push its push service accepted; null before the first."),
  })
  .openapi("PushDevice");

const SettingsAnswer = z.object({
  error: z.literal(""),
  settings: z.array(z.object({ kind: z.string(), label: z.string(), enabled: z.boolean() })),
});

const toDevice = (d: PushDeviceView) => ({
  id: d.id,
  label: d.label,
  endpoint: d.endpoint,
  createdAt: d.createdAt.toISOString(),
  lastUsedAt: d.lastUsedAt ? d.lastUsedAt.toISOString() : null,
});
const toSettings = (list: PushSettingView[]) => ({
  error: "" as const,
  settings: list.map((s) => ({ kind: s.kind, label: PUSH_KIND_LABELS[s.kind], enabled: s.enabled })),
});

/** Web Push over REST, the same service as GraphQL: the VAPID key, the caller's devices and their per-kind push choices. */
export function pushRest(services: KitServices, r: RestRoutes): void {
  const push = services.push;

  r.get(
    "/push/public-key",
    route(
      services,
      {
        tag,
        summary: "The VAPID public key browsers subscribe with (applicationServerKey, base64url)",
        auth: "none",
        response: z.object({ publicKey: z.string() }),
      },
      async () => ({ publicKey: push.publicKey() }),
    ),
  );

  r.get(
    "/push/devices",
    route(
      services,
      {
        tag,
        summary: "The caller's devices with push on, newest first (only the owner's)",
        auth: "bearer",
        response: z.object({ error: z.literal(""), devices: z.array(Device) }),
      },
      async (_req, ctx) => ({ error: "" as const, devices: (await push.devicesOf(requireUser(ctx).id)).map(toDevice) }),
    ),
  );

  r.post(
    "/push/devices",
    route(
      services,
      {
        tag,
        summary: "Turn push on for this browser: its PushSubscription.toJSON()",
        description:
          "The same endpoint again refreshes its keys; an endpoint another student had subscribed moves to the caller. The device's label comes from the request's User-Agent.",
        auth: "bearer",
        body: z.object({
          endpoint: z.string().describe("The push service URL (https, on a named host)."),
          keys: z.object({ p256dh: z.string().describe("base64url, 65 bytes."), auth: z.string().describe("base64url, 16 bytes.") }),
        }),
        response: z.object({ error: z.literal(""), device: Device }),
        responses: { 201: "Subscribed.", 409: "Push is on for 20 devices already." },
      },
      async (req, ctx, res, { body }) => {
        const device = await push.subscribe(requireUser(ctx).id, body, req.headers["user-agent"]);
        res.status(201);
        return { error: "" as const, device: toDevice(device) };
      },
    ),
  );

  r.delete(
    "/push/devices/:id",
    route(
      services,
      {
        tag,
        summary: "Turn push off for one of the caller's devices",
        auth: "bearer",
        params: z.object({ id: z.string().describe("The device's id.") }),
        response: z.object({ error: z.literal("") }),
        responses: { 404: "Not one of the caller's devices." },
      },
      async (_req, ctx, _res, { params }) => {
        await push.removeDevice(requireUser(ctx).id, params.id);
        return { error: "" as const };
      },
    ),
  );

  r.get(
    "/push/settings",
    route(
      services,
      { tag, summary: "Whether each kind of notification is pushed to the caller's devices", auth: "bearer", response: SettingsAnswer },
      async (_req, ctx) => toSettings(await push.settingsOf(requireUser(ctx).id)),
    ),
  );

  r.put(
    "/push/settings",
    route(
      services,
      {
        tag,
        summary: "Turn push on or off for some kinds of notification",
        description:
          "Body: `{ settings: { <kind>: true | false, ... } }` or `{ settings: [{ kind, enabled }] }`; kinds not named keep their setting.",
        auth: "bearer",
        body: z
          .object({ settings: z.unknown().describe("What to change, as an object by kind or a list of { kind, enabled }.") })
          .passthrough(),
        response: SettingsAnswer,
      },
      async (req, ctx) => {
        const raw: unknown = (req.body as { settings?: unknown } | undefined)?.settings;
        const changes = Array.isArray(raw)
          ? (raw as Array<{ kind: unknown; enabled: unknown }>)
          : raw && typeof raw === "object"
            ? Object.entries(raw).map(([kind, enabled]) => ({ kind, enabled }))
            : null;
        if (!changes) throw badInput(PUSH_MESSAGES.badKind);
        return toSettings(await push.update(requireUser(ctx).id, changes));
      },
    ),
  );
}
