import { useQuery, useSubscription } from "@apollo/client/react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { CATEGORIES } from "../../../../common/profiles";
import { Page } from "../../components/layouts/Page";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { ArrowLeftIcon, StarIcon } from "../../components/ui/icons";
import { LoadError } from "../../components/ui/LoadError";
import { PageHeader } from "../../components/ui/PageHeader";
import { LoadingBlock } from "../../components/ui/Spinner";
import { EmbedLeaderboard } from "../../features/coins/components/EmbedLeaderboard";
import { LeaderboardControls, PERIOD_LABELS } from "../../features/coins/components/LeaderboardControls";
import { LeaderboardTable } from "../../features/coins/components/LeaderboardTable";
import { LeaderboardChangedDocument, type LeaderboardPeriod, LeaderboardViewDocument, type LeaderboardViewQuery } from "../../gql/graphql";
import { tokenSubject, useToken } from "../../lib/auth";
import { nodesOf } from "../../lib/connection";
import { paths } from "../../lib/paths";
import styles from "./leaderboard.module.css";

const PERIOD_PARAM: Record<string, LeaderboardPeriod> = { week: "WEEK", month: "MONTH" };
/** The embed names periods as the service does. */
const EMBED_PERIOD_OF = { WEEK: "week", MONTH: "month", ALL_TIME: "all_time" } as const satisfies Record<LeaderboardPeriod, string>;
const PARAM_OF: Record<LeaderboardPeriod, string | null> = { WEEK: "week", MONTH: "month", ALL_TIME: null };

const HOW: Record<LeaderboardPeriod, string> = {
  ALL_TIME: "Ranked by rating, then by the number of ratings, then by skill coins. Equal scores share a rank.",
  WEEK: "This week (from Monday 00:00 UTC): ranked by the average rating received this week, then by how many ratings, then by lessons held. Equal scores share a rank.",
  MONTH:
    "This month (from the 1st, 00:00 UTC): ranked by the average rating received this month, then by how many ratings, then by lessons held. Equal scores share a rank.",
};

const NOT_RANKED = {
  NOT_IN_VIEW:
    "You are not on this board: it lists students who teach a skill of the category, and a period lists students rated or with a lesson held in it.",
  NOT_LISTED: "You are not on the leaderboard yet: it lists students with a verified college address.",
} as const;

/**
 * /leaderboard/:currentID: public (no token). Who "you" are (the highlighted row, "My place") comes
 * from the session, never from the address: a shared board carries its sharer's currentID.
 * The view (period, category, "My place") lives in the address (?period=week&category=...&mine=1),
 * so a board can be shared or left on a screen; it refreshes itself when its top changes.
 */
export function Component() {
  const { currentID = "undefined" } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const token = useToken();
  const viewerId = token ? tokenSubject(token) : null;
  const signedIn = viewerId !== null;
  // Profile links carry the viewer's id (the spec's /user/{id}/{currentID}/Male), or the address's for a visitor.
  const linkID = viewerId ?? currentID;
  const period = PERIOD_PARAM[params.get("period") ?? ""] ?? "ALL_TIME";
  const rawCategory = params.get("category");
  const category = rawCategory && (CATEGORIES as readonly string[]).includes(rawCategory) ? rawCategory : null;
  const myPlace = signedIn && params.get("mine") === "1";
  const defaultView = period === "ALL_TIME" && category === null;
  const view = defaultView ? null : { period, category };

  const { data, error, refetch } = useQuery(LeaderboardViewDocument, {
    variables: myPlace ? { first: null, view, around: viewerId } : { first: 100, view, around: null },
    fetchPolicy: "cache-and-network",
  });
  // "My place" on a board the student is not on: the note says why, and the board's top shows under it.
  const notRanked = myPlace ? (data?.leaderboard.around?.reason ?? null) : null;
  const top = useQuery(LeaderboardViewDocument, {
    variables: { first: 100, view, around: null },
    fetchPolicy: "cache-and-network",
    skip: notRanked === null,
  });
  // A board on a screen follows its view: at most one event a second, then the page is read again.
  useSubscription(LeaderboardChangedDocument, {
    variables: { view },
    onData: () => {
      void refetch();
      if (notRanked !== null) void top.refetch();
    },
  });

  const setParam = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const back = () => {
    // Back where the visitor came from; a fresh tab goes to the viewer's dashboard.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(viewerId ? paths.dashboard(viewerId) : paths.home);
  };

  const board = data?.leaderboard;
  const rank = board?.around?.rank;
  // The rows shown: the student's neighbourhood, or the top when they have none on this board.
  const shown = notRanked ? top.data?.leaderboard : board;

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
        description={HOW[period]}
        actions={<EmbedLeaderboard category={category} period={EMBED_PERIOD_OF[period]} />}
      />
      <LeaderboardControls
        period={period}
        category={category}
        myPlace={myPlace}
        canShowMyPlace={signedIn}
        onPeriod={(p) => setParam("period", PARAM_OF[p])}
        onCategory={(c) => setParam("category", c)}
        onMyPlace={(on) => setParam("mine", on ? "1" : null)}
      />
      {error && !data ? (
        <LoadError message="The leaderboard could not be loaded." onRetry={() => void refetch()} />
      ) : !board ? (
        <LoadingBlock label="Loading..." />
      ) : (
        <>
          {notRanked && (
            <Alert variant="info" role="status" className={styles.notRanked}>
              {NOT_RANKED[notRanked]}
            </Alert>
          )}
          {!shown ? (
            <LoadingBlock label="Loading..." />
          ) : (
            <BoardRows
              board={shown}
              defaultView={defaultView}
              rank={notRanked ? null : rank}
              myPlace={myPlace}
              viewerId={viewerId}
              linkID={linkID}
              periodLabel={period === "ALL_TIME" ? null : PERIOD_LABELS[period]}
            />
          )}
        </>
      )}
    </Page>
  );
}

/** A board's rows, or its empty state; with "My place", the student's rank above them. */
function BoardRows({
  board,
  defaultView,
  rank,
  myPlace,
  viewerId,
  linkID,
  periodLabel,
}: {
  board: LeaderboardViewQuery["leaderboard"];
  defaultView: boolean;
  rank: number | null | undefined;
  myPlace: boolean;
  viewerId: string | null;
  linkID: string;
  periodLabel: string | null;
}) {
  return board.edges.length === 0 ? (
    <EmptyState
      icon={<StarIcon size={22} />}
      title={defaultView ? "No students yet" : "No one on this board yet"}
      description={
        defaultView
          ? "The leaderboard fills up as students join and rate each other."
          : "Students appear here as they teach, get rated and hold lessons."
      }
    />
  ) : (
    <>
      {myPlace && rank != null && (
        <p role="status" aria-live="polite">
          You are number {rank} on this board.
        </p>
      )}
      <LeaderboardTable
        rows={nodesOf(board)}
        viewerId={viewerId}
        linkID={linkID}
        periodLabel={periodLabel}
        revealViewer={myPlace && rank != null}
      />
    </>
  );
}
