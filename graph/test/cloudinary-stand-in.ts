/**
 * A local stand-in for Cloudinary's upload API on 127.0.0.1, so tests drive the real
 * `cloudinary` package: CLOUDINARY_URL's `upload_prefix` points the SDK here. It checks
 * the request signature exactly as Cloudinary does (SHA-1 of the sorted parameters plus
 * the API secret) and answers with the fields the SDK and our adapter read.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { v2 as cloudinary } from "cloudinary";
import express from "express";
import multer from "multer";

export interface CloudinaryStandIn {
  url: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** CLOUDINARY_URL for the app: cloudinary://key:secret@cloud?upload_prefix=http://127.0.0.1:port */
  cloudinaryUrl: string;
  uploads: Array<{ path: string; params: Record<string, string>; bytes: Buffer | null; signed: boolean }>;
  destroyed: Array<{ params: Record<string, string>; signed: boolean }>;
  /** Answer the next uploads with this status and an error body (0 = answer normally). */
  failWith: number;
  close(): Promise<void>;
}

/** Parameters Cloudinary leaves out of the signature. */
const UNSIGNED = new Set(["file", "api_key", "resource_type", "cloud_name", "signature", "signature_algorithm"]);

export async function startCloudinaryStandIn(
  cloudName = "demo-cloud",
  apiKey = "123456789012345",
  apiSecret = "s3cr3t-stand-in",
): Promise<CloudinaryStandIn> {
  const app = express();
  const upload = multer({ storage: multer.memoryStorage() }).any();
  const signedOk = (params: Record<string, string>) => {
    const toSign = Object.fromEntries(Object.entries(params).filter(([k]) => !UNSIGNED.has(k)));
    return params.api_key === apiKey && params.signature === cloudinary.utils.api_sign_request(toSign, apiSecret);
  };
  const state: CloudinaryStandIn = {
    url: "",
    cloudName,
    apiKey,
    apiSecret,
    cloudinaryUrl: "",
    uploads: [],
    destroyed: [],
    failWith: 0,
    close: async () => {},
  };
  app.post(`/v1_1/${cloudName}/image/upload`, upload, (req, res) => {
    const params = req.body as Record<string, string>;
    const file = (req.files as Express.Multer.File[] | undefined)?.find((f) => f.fieldname === "file");
    const signed = signedOk(params);
    state.uploads.push({ path: req.path, params, bytes: file?.buffer ?? null, signed });
    if (state.failWith) return void res.status(state.failWith).json({ error: { message: "Stand-in refused the upload" } });
    if (!signed) return void res.status(401).json({ error: { message: "Invalid Signature" } });
    const version = 1_700_000_000;
    res.json({
      asset_id: "stand-in",
      public_id: params.public_id,
      version,
      format: "png",
      resource_type: "image",
      type: "upload",
      bytes: file?.size ?? 0,
      url: `http://res.cloudinary.com/${cloudName}/image/upload/v${version}/${params.public_id}.png`,
      secure_url: `https://res.cloudinary.com/${cloudName}/image/upload/v${version}/${params.public_id}.png`,
    });
  });
  app.post(`/v1_1/${cloudName}/image/destroy`, upload, (req, res) => {
    const params = req.body as Record<string, string>;
    state.destroyed.push({ params, signed: signedOk(params) });
    res.json({ result: "ok" });
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;
  state.cloudinaryUrl = `cloudinary://${apiKey}:${apiSecret}@${cloudName}?upload_prefix=${encodeURIComponent(state.url)}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
