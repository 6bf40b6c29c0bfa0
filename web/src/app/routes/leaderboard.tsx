import { useQuery } from "@apollo/client/react";
import { useNavigate, useParams } from "react-router";
import { Page } from "../../components/layouts/Page";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { ArrowLeftIcon, StarIcon } from "../../components/ui/icons";
import { LoadError } from "../../components/ui/LoadError";
import { PageHeader } from "../../components/ui/PageHeader";
import { LoadingBlock } from "../../components/ui/Spinner";
import { EmbedLeaderboard } from "../../features/coins/components/EmbedLeaderboard";
import { LeaderboardTable } from "../../features/coins/components/LeaderboardTable";
import { LeaderboardDocument } from "../../gql/graphql";
import { nodesOf } from "../../lib/connection";
import { paths } from "../../lib/paths";

/** /leaderboard/:currentID: public (no token); the viewer's id only shapes links and highlighting. */
export function Component() {
  const { currentID = "undefined" } = useParams();
  const navigate = useNavigate();
  const { data, error, refetch } = useQuery(LeaderboardDocument, { variables: { first: 100 }, fetchPolicy: "cache-and-network" });

  const back = () => {
    // Back where the visitor came from; a fresh tab goes to the viewer's dashboard.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(currentID !== "undefined" ? paths.dashboard(currentID) : paths.home);
  };

  return (
    <Page>
      <title>Leaderboard · Skill Exchange</title>
      <PageHeader
        back={
          <Button variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />} onClick={back}>
            Back
          </Button>
        }
        eyebrow="Top students"
        title="Leaderboard"
        description="Ranked by rating, then by the number of ratings, then by skill coins. Equal scores share a rank."
        actions={<EmbedLeaderboard />}
      />
      {error && !data ? (
        <LoadError message="The leaderboard could not be loaded." onRetry={refetch} />
      ) : !data ? (
        <LoadingBlock label="Loading..." />
      ) : data.leaderboard.edges.length === 0 ? (
        <EmptyState
          icon={<StarIcon size={22} />}
          title="No students yet"
          description="The leaderboard fills up as students join and rate each other."
        />
      ) : (
        <LeaderboardTable rows={nodesOf(data.leaderboard)} currentID={currentID} />
      )}
    </Page>
  );
}
