import "../styles/index.css";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProvider } from "./provider";
import { createAppRouter } from "./router";

const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <AppProvider>
    <RouterProvider router={router} />
  </AppProvider>,
);
