import "../styles/index.css";
import { createRoot } from "react-dom/client";
import { registerServiceWorker } from "../lib/pwa";
import { RouterProvider } from "react-router/dom";
import { AppProvider } from "./provider";
import { createAppRouter } from "./router";

const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <AppProvider>
    <RouterProvider router={router} />
  </AppProvider>,
);

// The installable app: the service worker registers after the load event (never before first paint).
registerServiceWorker();
