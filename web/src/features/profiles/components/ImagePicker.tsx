import { useEffect, useId, useRef, useState } from "react";
import { buttonClassName } from "../../../components/ui/Button";
import { initials } from "../../../lib/initials";
import { checkImageFile, IMAGE_TYPES, type Problem } from "../utils/profile-rules";
import styles from "./ProfileForm.module.css";

/** Upload Image: a file input with a live preview of the picked (or current) picture. */
export function ImagePicker({
  current,
  name,
  file,
  onPick,
}: {
  current: string | null;
  name: string;
  file: File | null;
  onPick: (file: File | null, problem: Problem | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? current;

  return (
    <div className={styles.imagePicker}>
      <div className={styles.preview}>
        {shown ? <img src={shown} alt="Profile picture preview" /> : <span aria-hidden="true">{initials(name) || "?"}</span>}
      </div>
      <div className={styles.imageText}>
        <label htmlFor={id} className={buttonClassName({ variant: "secondary", size: "sm" })}>
          {shown ? "Change image" : "Upload Image"}
        </label>
        <input
          ref={input}
          id={id}
          className="visually-hidden"
          type="file"
          name="image"
          accept={IMAGE_TYPES.join(",")}
          aria-label="Upload Image"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            const problem = checkImageFile(picked);
            onPick(problem ? null : picked, problem);
            // Picking the same (refused) file again must fire change again.
            if (problem && input.current) input.current.value = "";
          }}
        />
        <p className={styles.hint}>{file ? file.name : "PNG, JPEG, WebP or GIF, up to 2 MB."}</p>
      </div>
    </div>
  );
}
