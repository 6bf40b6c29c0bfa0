import { authorizationHeader } from "../../../lib/auth";
import { API_BASE } from "../../../lib/endpoints";
import { UserFacingError } from "../../../lib/graphql-errors";

/** Sends the picked file to POST /api/upload/image; resolves to the URL to save, or rejects with the server's message. */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("image", file, file.name);
  const authorization = authorizationHeader();
  const res = await fetch(`${API_BASE}/upload/image`, {
    method: "POST",
    body: form,
    headers: authorization ? { authorization } : {},
    signal,
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!res.ok || !body.url) throw new UserFacingError(body.error || "The image could not be uploaded. Please try again.");
  return body.url;
}
