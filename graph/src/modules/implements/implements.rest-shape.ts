import { OTHER_REASON, REJECTION_REASONS } from "../../../../common/implements.js";
import type { KitServices } from "../../kit/context.js";
import type { ImplementPost } from "./implement-posts.service.js";
import { isRejected } from "./implement.rules.js";

/**
 * The spec's implement record: `_id`, `owner`, `visible`, `details` {`_id`, `title`,
 * `description`, `rejectedUsers` [{user}], `acceptedUsers` [{user, userName, description,
 * status pending|accepted}]}. The owner sees every applicant; anyone else only their own
 * entry, and `status` carries their own application's status (null before they ask).
 */
export interface ImplementRecord {
  _id: string;
  owner: string;
  ownerName: string;
  visible: boolean;
  status: string | null;
  details: {
    _id: string;
    title: string;
    description: string;
    createdAt: string;
    rejectedUsers: Array<{ user: string; userName: string; reason: string | null; permanent: boolean }>;
    acceptedUsers: Array<{ user: string; userName: string; description: string; status: string }>;
  };
}

/** Records for `viewerId`, in the posts' order: three statements for any number of posts. */
export async function implementRecords(services: KitServices, viewerId: string, posts: ImplementPost[]): Promise<ImplementRecord[]> {
  const [visible, owners] = await Promise.all([
    services.implementApplicants.visibleTo(viewerId, posts),
    services.users.summaries(posts.map((p) => p.ownerId)),
  ]);
  return posts.map((post) => {
    const own = post.ownerId === viewerId;
    const shown = visible.get(post.id) ?? [];
    const mineHere = own ? undefined : shown[0];
    return {
      _id: post.id,
      owner: post.ownerId,
      ownerName: owners.get(post.ownerId)?.name ?? "Former student",
      visible: post.visible,
      status: own ? null : (mineHere?.status ?? null),
      details: {
        _id: post.id,
        title: post.title,
        description: post.description,
        createdAt: post.createdAt.toISOString(),
        rejectedUsers: shown
          .filter((a) => isRejected(a.status))
          .map((a) => ({ user: a.userId, userName: a.userName, reason: a.reason, permanent: a.status === "rejected_permanently" })),
        acceptedUsers: shown
          .filter((a) => !isRejected(a.status))
          .map((a) => ({ user: a.userId, userName: a.userName, description: a.description, status: a.status })),
      },
    };
  });
}

/**
 * The old client sent the rejection reason as text (a listed reason or the Other text);
 * `reason: "Other"` with `otherReason` is accepted too.
 */
export function restRejectReason(body: { reason?: unknown; otherReason?: unknown }): { reason: unknown; otherReason: unknown } {
  const reason = typeof body.reason === "string" ? body.reason.trim() : body.reason;
  if (typeof reason !== "string" || reason === "" || reason === OTHER_REASON) return { reason, otherReason: body.otherReason };
  if ((REJECTION_REASONS as readonly string[]).includes(reason)) return { reason, otherReason: null };
  return { reason: OTHER_REASON, otherReason: reason };
}

/** `visibility` as the old client sent it: a boolean or "true"/"false". */
export function parseVisibility(raw: unknown): unknown {
  if (raw === "true") return true;
  if (raw === "false") return false;
  return raw;
}
