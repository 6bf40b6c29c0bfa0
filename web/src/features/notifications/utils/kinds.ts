import type { NotificationFieldsFragment } from "../../../gql/graphql";

export type NotificationAction = "accept" | "reject" | "pay" | "profile" | "chat" | "ok";
type Tone = "neutral" | "accent" | "success" | "warning" | "danger";

export interface Kind {
  label: string;
  tone: Tone;
  /** The card's headline after the notifier's name. */
  headline: string;
  actions: NotificationAction[];
}

/** One entry per notification type of spec section 4: how its card reads and what it offers. */
const KINDS: Record<string, Kind> = {
  "swap-request": { label: "Swap request", tone: "accent", headline: "wants to swap skills with you", actions: ["accept", "reject", "profile"] },
  "pay-request": { label: "Pay request", tone: "accent", headline: "wants to learn from you with skill coins", actions: ["accept", "reject", "profile"] },
  "Accepted-Pay": { label: "Ready to pay", tone: "warning", headline: "accepted your pay request", actions: ["pay", "reject", "profile"] },
  "swap-accept": { label: "Accepted", tone: "success", headline: "accepted your swap request: your chat is open", actions: ["ok", "chat"] },
  "swap-reject": { label: "Rejected", tone: "danger", headline: "rejected your request", actions: ["ok"] },
  acceptImplementUser: { label: "Project", tone: "success", headline: "accepted you on their project", actions: ["ok", "profile"] },
  rejectImplementUser: { label: "Project", tone: "danger", headline: "did not accept you on their project", actions: ["ok", "profile"] },
  "success-Finish": { label: "Completed", tone: "success", headline: "finished the course with you", actions: ["ok", "profile"] },
  // Both students get one; the notifier is the other one, whose profile offers a new request.
  "request-expired": { label: "Expired", tone: "warning", headline: "and you: the request expired unanswered", actions: ["ok", "profile"] },
};

const FALLBACK: Kind = { label: "Notice", tone: "neutral", headline: "sent you a notification", actions: ["ok"] };

export function kindOf(n: Pick<NotificationFieldsFragment, "type" | "dismissible" | "skillCoins">): Kind {
  let k = KINDS[n.type] ?? FALLBACK;
  // The teacher's swap-accept after a learner paid.
  if (n.type === "swap-accept" && n.skillCoins) k = { ...k, label: "Paid", headline: "paid for your course: your chat is open" };
  // Whatever the server says can be acknowledged gets an Ok, and nothing else does.
  const answers: NotificationAction[] = ["accept", "reject", "pay"];
  const actions: NotificationAction[] = n.dismissible ? k.actions.filter((a) => !answers.includes(a)) : k.actions.filter((a) => a !== "ok");
  return { ...k, actions: n.dismissible && !actions.includes("ok") ? [...actions, "ok"] : actions };
}

const DATE = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
export const formatWhen = (iso: string) => DATE.format(new Date(iso));
