/**
 * Keeps CSS custom properties on the root element in line with the page's layout: `compute` is read
 * now and again whenever one of `watched` changes size, the window resizes or the page scrolls. Returns
 * the cleanup, which removes the properties. (The answer bar and the controls it keeps clear of:
 * components/ui/ActionFeedback, lib/use-action-feedback.)
 */
export function syncRootVars(watched: readonly Element[], compute: () => Record<string, string>): () => void {
  const root = document.documentElement;
  let names: string[] = [];
  const update = () => {
    const values = compute();
    names = Object.keys(values);
    for (const name of names) root.style.setProperty(name, values[name]!);
  };
  update();
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
  for (const el of watched) observer?.observe(el);
  window.addEventListener("resize", update);
  window.addEventListener("scroll", update, { passive: true });
  return () => {
    observer?.disconnect();
    window.removeEventListener("resize", update);
    window.removeEventListener("scroll", update);
    for (const name of names) root.style.removeProperty(name);
  };
}
