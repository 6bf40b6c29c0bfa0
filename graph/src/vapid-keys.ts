/** Web Push's VAPID key pair: its format, a new pair, and the embedded default's pair kept under DATA_DIR. */
import { createECDH } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Whether `v` is base64url of exactly `bytes` bytes. */
export function isBase64Url(v: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, "base64url").length === bytes;
}

/** A new VAPID key pair (P-256), base64url as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take them. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // The private scalar can come out shorter than 32 bytes; the key format wants exactly 32.
  const priv = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString("base64url"),
  };
}

/** The embedded default: one VAPID key pair generated on first start and kept under DATA_DIR. */
export function vapidKeysIn(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600 });
  const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
