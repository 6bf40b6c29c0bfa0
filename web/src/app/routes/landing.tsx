import type { ReactNode } from "react";
import { ButtonLink } from "../../components/ui/Button";
import { ArrowRightIcon, ChatIcon, CoinsIcon, RocketIcon, SearchIcon, StarIcon, SwapIcon } from "../../components/ui/icons";
import styles from "./landing.module.css";
import { paths } from "../../lib/paths";

const features: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <SwapIcon />,
    title: "Swap skills one-to-one",
    text: "Offer a skill you know in exchange for one you want. No money involved, just two students teaching each other.",
  },
  {
    icon: <CoinsIcon />,
    title: "Pay with skill coins",
    text: "No matching swap? Pay for a course with skill coins you earn by finishing swaps, or top up anytime.",
  },
  {
    icon: <ChatIcon />,
    title: "Chat and meet",
    text: "Once a swap is accepted you get a private chat and can share a meeting link to learn face to face.",
  },
  {
    icon: <SearchIcon />,
    title: "Find the right partner",
    text: "Browse a feed of classmates and search by name, skill or language to find who can teach you.",
  },
  {
    icon: <StarIcon />,
    title: "Rate and climb the board",
    text: "Rate your partner after every swap. Great mentors rise on the leaderboard and earn rewards.",
  },
  {
    icon: <RocketIcon />,
    title: "Build together",
    text: "Post a project problem as an implement, review who wants to join, and build it as a team.",
  },
];

const steps = [
  { title: "Create your profile", text: "List the skills you know, the skills you want, and the languages you speak." },
  { title: "Send a request", text: "Find a classmate, propose a swap or offer skill coins, and wait for a yes." },
  { title: "Learn and rate", text: "Chat, meet and learn. Finish the swap, rate each other and earn a coin." },
];

export function Component() {
  return (
    <>
      <title>Skill Exchange · Swap skills with fellow students</title>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroGlow} aria-hidden="true" />
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroCopy}>
            <p className={styles.badge}>
              <span className={styles.badgeDot} aria-hidden="true" />
              Built by students, for students
            </p>
            <h1 id="hero-title" className={styles.title}>
              Welcome to <span className={styles.gradientText}>Skill&nbsp;Exchange</span>
            </h1>
            <p className={styles.lead}>
              Hi there! Teach what you know and learn what you don't. Swap skills one-to-one with fellow students, or pay with skill coins,
              then chat, meet and grow together.
            </p>
            <div className={styles.ctas}>
              <ButtonLink to={paths.dashboard()} size="lg" endIcon={<ArrowRightIcon size={18} />}>
                Get Started
              </ButtonLink>
              <ButtonLink to={paths.about} size="lg" variant="secondary">
                About Skill Exchange
              </ButtonLink>
            </div>
            <ul role="list" className={styles.proof}>
              <li>Free to join</li>
              <li>10 skill categories</li>
              <li>27 languages</li>
            </ul>
          </div>
          <HeroVisual />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <div className="container">
          <div className={styles.sectionHead}>
            <p className={styles.eyebrow}>Why Skill Exchange</p>
            <h2 id="features-title" className={styles.sectionTitle}>
              Everything you need to learn from each other
            </h2>
            <p className={styles.sectionLead}>
              One place to find a partner, agree on a swap, learn together and keep track of what you have achieved.
            </p>
          </div>
          <ul role="list" className={styles.features}>
            {features.map((feature) => (
              <li key={feature.title} className={styles.feature}>
                <span className={styles.featureIcon} aria-hidden="true">
                  {feature.icon}
                </span>
                <h3 className={styles.featureTitle}>{feature.title}</h3>
                <p className={styles.featureText}>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.sectionMuted}`} aria-labelledby="steps-title">
        <div className="container">
          <div className={styles.sectionHead}>
            <p className={styles.eyebrow}>How it works</p>
            <h2 id="steps-title" className={styles.sectionTitle}>
              Three steps to your first swap
            </h2>
          </div>
          <ol role="list" className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className={styles.featureTitle}>{step.title}</h3>
                <p className={styles.featureText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="cta-title">
        <div className="container">
          <div className={styles.cta}>
            <div>
              <h2 id="cta-title" className={styles.ctaTitle}>
                Ready to swap your first skill?
              </h2>
              <p className={styles.ctaText}>Set up your profile in a couple of minutes and meet your first learning partner today.</p>
            </div>
            <ButtonLink
              to={paths.dashboard()}
              size="lg"
              variant="secondary"
              className={styles.ctaButton}
              endIcon={<ArrowRightIcon size={18} />}
            >
              Start swapping
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}

/** A static illustration of a swap, built from markup so it stays crisp and light. */
function HeroVisual() {
  return (
    <div className={styles.visual} aria-hidden="true">
      <div className={styles.visualCard}>
        <div className={styles.visualHeader}>
          <span className={styles.visualLabel}>Swap request</span>
          <span className={styles.visualStatus}>Accepted</span>
        </div>
        <div className={styles.people}>
          <Person initials="AK" name="Arjun K." teaches="Python" wants="Guitar" tone="violet" />
          <span className={styles.swapBadge}>
            <SwapIcon size={18} />
          </span>
          <Person initials="MR" name="Meera R." teaches="Guitar" wants="Python" tone="pink" />
        </div>
        <div className={styles.chatPreview}>
          <p className={styles.bubbleIn}>Saturday 5pm works for me! Sharing a meeting link.</p>
          <p className={styles.bubbleOut}>Perfect, see you there</p>
        </div>
      </div>
      <div className={`${styles.floatChip} ${styles.chipCoins}`}>
        <CoinsIcon size={16} /> +1 skill coin
      </div>
      <div className={`${styles.floatChip} ${styles.chipRating}`}>
        <StarIcon size={16} /> 4.9 rating
      </div>
    </div>
  );
}

function Person(props: { initials: string; name: string; teaches: string; wants: string; tone: "violet" | "pink" }) {
  return (
    <div className={styles.person}>
      <span className={`${styles.avatar} ${styles[props.tone]}`}>{props.initials}</span>
      <span className={styles.personName}>{props.name}</span>
      <span className={styles.skillTag}>Teaches {props.teaches}</span>
      <span className={styles.skillWant}>Wants {props.wants}</span>
    </div>
  );
}
