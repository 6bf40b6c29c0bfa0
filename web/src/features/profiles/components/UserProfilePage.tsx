import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon, CoinsIcon, StarIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { FullScreenSpinner } from "../../../components/ui/Spinner";
import { type UserProfileQuery, UserProfileDocument } from "../../../gql/graphql";
import { Avatar } from "../../../components/ui/Avatar";
import { ResponseStats } from "./ResponseStats";
import styles from "./UserProfile.module.css";
import { genderText } from "../../../lib/gender";
import { paths } from "../../../lib/paths";

export type ProfileUser = NonNullable<UserProfileQuery["user"]>;

function Skills({ title, skills, tone }: { title: string; skills: ProfileUser["skillsKnown"]; tone: "known" | "wanted" }) {
  return (
    <Card as="section" padding="md" className={styles.block}>
      <h2 className={styles.blockTitle}>{title}</h2>
      {skills.length ? (
        <ul className={styles.skillList} role="list">
          {skills.map((s) => (
            <li key={`${s.category}/${s.skill}`} className={styles.skillItem}>
              <span className={tone === "known" ? styles.dotKnown : styles.dotWanted} aria-hidden="true" />
              <span className={styles.skillName} dir="auto">
                {s.skill}
              </span>
              <span className={styles.skillCategory}>{s.category}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>None listed.</p>
      )}
    </Card>
  );
}

/**
 * Another student's (or one's own) public profile. `actions` renders the buttons for
 * someone else's profile (Swap and Pay belong to the swaps feature; the route passes them).
 */
export function UserProfilePage({
  userId,
  currentId,
  gender,
  actions,
  ownPanel,
  reviews,
  own,
}: {
  userId: string;
  /** The viewer's id, for the links back (the dashboard, other profiles). */
  currentId: string;
  gender: string;
  actions?: (user: ProfileUser) => ReactNode;
  /** Shown under one's own profile (the route passes the account's data panel). */
  ownPanel?: ReactNode;
  /** The written reviews section (the reviews feature; the route passes it), under the skills. */
  reviews?: (user: ProfileUser) => ReactNode;
  /** The profile is the signed-in viewer's own (by the session, never by the address): Edit Profile and `ownPanel`. */
  own: boolean;
}) {
  const { data, error, loading, refetch } = useQuery(UserProfileDocument, { variables: { id: userId }, fetchPolicy: "cache-and-network" });
  const user = data?.user;

  const back = (
    <ButtonLink to={paths.dashboard(currentId)} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
      Back
    </ButtonLink>
  );

  if (!data && loading) return <FullScreenSpinner />;
  if (!user) {
    return (
      <Page width="narrow">
        <title>Profile · Skill Exchange</title>
        {back}
        {error ? (
          <>
            <h1 className="visually-hidden">Profile</h1>
            <LoadError message="This profile could not be loaded." onRetry={refetch} />
          </>
        ) : (
          <EmptyState as="h1" title="No such student" description="The profile you followed does not exist." />
        )}
      </Page>
    );
  }

  const rating = user.rating.count > 0 ? user.rating.value.toFixed(1) : "0";
  return (
    <Page className={styles.page}>
      <title>{`${user.name} · Skill Exchange`}</title>
      <div className={styles.back}>{back}</div>
      <Card padding="lg" className={styles.hero}>
        <Avatar name={user.name} image={user.image} size={120} />
        <div className={styles.heroText}>
          <h1 className={styles.name} dir="auto">
            {user.name}
          </h1>
          <p className={styles.gender}>{genderText(user.gender) ?? "Gender not given"}</p>
          <ul className={styles.languages} role="list" aria-label="Languages">
            {user.languages.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </div>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>
              <StarIcon size={16} aria-hidden="true" /> Rating
            </dt>
            <dd>
              <strong>{rating} / 5</strong>
              <span>
                {user.rating.count} {user.rating.count === 1 ? "user" : "users"}
              </span>
            </dd>
          </div>
          <div className={styles.stat}>
            <dt>
              <CoinsIcon size={16} aria-hidden="true" /> Amount of Skill Coins per course
            </dt>
            <dd>
              <strong>{user.amount}</strong>
            </dd>
          </div>
          <ResponseStats stats={user.responseStats} />
        </dl>
        <div className={styles.actions}>
          {own ? (
            <ButtonLink to={paths.profileDetails} variant="primary">
              Edit Profile
            </ButtonLink>
          ) : (
            actions?.(user)
          )}
        </div>
      </Card>

      <div className={styles.grid}>
        <Skills title="Skills Known" skills={user.skillsKnown} tone="known" />
        <Skills title="Skills Required" skills={user.skillsRequired} tone="wanted" />
        <Card as="section" padding="md" className={styles.block}>
          <h2 className={styles.blockTitle}>Completed Skills</h2>
          {user.completedSkills.length ? (
            <ul className={styles.skillList} role="list">
              {user.completedSkills.map((c, i) => (
                <li key={`${c.skill}-${i}`} className={styles.skillItem}>
                  <span className={styles.dotDone} aria-hidden="true" />
                  <span className={styles.skillName} dir="auto">
                    {c.skill}
                  </span>
                  <span className={styles.skillCategory}>
                    {c.mentor ? (
                      <>
                        with{" "}
                        <Link to={paths.profile(c.mentor.id, currentId, gender)} dir="auto">
                          {c.mentor.name}
                        </Link>
                      </>
                    ) : (
                      c.category
                    )}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No completed swaps yet.</p>
          )}
        </Card>
      </div>
      {reviews?.(user)}
      {own && ownPanel}
    </Page>
  );
}
