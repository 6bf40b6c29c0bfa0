import { useMutation, useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client";
import { useCallback } from "react";
import { Navigate, useParams } from "react-router";
import { Page } from "../../components/layouts/Page";
import { ButtonLink } from "../../components/ui/Button";
import { ArrowLeftIcon } from "../../components/ui/icons";
import { LoadError } from "../../components/ui/LoadError";
import { PageHeader } from "../../components/ui/PageHeader";
import { LoadingBlock } from "../../components/ui/Spinner";
import { SnakeGame } from "../../features/snake/components/SnakeGame";
import { SnakeHighScoreDocument, SubmitSnakeScoreDocument } from "../../gql/graphql";
import { paths } from "../../lib/paths";

/** /game/:userID (signed in only: RequireSignIn); another user's id goes to the caller's own page. */
export function Component() {
  const { userID } = useParams();
  const { data, error, refetch } = useQuery(SnakeHighScoreDocument, { fetchPolicy: "cache-and-network" });
  const [submitScore] = useMutation(SubmitSnakeScoreDocument);

  const submitHighScore = useCallback(
    async (score: number) => (await submitScore({ variables: { score } })).data?.submitSnakeScore.highScore,
    [submitScore],
  );

  const unauthenticated = CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
  if (unauthenticated) return <Navigate to={paths.register} replace />;

  const me = data?.snakeHighScore;
  if (me && me.userId !== userID) return <Navigate to={paths.game(me.userId)} replace />;

  return (
    <Page>
      <title>Snake · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.dashboard(me?.userId)} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Dashboard
          </ButtonLink>
        }
        eyebrow="Take a break"
        title="Snake"
        description="Eat apples to grow and speed up. The edges wrap around, so only biting yourself ends the game."
      />
      {me ? (
        <SnakeGame key={me.userId} userId={me.userId} serverHighScore={me.highScore} submitHighScore={submitHighScore} />
      ) : error ? (
        <LoadError message="The game could not load your high score." onRetry={refetch} />
      ) : (
        <LoadingBlock label="Loading..." />
      )}
    </Page>
  );
}
