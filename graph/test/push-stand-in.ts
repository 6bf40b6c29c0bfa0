/**
 * A local stand-in for a browser's push service (RFC 8030) on 127.0.0.1, so tests drive the real
 * `web-push` request path end to end. It makes subscriptions as a browser would (a P-256 key pair
 * and a 16-byte auth secret per subscription, node:crypto ECDH), and for every push it checks what
 * a real push service checks: POST with a TTL header and `Content-Encoding: aes128gcm`, a VAPID
 * `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: an ES256 JWT verified with `jose` against
 * `k`, audience the endpoint's origin, expiring within 24 hours, with a subject, and `k` the
 * application server key the subscription was made for), then decrypts the RFC 8291 payload with
 * `http_ece` and the subscription's private key and auth secret. Answers 201 unless the test
 * scripted another status (404, 410, 429, 500, ...) for that subscription's next pushes.
 */
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as ece from "http_ece";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface StandInPush {
  /** The subscription's id (the endpoint's last segment). */
  id: string;
  status: number;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  /** The decrypted payload, parsed as JSON (only for accepted pushes). */
  payload: unknown;
  /** Why the stand-in refused it (a protocol fault), else null. */
  fault: string | null;
  claims: { aud: string; exp: number; sub: string } | null;
}

interface Scripted {
  status: number;
  retryAfter?: string;
}

export interface PushStandIn {
  url: string;
  /** A new browser subscription for the application server key `applicationServerKey` (base64url). */
  subscribe(applicationServerKey: string): StandInSubscription;
  /** The next pushes to this subscription answer these statuses in order (then 201 again). */
  script(subscription: StandInSubscription, ...answers: Array<number | Scripted>): void;
  /** Every request received, in order. */
  pushes: StandInPush[];
  /** The accepted pushes' payloads for one subscription. */
  delivered(subscription: StandInSubscription): unknown[];
  close(): Promise<void>;
}

const MAX_JWT_LIFETIME_S = 24 * 60 * 60;

export async function startPushStandIn(): Promise<PushStandIn> {
  const subs = new Map<string, { ecdh: ECDH; auth: string; serverKey: string; answers: Scripted[] }>();
  const pushes: StandInPush[] = [];
  let url = "";

  const server: Server = createServer((req, res) => {
    void handle(req).then(
      ({ status, headers }) => {
        res.writeHead(status, headers);
        res.end();
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });

  async function handle(req: IncomingMessage): Promise<{ status: number; headers?: Record<string, string> }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    const record: StandInPush = {
      id,
      status: 0,
      ttl: Number(req.headers.ttl),
      topic: (req.headers.topic as string | undefined) ?? null,
      urgency: (req.headers.urgency as string | undefined) ?? null,
      payload: null,
      fault: null,
      claims: null,
    };
    pushes.push(record);
    const answer = (status: number, fault: string | null = null, headers?: Record<string, string>) => {
      record.status = status;
      record.fault = fault;
      return { status, headers };
    };
    const sub = subs.get(id);
    if (req.method !== "POST") return answer(405, "not a POST");
    if (!sub) return answer(404, "no such subscription");
    if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) return answer(400, "TTL header missing");
    if (req.headers["content-encoding"] !== "aes128gcm") return answer(415, "not aes128gcm");
    // RFC 8292: Authorization: vapid t=<JWT>, k=<application server key>
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ""));
    if (!auth) return answer(401, "no VAPID authorization");
    const [, token, k] = auth;
    if (k !== sub.serverKey) return answer(403, "key is not the subscription's application server key");
    try {
      if (decodeProtectedHeader(token).alg !== "ES256") return answer(401, "not ES256");
      const raw = Buffer.from(k, "base64url");
      const key = await importJWK(
        { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
        "ES256",
      );
      const { payload } = await jwtVerify(token, key, { audience: new URL(url).origin, algorithms: ["ES256"] });
      if (typeof payload.exp !== "number" || payload.exp > Math.floor(Date.now() / 1000) + MAX_JWT_LIFETIME_S) {
        return answer(401, "exp missing or more than 24 hours ahead");
      }
      if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub)) return answer(401, "sub missing");
      record.claims = { aud: String(payload.aud), exp: payload.exp, sub: payload.sub };
    } catch (err) {
      return answer(401, `JWT refused: ${(err as Error).message}`);
    }
    let plaintext: Buffer;
    try {
      plaintext = ece.decrypt(body, { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth });
    } catch (err) {
      return answer(400, `payload does not decrypt: ${(err as Error).message}`);
    }
    const scripted = sub.answers.shift();
    if (scripted && scripted.status !== 201) {
      return answer(scripted.status, null, scripted.retryAfter ? { "retry-after": scripted.retryAfter } : undefined);
    }
    record.payload = JSON.parse(plaintext.toString("utf8"));
    return answer(201, null, { location: `${url}/message/${randomBytes(8).toString("hex")}` });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    pushes,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = randomBytes(12).toString("hex");
      const auth = randomBytes(16).toString("base64url");
      subs.set(id, { ecdh, auth, serverKey: applicationServerKey, answers: [] });
      return { endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
    },
    script(subscription, ...answers) {
      const id = subscription.endpoint.split("/").pop()!;
      subs.get(id)!.answers.push(...answers.map((a) => (typeof a === "number" ? { status: a } : a)));
    },
    delivered(subscription) {
      const id = subscription.endpoint.split("/").pop()!;
      return pushes.filter((p) => p.id === id && p.status === 201).map((p) => p.payload);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
