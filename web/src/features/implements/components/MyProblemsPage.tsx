import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Page } from "../../../components/layouts/Page";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon, RocketIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { MyImplementPostsDocument } from "../../../gql/graphql";
import { MyProblemCard } from "./MyProblemCard";
import { type Viewer } from "./WithViewer";
import styles from "./MyProblemsPage.module.css";
import parts from "./implements.module.css";
import { paths } from "../../../lib/paths";
import { nodesOf } from "../../../lib/connection";

const PAGE_SIZE = 10;

/** /implements/:userID: Your Problems, with applicant management. */
export function MyProblemsPage({ me }: { me: Viewer }) {
  const { data, error, fetchMore, refetch } = useQuery(MyImplementPostsDocument, {
    variables: { first: PAGE_SIZE, after: null },
    fetchPolicy: "cache-and-network",
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = data?.myImplementPosts;

  async function loadMore() {
    if (!page?.pageInfo.hasNextPage) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { first: PAGE_SIZE, after: page.pageInfo.endCursor } });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <Page>
      <title>Your Problems · Skill Exchange</title>
      <PageHeader
        eyebrow="Implements"
        title="Your Problems"
        description="The problems you posted and the students who asked to join. Accept someone to open a chat with them."
        back={
          <ButtonLink to={paths.implements.list(me.id, me.name)} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
        actions={
          <ButtonLink to={paths.implements.create(me.id, me.name)} variant="primary">
            Post Problem
          </ButtonLink>
        }
      />
      {!page && error ? (
        <LoadError message="Your problems could not load." onRetry={refetch} />
      ) : !page ? (
        <LoadingBlock label="Loading your problems..." />
      ) : page.edges.length === 0 ? (
        <EmptyState
          icon={<RocketIcon />}
          title="You have not posted a problem yet"
          description="Describe a project you want help with; other students can ask to join."
          action={
            <ButtonLink to={paths.implements.create(me.id, me.name)} variant="primary">
              Post Problem
            </ButtonLink>
          }
        />
      ) : (
        <div className={styles.stack}>
          {nodesOf(page).map((post) => (
            <MyProblemCard key={post.id} post={post} viewer={me} />
          ))}
          {page.pageInfo.hasNextPage && (
            <div className={parts.loadingMore}>
              <Button variant="secondary" onClick={loadMore} loading={loadingMore} loadingText="Loading...">
                Load more
              </Button>
            </div>
          )}
        </div>
      )}
    </Page>
  );
}
