import { useState } from "react";
import { cx } from "../../../lib/cx";
import { initials } from "../../../lib/initials";
import styles from "./Avatar.module.css";

interface AvatarProps {
  name: string;
  image: string | null | undefined;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** A student's picture, or their initials when there is none (or it fails to load). Decorative: the name is always next to it. */
export function Avatar({ name, image, size = "md", className }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={cx(styles.avatar, styles[size], className)} aria-hidden="true">
      {image && !broken ? <img src={image} alt="" loading="lazy" onError={() => setBroken(true)} /> : initials(name) || "?"}
    </span>
  );
}
