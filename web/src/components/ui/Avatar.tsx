import { useMemo, useState } from "react";
import { avatarSvg } from "../../../../common/avatar";
import { cx } from "../../lib/cx";
import styles from "./Avatar.module.css";

export interface AvatarProps {
  name: string;
  image: string | null | undefined;
  /** Width and height in px. */
  size: number;
  className?: string;
  /** Alt text of a real picture; "" (decorative) by default, as the name is always next to it. */
  alt?: string;
}

/** The generated avatar as an image URL: the initials as SVG text in the system font. */
export const generatedAvatarUrl = (name: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(avatarSvg(name))}`;

/**
 * A student's round picture, or, when there is none (or it fails to load), their initials
 * drawn as real text (SVG, system font) on a gradient from their name: sharp at every size.
 * The one avatar of the app (dashboard, cards, profile, chat, notifications, applicants).
 */
export function Avatar({ name, image, size, className, alt = "" }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const generated = useMemo(() => generatedAvatarUrl(name), [name]);
  const picture = image && broken !== image ? image : null;
  return (
    <span className={cx(styles.avatar, className)} style={{ width: size, height: size }} data-generated={picture ? undefined : ""}>
      <img
        src={picture ?? generated}
        alt={picture ? alt : ""}
        loading="lazy"
        width={size}
        height={size}
        onError={picture ? () => setBroken(picture) : undefined}
      />
    </span>
  );
}
