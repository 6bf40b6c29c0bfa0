/**
 * Where profile images live. Local files under DATA_DIR/uploads by default (served at
 * /uploads by server/uploads.ts); Cloudinary when CLOUDINARY_URL is set. Callers validate
 * the bytes first (profiles/images.ts); a storage only keeps them.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { v2 as CloudinaryV2 } from "cloudinary";
import type { Config } from "../config.js";
import { lazyRequire } from "./lazy-require.js";
import type * as Cloudinary from "cloudinary";

/** The Cloudinary SDK, loaded by the first Cloudinary storage (only when CLOUDINARY_URL is set). */
const sdk = (): typeof CloudinaryV2 => (lazyRequire("cloudinary") as typeof Cloudinary).v2;

export interface ImageType {
  /** svg only for pictures the server draws itself (demo avatars); uploads are byte-checked rasters. */
  ext: "png" | "jpg" | "webp" | "gif" | "svg";
  mime: string;
}

export interface Storage {
  readonly kind: "local" | "cloudinary";
  /** Keeps an image under the owner's id; returns the URL a profile saves as `image`. */
  putImage(ownerId: string, bytes: Buffer, type: ImageType): Promise<string>;
  /** True when `url` is an image this storage keeps for `ownerId`: a profile may point only at those. */
  ownsImage(url: string, ownerId: string): boolean;
  /** Removes a replaced image. Best effort: a failure leaves an orphan, never breaks the caller. */
  remove(url: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif|svg)$/;

function assertSafeOwner(ownerId: string) {
  // Ids become path segments: nothing but UUID characters may reach the file system.
  if (!SAFE_ID.test(ownerId)) throw new Error("unsafe owner id for storage");
}

export class LocalStorage implements Storage {
  readonly kind = "local" as const;
  static readonly URL_PREFIX = "/uploads";

  constructor(readonly root: string) {}

  async putImage(ownerId: string, bytes: Buffer, type: ImageType): Promise<string> {
    assertSafeOwner(ownerId);
    const dir = path.join(this.root, ownerId);
    await mkdir(dir, { recursive: true });
    // A fresh name per upload: the URL can be cached forever and never changes meaning.
    const name = `${randomBytes(16).toString("hex")}.${type.ext}`;
    await writeFile(path.join(dir, name), bytes, { flag: "wx" });
    return `${LocalStorage.URL_PREFIX}/${ownerId}/${name}`;
  }

  private fileOf(url: string): { ownerId: string; file: string } | null {
    const m = /^\/uploads\/([^/]+)\/([^/]+)$/.exec(url);
    if (!m || !SAFE_ID.test(m[1]) || !FILE_NAME.test(m[2])) return null;
    return { ownerId: m[1], file: path.join(this.root, m[1], m[2]) };
  }

  ownsImage(url: string, ownerId: string): boolean {
    const f = this.fileOf(url);
    return f !== null && f.ownerId === ownerId && existsSync(f.file);
  }

  async remove(url: string): Promise<void> {
    const f = this.fileOf(url);
    if (f) await unlink(f.file).catch(() => undefined);
  }
}

interface CloudinaryAccount {
  cloud_name: string;
  api_key: string;
  api_secret: string;
  upload_prefix?: string;
  secure_distribution?: string;
}

/** `cloudinary://key:secret@cloud?upload_prefix=...`, the format the SDK documents. */
export function parseCloudinaryUrl(raw: string): CloudinaryAccount {
  const u = new URL(raw);
  if (u.protocol !== "cloudinary:" || !u.hostname || !u.username || !u.password) {
    throw new Error("CLOUDINARY_URL must look like cloudinary://api_key:api_secret@cloud_name");
  }
  const account: CloudinaryAccount = {
    cloud_name: u.hostname,
    api_key: decodeURIComponent(u.username),
    api_secret: decodeURIComponent(u.password),
  };
  const prefix = u.searchParams.get("upload_prefix");
  if (prefix) account.upload_prefix = prefix.replace(/\/$/, "");
  if (u.pathname && u.pathname !== "/") account.secure_distribution = u.pathname.slice(1);
  return account;
}

interface UploadResult {
  public_id: string;
  secure_url: string;
}

/**
 * Cloudinary through its SDK. The account goes with every call instead of the SDK's global
 * config, so two storages (or a test's stand-in) never share settings. The SDK picks
 * http or https once, when it is loaded, from the environment; an `http:` upload_prefix
 * (a local stand-in) therefore gets an http agent passed explicitly.
 */
export class CloudinaryStorage implements Storage {
  readonly kind = "cloudinary" as const;
  static readonly FOLDER = "skill-exchange";
  private readonly account: CloudinaryAccount;
  private readonly agent?: http.Agent;

  constructor(url: string) {
    this.account = parseCloudinaryUrl(url);
    if (this.account.upload_prefix?.startsWith("http:")) this.agent = new http.Agent({ keepAlive: false });
  }

  private options(extra: Record<string, unknown>) {
    return { ...this.account, ...(this.agent ? { agent: this.agent } : {}), timeout: 30_000, ...extra };
  }

  putImage(ownerId: string, bytes: Buffer, _type: ImageType): Promise<string> {
    assertSafeOwner(ownerId);
    const publicId = `${CloudinaryStorage.FOLDER}/${ownerId}/${randomBytes(12).toString("hex")}`;
    return new Promise<string>((resolve, reject) => {
      const stream = sdk().uploader.upload_stream(
        this.options({ public_id: publicId, resource_type: "image", overwrite: false }),
        (error, result) => {
          if (error || !result) return reject(new Error(`Cloudinary upload failed: ${error?.message ?? "no result"}`));
          const r = result as unknown as UploadResult;
          if (typeof r.secure_url !== "string" || !r.secure_url.startsWith("https://")) {
            return reject(new Error("Cloudinary answered without a secure_url"));
          }
          resolve(r.secure_url);
        },
      );
      stream.end(bytes);
    });
  }

  /** The public id inside a delivery URL: .../image/upload/[v123/]<public_id>.<ext> */
  private publicIdOf(url: string): string | null {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return null;
    }
    if (u.protocol !== "https:") return null;
    const m = /\/image\/upload\/(?:v\d+\/)?(.+?)(?:\.[a-z0-9]+)?$/i.exec(u.pathname);
    return m ? decodeURIComponent(m[1]) : null;
  }

  ownsImage(url: string, ownerId: string): boolean {
    const id = this.publicIdOf(url);
    if (!id) return false;
    const host = new URL(url).host;
    const hostOk =
      host === "res.cloudinary.com" || (this.account.secure_distribution !== undefined && host === this.account.secure_distribution);
    const cloudOk = new URL(url).pathname.startsWith(`/${this.account.cloud_name}/`) || host === this.account.secure_distribution;
    return hostOk && cloudOk && new RegExp(`^${CloudinaryStorage.FOLDER}/${ownerId}/[a-f0-9]{24}$`).test(id);
  }

  async remove(url: string): Promise<void> {
    const id = this.publicIdOf(url);
    if (!id?.startsWith(`${CloudinaryStorage.FOLDER}/`)) return;
    // The SDK's types list only the destroy options; the account options are accepted too.
    const options = this.options({ resource_type: "image", invalidate: true }) as unknown as { resource_type: "image" };
    await sdk()
      .uploader.destroy(id, options)
      .catch(() => undefined);
  }
}

export function createStorage(config: Pick<Config, "cloudinaryUrl" | "dataDir">): Storage {
  return config.cloudinaryUrl ? new CloudinaryStorage(config.cloudinaryUrl) : new LocalStorage(path.join(config.dataDir, "uploads"));
}
