/**
 * A local stand-in for Cloudinary's upload API on 127.0.0.1, so tests drive the real
 * `cloudinary` package: CLOUDINARY_URL's `upload_prefix` points the SDK here. It checks
 * the request signature exactly as Cloudinary does (SHA-1 of the sorted parameters plus
 * the API secret) and answers with the fields the SDK and our adapter read.
 */
import fastifyMultipart from "@fastify/multipart";
import { v2 as cloudinary } from "cloudinary";
import Fastify, { type FastifyRequest } from "fastify";

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
  const app = Fastify();
  await app.register(fastifyMultipart);
  // The SDK posts multipart/form-data (a url-encoded form when there is no file): its fields, and the file named `file`.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const upload = async (req: FastifyRequest): Promise<{ params: Record<string, string>; file: Buffer | null }> => {
    if (!req.isMultipart()) return { params: (req.body ?? {}) as Record<string, string>, file: null };
    const params: Record<string, string> = {};
    let file: Buffer | null = null;
    for await (const part of req.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "file") file = bytes;
      } else {
        params[part.fieldname] = String(part.value);
      }
    }
    return { params, file };
  };
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
  app.post(`/v1_1/${cloudName}/image/upload`, async (req, reply) => {
    const { params, file } = await upload(req);
    const signed = signedOk(params);
    state.uploads.push({ path: req.url.split("?")[0], params, bytes: file, signed });
    if (state.failWith) return reply.code(state.failWith).send({ error: { message: "Stand-in refused the upload" } });
    if (!signed) return reply.code(401).send({ error: { message: "Invalid Signature" } });
    const version = 1_700_000_000;
    return {
      asset_id: "stand-in",
      public_id: params.public_id,
      version,
      format: "png",
      resource_type: "image",
      type: "upload",
      bytes: file?.length ?? 0,
      url: `http://res.cloudinary.com/${cloudName}/image/upload/v${version}/${params.public_id}.png`,
      secure_url: `https://res.cloudinary.com/${cloudName}/image/upload/v${version}/${params.public_id}.png`,
    };
  });
  app.post(`/v1_1/${cloudName}/image/destroy`, async (req) => {
    const { params } = await upload(req);
    state.destroyed.push({ params, signed: signedOk(params) });
    return { result: "ok" };
  });
  state.url = await app.listen({ port: 0, host: "127.0.0.1" });
  state.cloudinaryUrl = `cloudinary://${apiKey}:${apiSecret}@${cloudName}?upload_prefix=${encodeURIComponent(state.url)}`;
  state.close = () => app.close();
  return state;
}
