import { Link } from "react-router";
import { Card, CardHeader } from "../../../components/ui/Card";
import { ArrowRightIcon } from "../../../components/ui/icons";
import type { UpcomingLessonsQuery } from "../../../gql/graphql";
import { paths } from "../../../lib/paths";
import { formatSlot } from "../utils/lesson-time";
import styles from "./Lessons.module.css";

/** How many of the next lessons the dashboard shows. */
export const UPCOMING_LESSONS_SHOWN = 3;

/**
 * The dashboard's next scheduled lessons (UpcomingLessons' edges, asked for by the dashboard's route),
 * each linking to its chat; nothing at all when there are none.
 */
export function UpcomingLessonsCard({ lessons }: { lessons: UpcomingLessonsQuery["upcomingLessons"]["edges"] }) {
  if (lessons.length === 0) return null;
  return (
    <Card className={styles.upcoming} padding="md">
      <CardHeader title="Upcoming lessons" as="h2" />
      <ul className={styles.upcomingList}>
        {lessons.map(({ node }) => (
          <li key={node.id}>
            <Link to={paths.chat(node.partnerId)} className={styles.upcomingLink}>
              <time dateTime={node.startsAt ?? ""} className={styles.upcomingTime}>
                {formatSlot(node.startsAt!, node.durationMinutes!)}
              </time>
              <span className={styles.upcomingWith}>
                with <span dir="auto">{node.partner.name}</span>
                {/* Where it leads, for a finger (no hover on a phone): the chat. */}
                <ArrowRightIcon size={16} className={styles.upcomingArrow} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
