import type { ReactNode } from "react";
import { Page } from "../../components/layouts/Page";
import { ButtonLink } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import {
  AlertTriangleIcon,
  ArrowLeftIcon,
  CheckCircleIcon,
  CoinsIcon,
  RocketIcon,
  StarIcon,
  SwapIcon,
  UsersIcon,
} from "../../components/ui/icons";
import { PageHeader } from "../../components/ui/PageHeader";
import styles from "./skill-coins-rules.module.css";
import { paths } from "../../lib/paths";

function Rule({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card as="section" padding="lg" className={styles.rule}>
      <div className={styles.ruleIcon} aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      {children}
    </Card>
  );
}

/** /skill-coins/rules: 'About Skill Coins'. Public. */
export function Component() {
  return (
    <Page>
      <title>About Skill Coins · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.skillCoins()} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Skill Coins
          </ButtonLink>
        }
        eyebrow="The rules"
        title="About Skill Coins"
        description="Skill coins are how students pay each other for lessons when a straight swap does not fit."
      />
      <div className={styles.rules}>
        <div className={styles.ruleGrid}>
          <Rule icon={<SwapIcon size={22} />} title="Swapping is free">
            <p>
              Teach one of your skills in exchange for learning one of theirs. A swap costs no coins: send a swap request from a student's
              profile, and once they accept, your chat opens.
            </p>
          </Rule>
          <Rule icon={<StarIcon size={22} />} title="Earn a coin for every swap">
            <p>
              When a swap finishes successfully, each of the two students gets <strong>1 skill coin</strong>. A swap can be finished after
              at least 10 days of learning together.
            </p>
          </Rule>
          <Rule icon={<UsersIcon size={22} />} title="Pay a teacher with coins">
            <p>
              Nothing to teach back? Send a pay request with the number of coins you offer. When the teacher accepts, press Pay: the coins
              leave your balance and your chat opens.
            </p>
          </Rule>
          <Rule icon={<RocketIcon size={22} />} title="Buying coins">
            <p>
              <strong>1 skill coin = Rs.10.</strong> Buy any whole number of coins on the Skill Coins page; you pay in Indian rupees (INR)
              and the coins are added as soon as the payment is verified.
            </p>
          </Rule>
          <Rule icon={<CheckCircleIcon size={22} />} title="Held until the lesson finishes">
            <p>
              Coins you pay are held safely, not handed over at once. When the lesson finishes, the held coins go to the teacher. Your
              history shows every coin in and out.
            </p>
          </Rule>
          <Rule icon={<AlertTriangleIcon size={22} />} title="Reports return held coins">
            <p>
              If you report the chat (for example for spam or harassment), the lesson ends early and the held coins are returned to the
              learner. The teacher receives nothing for a reported lesson.
            </p>
          </Rule>
        </div>
        <div className={styles.ruleActions}>
          <ButtonLink to={paths.skillCoins()} startIcon={<CoinsIcon size={18} />}>
            Buy skill coins
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
