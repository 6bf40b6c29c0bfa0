import { fileTypeFromBuffer } from "file-type";
import { checkImageFile, type ImageMime } from "../../../../common/profiles.js";
import { badInput } from "../../shared/errors.js";
import type { ImageType } from "../../shared/storage.js";

const STORED_AS: Record<ImageMime, ImageType> = {
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
  // The form's rules (common/profiles.ts), with the type read from the content: size first, then type.
  const mime = bytes?.length ? ((await fileTypeFromBuffer(bytes))?.mime ?? "") : "";
  const problem = checkImageFile({ size: bytes?.length ?? 0, type: mime });
  if (problem) throw badInput(problem.message);
  return STORED_AS[mime as ImageMime];
}
