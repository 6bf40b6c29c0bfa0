import type { NotificationFieldsFragment, NotificationType } from "../../../gql/graphql";

export type NotificationAction = "accept" | "reject" | "pay" | "profile" | "chat" | "ok";
type Tone = "neutral" | "accent" | "success" | "warning" | "danger";

export interface Kind {
  label: string;
  tone: Tone;
  /** The card's headline after the notifier's name. */
  headline: string;
  actions: NotificationAction[];
}

/** One entry per notification type of spec section 4: how its card reads and what it offers (others: FALLBACK). */
const KINDS: Partial<Record<NotificationType, Kind>> = {
  SWAP_REQUEST: {
    label: "Swap request",
    tone: "accent",
    headline: "wants to swap skills with you",
    actions: ["accept", "reject", "profile"],
  },
  PAY_REQUEST: {
    label: "Pay request",
    tone: "accent",
    headline: "wants to learn from you with skill coins",
    actions: ["accept", "reject", "profile"],
  },
  ACCEPTED_PAY: { label: "Ready to pay", tone: "warning", headline: "accepted your pay request", actions: ["pay", "reject", "profile"] },
  SWAP_ACCEPT: { label: "Accepted", tone: "success", headline: "accepted your swap request: your chat is open", actions: ["ok", "chat"] },
  SWAP_REJECT: { label: "Rejected", tone: "danger", headline: "rejected your request", actions: ["ok"] },
  // The card leads to the pair's one chat: opened by the accept, or one they had before (the message says when that
  // one has ended and takes no new messages; it still holds their history).
  ACCEPT_IMPLEMENT_USER: {
    label: "Project",
    tone: "success",
    headline: "accepted you on their project",
    actions: ["ok", "chat", "profile"],
  },
  REJECT_IMPLEMENT_USER: { label: "Project", tone: "danger", headline: "did not accept you on their project", actions: ["ok", "profile"] },
  SUCCESS_FINISH: { label: "Completed", tone: "success", headline: "finished the course with you", actions: ["ok", "profile"] },
  // Both students get one; the notifier is the other one, whose profile offers a new request.
  REQUEST_EXPIRED: { label: "Expired", tone: "warning", headline: "and you: the request expired", actions: ["ok", "profile"] },
  ACCEPTANCE_WITHDRAWN: {
    label: "Withdrawn",
    tone: "danger",
    headline: "withdrew their acceptance of your pay request",
    actions: ["ok", "profile"],
  },
};

const FALLBACK: Kind = { label: "Notice", tone: "neutral", headline: "sent you a notification", actions: ["ok"] };

export function kindOf(n: Pick<NotificationFieldsFragment, "type" | "dismissible" | "skillCoins">): Kind {
  let k = KINDS[n.type] ?? FALLBACK;
  // The teacher's swap-accept after a learner paid.
  if (n.type === "SWAP_ACCEPT" && n.skillCoins) k = { ...k, label: "Paid", headline: "paid for your course: your chat is open" };
  // Whatever the server says can be acknowledged gets an Ok, and nothing else does.
  const answers: NotificationAction[] = ["accept", "reject", "pay"];
  const actions: NotificationAction[] = n.dismissible ? k.actions.filter((a) => !answers.includes(a)) : k.actions.filter((a) => a !== "ok");
  return { ...k, actions: n.dismissible && !actions.includes("ok") ? [...actions, "ok"] : actions };
}
