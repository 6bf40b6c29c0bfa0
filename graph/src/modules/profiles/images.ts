import { fileTypeFromBuffer } from "file-type";
import { MAX_IMAGE_BYTES, PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { badInput } from "../../shared/errors.js";
import type { ImageType } from "../../shared/storage.js";

const ALLOWED: Record<string, ImageType> = {
  "image/png": { ext: "png", mime: "image/png" },
  "image/jpeg": { ext: "jpg", mime: "image/jpeg" },
  "image/webp": { ext: "webp", mime: "image/webp" },
  "image/gif": { ext: "gif", mime: "image/gif" },
};

/**
 * Decides by the bytes, never by the name or the declared type: a renamed text file or
 * an SVG (which can carry script) is refused. Returns the type the file is stored as.
 */
export async function checkImage(bytes: Buffer | null | undefined): Promise<ImageType> {
  if (!bytes || bytes.length === 0) throw badInput(PROFILE_MESSAGES.imageType);
  if (bytes.length > MAX_IMAGE_BYTES) throw badInput(PROFILE_MESSAGES.imageSize);
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected && ALLOWED[detected.mime];
  if (!type) throw badInput(PROFILE_MESSAGES.imageType);
  return type;
}
