import type { ReactNode } from "react";
import { Page } from "../../components/layouts/Page";
import { ButtonLink } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { ArrowRightIcon, CompassIcon, RocketIcon, StarIcon, UsersIcon } from "../../components/ui/icons";
import styles from "./about.module.css";
import { paths } from "../../lib/paths";

const values: Array<{ icon: ReactNode; title: string; text: string }> = [
  { icon: <UsersIcon />, title: "Peer to peer", text: "Everyone is both a teacher and a learner. Knowledge flows both ways." },
  { icon: <StarIcon />, title: "Trust by design", text: "Ratings, reports and blocks keep every exchange respectful and fair." },
  { icon: <RocketIcon />, title: "Learn by doing", text: "From one-to-one swaps to shared projects, skills grow through practice." },
];

export function Component() {
  return (
    <Page>
      <title>About Us · Skill Exchange</title>
      <PageHeader
        eyebrow="About Us"
        title="Learning is better together"
        description="Skill Exchange connects learners worldwide for collaborative learning: a place where students trade what they know for what they want to learn."
      />

      <div className={styles.grid}>
        <Card as="section" padding="lg" aria-labelledby="our-story" className={styles.block}>
          <span className={styles.icon} aria-hidden="true">
            <CompassIcon />
          </span>
          <h2 id="our-story" className={styles.heading}>
            Our Story
          </h2>
          <p>
            Skill Exchange was founded by computer science students who noticed something simple: every classmate was great at something,
            and curious about something else. The coder wanted to learn guitar, the guitarist wanted to learn to code, and neither had an
            easy way to find the other.
          </p>
          <p>
            So we built one. What started as a side project between lectures became a platform where students list the skills they know and
            the skills they want, and swap them one-to-one.
          </p>
        </Card>

        <Card as="section" padding="lg" aria-labelledby="our-mission" className={styles.block}>
          <span className={styles.icon} aria-hidden="true">
            <RocketIcon />
          </span>
          <h2 id="our-mission" className={styles.heading}>
            Our Mission
          </h2>
          <p>
            Our mission is to connect learners worldwide for collaborative learning, making it easy to teach, learn and build together
            without barriers of cost or background.
          </p>
          <p>
            We want every exchange to be fair and rewarding: swap skills directly, pay with skill coins when a swap does not fit, rate your
            partners, and grow a reputation for being a great mentor.
          </p>
        </Card>
      </div>

      <section className={styles.values} aria-labelledby="values-title">
        <h2 id="values-title" className={styles.valuesTitle}>
          What we believe in
        </h2>
        <ul role="list" className={styles.valueList}>
          {values.map((value) => (
            <li key={value.title} className={styles.value}>
              <span className={styles.valueIcon} aria-hidden="true">
                {value.icon}
              </span>
              <div>
                <h3 className={styles.valueName}>{value.title}</h3>
                <p className={styles.valueText}>{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className={styles.contact}>
        <div>
          <h2 className={styles.contactTitle}>Have a question or an idea?</h2>
          <p className={styles.contactText}>We would love to hear from you. Our team reads every message.</p>
        </div>
        <ButtonLink to={paths.contact} variant="primary" endIcon={<ArrowRightIcon size={16} />}>
          Get in touch
        </ButtonLink>
      </div>
    </Page>
  );
}
