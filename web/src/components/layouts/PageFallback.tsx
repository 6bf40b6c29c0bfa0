import { Spinner } from "../ui/Spinner";

/** Shown in the page area while the first page's module loads. */
export function PageFallback() {
  return (
    <div style={{ flex: 1, display: "grid", placeItems: "center", minHeight: "50vh" }}>
      <Spinner size="lg" label="Loading page..." />
    </div>
  );
}
