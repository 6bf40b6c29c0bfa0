import { Link } from "react-router";
import { Avatar } from "../../../components/ui/Avatar";
import { Badge } from "../../../components/ui/Badge";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { ChatIcon, CoinsIcon, SwapIcon } from "../../../components/ui/icons";
import type { NotificationFieldsFragment } from "../../../gql/graphql";
import { kindOf } from "../utils/kinds";
import styles from "./NotificationCard.module.css";
import { paths } from "../../../lib/paths";
import { formatDate } from "../../../lib/format-date";

export interface NotificationCardProps {
  n: NotificationFieldsFragment;
  /** /user/{notifier}/{me}/{my gender}. */
  profileHref: string;
  busy: boolean;
  disabled: boolean;
  onAccept: () => void;
  onReject: () => void;
  onPay: () => void;
  onOk: () => void;
}

function SkillLine({ label, skill }: { label: string; skill: { skill: string; category: string } | null }) {
  if (!skill) return null;
  return (
    <div className={styles.skill}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.skillName} dir="auto">
          {skill.skill}
        </span>
        <span className={styles.category}>{skill.category}</span>
      </dd>
    </div>
  );
}

/** What the notifier teaches and learns (the server fills both from the notifier's side). */
function Skills({ n }: { n: NotificationFieldsFragment }) {
  return (
    <dl className={styles.skills}>
      {/* A rejection is about skills that will not be exchanged. */}
      <SkillLine label={n.type === "SWAP_REJECT" ? "Their skill" : "Teaches you"} skill={n.preachSkill} />
      <SkillLine label={n.type === "SWAP_REJECT" ? "Your skill" : "Learns from you"} skill={n.learnSkill} />
      {n.skillCoins ? (
        <div className={styles.skill}>
          <dt>Skill coins</dt>
          <dd className={styles.coins}>
            <CoinsIcon size={16} />
            {n.skillCoins}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** One notification: who, what, and the actions its type offers (spec section 4). */
export function NotificationCard({ n, profileHref, busy, disabled, onAccept, onReject, onPay, onOk }: NotificationCardProps) {
  const kind = kindOf(n);
  const titleId = `notification-${n.id}`;
  return (
    <Card as="li" padding="md" className={styles.card} aria-labelledby={titleId} data-type={n.type}>
      <Avatar name={n.notifier.name} image={n.notifier.image} size={48} className={styles.avatar} />
      <div className={styles.main}>
        <div className={styles.top}>
          <Badge tone={kind.tone}>{kind.label}</Badge>
          <time className={styles.when} dateTime={n.createdAt}>
            {formatDate(n.createdAt, "recent")}
          </time>
        </div>
        <h2 id={titleId} className={styles.headline}>
          <Link to={profileHref} className={styles.name} dir="auto">
            {n.notifier.name}
          </Link>{" "}
          {kind.headline}
        </h2>
        <p className={styles.message} dir="auto">
          {n.message}
        </p>
        {(n.learnSkill || n.preachSkill || n.skillCoins) && <Skills n={n} />}
        <div className={styles.actions}>
          {kind.actions.includes("accept") && (
            <Button size="sm" onClick={onAccept} loading={busy} disabled={disabled} startIcon={<SwapIcon size={16} />}>
              Accept
            </Button>
          )}
          {kind.actions.includes("pay") && (
            <Button size="sm" onClick={onPay} loading={busy} disabled={disabled} startIcon={<CoinsIcon size={16} />}>
              Pay {n.skillCoins ?? ""}
            </Button>
          )}
          {kind.actions.includes("ok") && (
            <Button size="sm" variant="secondary" onClick={onOk} loading={busy} disabled={disabled}>
              Ok
            </Button>
          )}
          {kind.actions.includes("reject") && (
            <Button size="sm" variant="secondary" onClick={onReject} disabled={disabled || busy}>
              Reject
            </Button>
          )}
          {kind.actions.includes("chat") && (
            <ButtonLink size="sm" variant="secondary" to={paths.chat(n.notifier.id)} startIcon={<ChatIcon size={16} />}>
              Open chat
            </ButtonLink>
          )}
          {kind.actions.includes("profile") && (
            <ButtonLink size="sm" variant="ghost" to={profileHref}>
              View Profile
            </ButtonLink>
          )}
        </div>
      </div>
    </Card>
  );
}
