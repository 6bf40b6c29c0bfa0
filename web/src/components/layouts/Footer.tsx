import type { ReactNode } from "react";
import { site, type SocialNetwork } from "../../lib/site";
import { GitHubIcon, InstagramIcon, LinkedInIcon, MailIcon } from "../ui/icons";
import styles from "./Footer.module.css";
import { Logo } from "./Logo";

const socialIcons: Record<SocialNetwork, ReactNode> = {
  GitHub: <GitHubIcon size={18} />,
  LinkedIn: <LinkedInIcon size={17} />,
  Instagram: <InstagramIcon size={18} />,
};

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.top}`}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>{site.tagline}</p>
          <ul role="list" className={styles.social}>
            {site.social.map(({ network, href }) => (
              <li key={network}>
                <a
                  className={styles.socialLink}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${site.name} on ${network}`}
                >
                  {socialIcons[network]}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.contact}>
          <p className={styles.heading}>Questions? Write to us</p>
          <a className={styles.mail} href={`mailto:${site.contactEmail}`}>
            <MailIcon size={18} />
            {site.contactEmail}
          </a>
        </div>
      </div>
      <div className={styles.bottomBar}>
        <div className={`container ${styles.bottom}`}>
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
          <p>Made by students, for students.</p>
        </div>
      </div>
    </footer>
  );
}
