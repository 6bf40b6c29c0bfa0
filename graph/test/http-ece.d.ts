/** http_ece ships no types: the one call the push stand-in makes (RFC 8188 / RFC 8291 decryption). */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
}
