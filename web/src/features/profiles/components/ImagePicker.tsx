import { useEffect, useId, useRef, useState } from "react";
import { generatedAvatarUrl } from "../../../components/ui/Avatar";
import { buttonClassName } from "../../../components/ui/Button";
import { FieldError } from "../../../components/ui/Field";
import { IMAGE_TYPES } from "../../../../../common/profiles";
import { checkImageFile, type Problem } from "../utils/profile-rules";
import fieldStyles from "../../../components/ui/Field.module.css";
import styles from "./ImagePicker.module.css";

/**
 * Upload Image: a file input with a live preview of the picked (or current) picture. A student
 * with no picture yet must give one (spec: "image required if none exists"; the server refuses
 * the profile without): the field says so before they submit, as the other required fields do.
 */
export function ImagePicker({
  current,
  name,
  file,
  error,
  errorAnnounced,
  onPick,
}: {
  /** The saved picture; without one a picture is required. */
  current: string | null;
  name: string;
  file: File | null;
  /** Why the picture (or the lack of one) is refused, under the button. */
  error?: string;
  /** False when a refused Submit shows it among others (FieldOwnProps.errorAnnounced). */
  errorAnnounced?: boolean;
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
  const required = !current;

  return (
    <div className={styles.imagePicker}>
      <div className={styles.preview}>
        {shown ? <img src={shown} alt="Profile picture preview" /> : <img src={generatedAvatarUrl(name)} alt="" />}
      </div>
      <div className={styles.imageText}>
        <label htmlFor={id} className={buttonClassName({ variant: "secondary", size: "sm" })}>
          {shown ? "Change image" : "Upload Image"}
          {required && (
            <span className={fieldStyles.required} aria-hidden="true">
              *
            </span>
          )}
        </label>
        <input
          ref={input}
          id={id}
          className="visually-hidden"
          type="file"
          name="image"
          accept={IMAGE_TYPES.join(",")}
          aria-label="Upload Image"
          // The form checks on submit (noValidate); `required` tells assistive technology now.
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            const problem = checkImageFile(picked);
            onPick(problem ? null : picked, problem);
            // Picking the same (refused) file again must fire change again.
            if (problem && input.current) input.current.value = "";
          }}
        />
        {error && (
          <FieldError id={`${id}-error`} announce={errorAnnounced}>
            {error}
          </FieldError>
        )}
        <p id={`${id}-hint`} className={styles.hint}>
          {file ? file.name : `${required ? "Required. " : ""}PNG, JPEG, WebP or GIF, up to 2 MB.`}
        </p>
      </div>
    </div>
  );
}
