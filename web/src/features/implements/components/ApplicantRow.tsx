import { useApolloClient, useMutation } from "@apollo/client/react";
import { useState } from "react";
import { Avatar } from "../../../components/ui/Avatar";
import { Badge } from "../../../components/ui/Badge";
import { Button, ButtonLink } from "../../../components/ui/Button";
import {
  type ImplementRejectionReason,
  type MyImplementPostsQuery,
  AcceptImplementApplicantDocument,
  PairChatStatusDocument,
  RejectImplementApplicantDocument,
  RejectImplementApplicantPermanentlyDocument,
} from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import { STATUS_LABEL, STATUS_TONE } from "../utils/rules";
import { RejectDialog } from "./RejectDialog";
import styles from "./ApplicantRow.module.css";
import parts from "./implements.module.css";
import { errorText } from "../../../lib/graphql-errors";
import { paths } from "../../../lib/paths";
import { Link } from "react-router";
import type { Viewer } from "./WithViewer";
import type { ActionFeedbackState } from "../../../lib/use-action-feedback";

type Applicant = MyImplementPostsQuery["myImplementPosts"]["edges"][number]["node"]["applicants"]["edges"][number]["node"];

/** Reasons longer than this start folded to a few lines, with Show more. */
const FOLD_AFTER_CHARS = 280;

export interface ApplicantRowProps {
  postId: string;
  applicant: Applicant;
  /** Where the decisions' answers show (the post's bar, at the bottom of the screen). */
  answer: ActionFeedbackState;
  /** The owner, whose profile links carry their id and gender. */
  viewer: Viewer;
}

/** One applicant on Your Problems: name, reason to join, status, and the owner's decisions. */
export function ApplicantRow({ postId, applicant, answer, viewer }: ApplicantRowProps) {
  const { status } = applicant;
  const input = { postId, userId: applicant.userId };
  const [accept] = useMutation(AcceptImplementApplicantDocument);
  const client = useApolloClient();
  const [reject] = useMutation(RejectImplementApplicantDocument);
  const [rejectForever] = useMutation(RejectImplementApplicantPermanentlyDocument);
  const [dialog, setDialog] = useState<null | "once" | "permanent">(null);
  const [accepting, setAccepting] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const name = applicant.user.name || applicant.userName;
  const foldable = applicant.description.length > FOLD_AFTER_CHARS;
  const textId = `applicant-${postId}-${applicant.userId}`;

  const onAccept = async () => {
    if (accepting) return;
    answer.clear();
    setAccepting(true);
    try {
      await accept({ variables: { input } });
      answer.show({ variant: "success", text: [`You accepted ${name}.`, await chatAfterAccept()].filter(Boolean).join(" ") });
    } catch (e) {
      answer.show({ variant: "danger", text: errorText(e) });
    } finally {
      setAccepting(false);
    }
  };

  // A pair has one chat: one the two finished before (or that was reported) takes no new messages, so the answer
  // says so instead of promising a chat. Unknown (the read failed): the accept stands, and nothing is promised.
  const chatAfterAccept = async (): Promise<string | null> => {
    const chat = await client
      .query({ query: PairChatStatusDocument, variables: { chatWith: applicant.userId }, fetchPolicy: "network-only" })
      .then(
        (r) => r.data?.chat,
        () => undefined,
      );
    if (!chat) return null;
    return chat.status === "IN_PROGRESS" ? "You can chat with them now." : "Your chat with them has ended, so it takes no new messages.";
  };

  const openDialog = (which: "once" | "permanent") => {
    answer.clear();
    setDialog(which);
  };

  // A refusal shows in the dialog, which stays open to try again; the rejection's answer here.
  async function onReject(reason: ImplementRejectionReason, otherReason: string | null): Promise<void> {
    const permanent = dialog === "permanent";
    await (permanent ? rejectForever : reject)({ variables: { input: { ...input, reason, otherReason } } });
    answer.show({ variant: "success", text: permanent ? `You rejected ${name} permanently.` : `You rejected ${name}.` });
  }

  return (
    <li className={styles.applicant} aria-label={name}>
      <Avatar name={name} image={applicant.user.image} size={40} />
      <div>
        <div className={parts.cardTop}>
          {/* Their profile (skills, rating, reviews): what the owner weighs before deciding. */}
          <Link to={paths.profile(applicant.userId, viewer.id, viewer.gender)} className={styles.applicantName} dir="auto">
            {name}
          </Link>
          <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>
        </div>
        <p id={textId} className={cx(styles.applicantText, foldable && !expanded && styles.folded)} dir="auto">
          {applicant.description}
        </p>
        {foldable && (
          <button
            type="button"
            className={styles.more}
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? "Show less" : "Show more"}
          </button>
        )}
        {applicant.reason && (
          <p className={styles.reason}>
            Reason: <span dir="auto">{applicant.reason}</span>
          </p>
        )}
        {status !== "REJECTED_PERMANENTLY" && (
          <div className={styles.rowActions}>
            {status !== "ACCEPTED" && (
              <Button size="sm" onClick={() => void onAccept()} loading={accepting} loadingText="Accepting...">
                Accept
              </Button>
            )}
            {status === "ACCEPTED" && (
              <ButtonLink size="sm" variant="secondary" to={paths.chat(applicant.userId)}>
                Open chat
              </ButtonLink>
            )}
            {status !== "REJECTED" && (
              <Button size="sm" variant="secondary" onClick={() => openDialog("once")}>
                Reject
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => openDialog("permanent")}>
              Reject permanently
            </Button>
          </div>
        )}
      </div>
      <RejectDialog
        open={dialog !== null}
        permanent={dialog === "permanent"}
        applicantName={name}
        onClose={() => setDialog(null)}
        onConfirm={onReject}
      />
    </li>
  );
}
