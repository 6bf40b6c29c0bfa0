import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { Card, CardHeader } from "../../../components/ui/Card";
import { UpcomingLessonsDocument } from "../../../gql/graphql";
import { paths } from "../../../lib/paths";
import { formatSlot } from "../utils/lesson-time";
import styles from "./Lessons.module.css";

/** The dashboard's next scheduled lessons, each linking to its chat; nothing at all when there are none. */
export function UpcomingLessonsCard({ first = 3 }: { first?: number }) {
  const { data } = useQuery(UpcomingLessonsDocument, { variables: { first }, fetchPolicy: "cache-and-network", errorPolicy: "ignore" });
  const edges = data?.upcomingLessons.edges ?? [];
  if (edges.length === 0) return null;
  return (
    <Card className={styles.upcoming} padding="md">
      <CardHeader title="Upcoming lessons" as="h2" />
      <ul className={styles.upcomingList}>
        {edges.map(({ node }) => (
          <li key={node.id}>
            <Link to={paths.chat(node.partnerId)} className={styles.upcomingLink}>
              <time dateTime={node.startsAt ?? ""} className={styles.upcomingTime}>
                {formatSlot(node.startsAt!, node.durationMinutes!)}
              </time>
              <span className={styles.upcomingWith}>with {node.partner.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
