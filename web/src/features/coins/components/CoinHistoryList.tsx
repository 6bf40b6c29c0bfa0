import { useQuery } from "@apollo/client/react";
import { Button } from "../../../components/ui/Button";
import { Card, CardHeader } from "../../../components/ui/Card";
import { EmptyState } from "../../../components/ui/EmptyState";
import { CoinsIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { Spinner } from "../../../components/ui/Spinner";
import { CoinHistoryDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { cx } from "../../../lib/cx";
import { describeEntry, formatCoins } from "../utils/format";
import styles from "./CoinHistoryList.module.css";
import { formatDate } from "../../../lib/format-date";

const PAGE = 10;

/** The caller's coin movements, newest first; "Show more" appends the next page. */
export function CoinHistoryList() {
  const { data, loading, error, fetchMore, refetch } = useQuery(CoinHistoryDocument, {
    variables: { first: PAGE, after: null },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.coinHistory;
  const entries = nodesOf(page);

  return (
    <Card as="section" padding="lg" aria-labelledby="history-title" className={styles.historyCard}>
      <CardHeader as="h2" title={<span id="history-title">History</span>} description="Every coin in and out of your account." />
      {error && !page ? (
        <LoadError message="Your history could not be loaded." onRetry={refetch} />
      ) : !page ? (
        <Spinner showLabel label="Loading history..." />
      ) : entries.length === 0 ? (
        <EmptyState
          plain
          as="h3"
          icon={<CoinsIcon size={22} />}
          title="No coin movements yet"
          description="Buy coins or finish a swap to earn your first one."
        />
      ) : (
        <>
          <ol className={styles.history}>
            {entries.map((e) => {
              const { title, detail } = describeEntry(e);
              return (
                <li key={e.id} className={styles.historyRow}>
                  <div className={styles.historyMain}>
                    <span className={styles.historyTitle}>{title}</span>
                    <span className={styles.historyDetail}>
                      <time dateTime={e.createdAt}>{formatDate(e.createdAt, "dateTime")}</time> · {detail}
                    </span>
                  </div>
                  <div className={styles.historyNumbers}>
                    <span className={cx(styles.amount, e.amount > 0 ? styles.credit : styles.debit)}>
                      {e.amount > 0 ? "+" : "−"}
                      {formatCoins(Math.abs(e.amount))}
                    </span>
                    <span className={styles.after}>Balance {formatCoins(e.balanceAfter)}</span>
                  </div>
                </li>
              );
            })}
          </ol>
          {page.pageInfo.hasNextPage && (
            <Button
              variant="secondary"
              fullWidth
              loading={loading}
              loadingText="Loading..."
              onClick={() => void fetchMore({ variables: { first: PAGE, after: page.pageInfo.endCursor } })}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
