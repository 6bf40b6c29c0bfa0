import type { ReactNode } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { Footer } from "./Footer";
import { Navbar } from "./Navbar";
import styles from "./RootLayout.module.css";

/** The shared chrome around every page: fixed navbar, main landmark, footer. */
export function RootLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <NavigationProgress />
      <Navbar />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** A thin bar while a lazy route module or loader is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className={styles.progress} role="progressbar" aria-label="Loading page" />;
}
