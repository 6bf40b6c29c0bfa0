import { useMutation, useQuery } from "@apollo/client/react";
import type confetti from "canvas-confetti";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import { CoinsIcon } from "../../../components/ui/icons";
import { AcknowledgeDashboardRewardDocument, DashboardRewardDocument } from "../../../gql/graphql";
import styles from "./RewardPopup.module.css";

/** Spec section 9: the popup closes by itself after 5 seconds. */
export const REWARD_AUTO_CLOSE_MS = 5000;

interface Reward {
  rewardId: string | null;
  reason: string;
  rewardCount: number;
}

/**
 * Shows the caller's oldest unseen reward with confetti. It is acknowledged as soon as it is
 * shown, so it appears once; the acknowledgement answers the next unseen one, shown after.
 */
export function RewardPopup() {
  // Cache-first: the dashboard's loader asks for it afresh on every visit (preloadDashboard).
  const { data } = useQuery(DashboardRewardDocument);
  const [acknowledge] = useMutation(AcknowledgeDashboardRewardDocument);
  const [current, setCurrent] = useState<Reward | null>(null);
  const [queue, setQueue] = useState<Reward[]>([]);
  const handled = useRef(new Set<string | null>());
  const canvas = useRef<HTMLCanvasElement>(null);

  const show = (r: { rewarded: boolean; rewardId?: string | null; reason: string; rewardCount: number } | undefined) => {
    if (!r?.rewarded || handled.current.has(r.rewardId ?? null)) return;
    handled.current.add(r.rewardId ?? null);
    const reward = { rewardId: r.rewardId ?? null, reason: r.reason, rewardCount: r.rewardCount };
    setQueue((q) => [...q, reward]);
    void acknowledge({ variables: { rewardId: reward.rewardId } })
      .then((res) => show(res.data?.acknowledgeReward))
      .catch(() => undefined);
  };

  useEffect(() => {
    show(data?.rewards);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  useEffect(() => {
    if (!current && queue.length) {
      setCurrent(queue[0]);
      setQueue((q) => q.slice(1));
    }
  }, [current, queue]);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), REWARD_AUTO_CLOSE_MS);
    let fire: confetti.CreateTypes | undefined;
    let closed = false;
    const target = canvas.current;
    // The confetti library loads only when a reward is shown (most dashboard visits show none).
    if (target?.getContext?.("2d")) {
      import("canvas-confetti")
        .then(({ default: lib }) => {
          if (closed) return;
          fire = lib.create(target, { resize: true, disableForReducedMotion: true });
          void fire({ particleCount: 140, spread: 90, startVelocity: 38, origin: { y: 0.35 } });
        })
        .catch(() => undefined); // no canvas support, or the chunk did not load: the popup works without confetti
    }
    return () => {
      closed = true;
      clearTimeout(timer);
      fire?.reset();
    };
  }, [current]);

  return (
    <Dialog
      open={current !== null}
      onClose={() => setCurrent(null)}
      title="Congratulations!"
      size="sm"
      className={styles.rewardDialog}
      footer={
        <Button onClick={() => setCurrent(null)} autoFocus>
          Close
        </Button>
      }
    >
      <canvas ref={canvas} className={styles.confetti} aria-hidden="true" />
      <div className={styles.reward}>
        <span className={styles.rewardIcon} aria-hidden="true">
          <CoinsIcon size={28} />
        </span>
        <p className={styles.rewardCount}>
          +{current?.rewardCount ?? 0} skill coin{current?.rewardCount === 1 ? "" : "s"}
        </p>
        {current?.reason && <p className={styles.rewardReason}>{current.reason}</p>}
      </div>
    </Dialog>
  );
}
