import { ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { ArrowRightIcon } from "../../../components/ui/icons";
import type { Gender, UserCardFieldsFragment } from "../../../gql/graphql";
import { Avatar } from "../../../components/ui/Avatar";
import styles from "./UserCard.module.css";
import { paths } from "../../../lib/paths";

function SkillChips({ label, skills, tone }: { label: string; skills: UserCardFieldsFragment["skillsKnown"]; tone: "known" | "wanted" }) {
  return (
    <div className={styles.chipGroup}>
      <p className={styles.chipLabel}>{label}</p>
      {skills.length ? (
        <ul className={styles.chips} role="list">
          {skills.map((s) => (
            <li
              key={`${s.category}/${s.skill}`}
              className={tone === "known" ? styles.chipKnown : styles.chipWanted}
              title={s.category}
              dir="auto"
            >
              {s.skill}
              <span className="visually-hidden"> ({s.category})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.chipNone}>Nothing listed</p>
      )}
    </div>
  );
}

/** A feed or search result: who, what they know and want, and View Profile. */
export function UserCard({ user, viewer }: { user: UserCardFieldsFragment; viewer: { id: string; gender: Gender | null } }) {
  return (
    <Card as="li" padding="md" className={styles.userCard}>
      <div className={styles.userHead}>
        <Avatar name={user.name} image={user.image} size={48} />
        <h3 className={styles.userName} dir="auto">
          {user.name}
        </h3>
      </div>
      <SkillChips label="Skills Known" skills={user.skillsKnown} tone="known" />
      <SkillChips label="Skills Required" skills={user.skillsRequired} tone="wanted" />
      <ButtonLink
        to={paths.profile(user.id, viewer.id, viewer.gender)}
        variant="secondary"
        size="sm"
        className={styles.viewProfile}
        endIcon={<ArrowRightIcon size={16} />}
        aria-label={`View Profile of ${user.name}`}
      >
        View Profile
      </ButtonLink>
    </Card>
  );
}
