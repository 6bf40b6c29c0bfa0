import { useState } from "react";
import { initials } from "../../../lib/initials";
import styles from "./Avatar.module.css";

/** A round profile picture, or the initials when there is none (or it fails to load). */
export function Avatar({ name, image, size = 40 }: { name: string; image: string | null | undefined; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const showImage = image && broken !== image;
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.38 }}>
      {showImage ? <img src={image} alt="" loading="lazy" onError={() => setBroken(image)} /> : <span aria-hidden="true">{initials(name)}</span>}
    </span>
  );
}
