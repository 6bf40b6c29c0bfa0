import { z } from "zod";
import { brandMarkSvg, escapeHtml } from "../../shared/html.js";
import { isMailKind, MAIL_KIND_LABELS, MAIL_MODES, MAIL_SETTINGS_MESSAGES as M } from "../../../../common/notifications.js";
import { requireUser, type KitServices } from "../../kit/context.js";
import { documented, route } from "../../kit/rest-kit.js";
import { AppError, badInput } from "../../shared/errors.js";
import type { MailSettingView } from "./notification-mail.service.js";
import { type RestRequest, type RestRoutes, TextAnswer } from "../../kit/rest-routes.js";

const toRest = (list: MailSettingView[]) => ({
  error: "",
  settings: list.map((s) => ({ kind: s.kind, label: MAIL_KIND_LABELS[s.kind], mode: s.mode })),
});

const tag = "notifications";

const SettingsAnswer = z.object({
  error: z.literal(""),
  settings: z.array(z.object({ kind: z.string(), label: z.string(), mode: z.enum(MAIL_MODES) })),
});

const unsubscribeDoc = (summary: string) => ({
  tag,
  summary,
  description:
    "No sign-in: the `token` (an HMAC the server made for one student and kind, or for the digest) is the authority. 400 with an HTML page for a token that is not one.",
  auth: "none" as const,
  query: z.object({ token: z.string().describe("From the mail's List-Unsubscribe link.") }),
  response: z.string().describe("An HTML page."),
  responseType: "text/html",
  responses: { 400: { when: "The token is not one the server made (an HTML page).", type: "text/html" } },
});

/** Where the page leads back into the app: the mail settings it mentions, and the home page. */
const WAY_BACK = `<p class="back"><a href="/settings/notifications">Mail settings</a> · <a href="/">Skill Exchange</a></p>`;
/**
 * The page a mail's link opens, often on a phone and signed out: the app's look (light, as the app is)
 * in one small inline style (the app's policy allows inline styles), its one button a full-width
 * 48 px target.
 */
const STYLE =
  ":root{--bg:#f6f7fb;--card:#fff;--text:#111827;--muted:#4b5563;--border:#e5e7eb;--accent:#5b4bf0;--on-accent:#fff}" +
  "*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:start center;padding:48px 16px;background:var(--bg);color:var(--text);" +
  "font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}" +
  "main{width:100%;max-width:440px;padding:28px 24px;background:var(--card);border:1px solid var(--border);border-radius:16px;box-shadow:0 8px 24px rgba(17,24,39,.08)}" +
  ".brand{display:flex;align-items:center;gap:10px;margin:0 0 20px;font-weight:700;color:var(--text);text-decoration:none}" +
  ".brand svg{flex:none}" +
  "h1{margin:0 0 8px;font-size:24px;line-height:1.25}p{margin:0 0 16px;color:var(--muted)}" +
  "button{width:100%;min-height:48px;margin:4px 0 16px;border:0;border-radius:10px;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;cursor:pointer}" +
  "button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}" +
  "a{color:var(--accent)}.back{margin:0;font-size:14px}.back a{display:inline-block;padding:12px 0}";
/** `title` is text; `body` is markup, whose words the caller escapes. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)} · Skill Exchange</title><style>${STYLE}</style></head><body><main>` +
  `<a class="brand" href="/">${brandMarkSvg(32)}Skill Exchange</a>` +
  `<h1>${escapeHtml(title)}</h1>${body}${WAY_BACK}</main></body></html>`;

/**
 * Mail settings for the signed-in student, and the one-click unsubscribe link every notification
 * mail carries (RFC 8058): GET shows what the link would turn off and a button (mail scanners
 * follow links, so a GET changes nothing); POST turns it off. Neither needs signing in; the
 * token is an HMAC only the server can make.
 */
export function notificationSettingsRest(services: KitServices, r: RestRoutes): void {
  r.get(
    "/notification-settings",
    route(
      services,
      { tag, summary: "The caller's notification mail settings, one per kind", auth: "bearer", response: SettingsAnswer },
      async (_req, ctx) => toRest(await services.notificationMail.settingsOf(requireUser(ctx).id)),
    ),
  );

  /** Body: `{ settings: { <kind>: "off" | "instant" | "digest", ... } }` or `{ settings: [{ kind, mode }] }`. */
  r.put(
    "/notification-settings",
    route(
      services,
      {
        tag,
        summary: "Change some of the caller's notification mail settings",
        description:
          'Body: `{ settings: { <kind>: "off" | "instant" | "digest", ... } }` or `{ settings: [{ kind, mode }] }`; kinds not named keep their setting.',
        auth: "bearer",
        body: z
          .object({ settings: z.unknown().describe("What to change, as an object by kind or a list of { kind, mode }.") })
          .passthrough(),
        response: SettingsAnswer,
      },
      async (req, ctx) => {
        const me = requireUser(ctx).id;
        const raw: unknown = (req.body as { settings?: unknown } | undefined)?.settings;
        const changes = Array.isArray(raw)
          ? (raw as Array<{ kind: unknown; mode: unknown }>)
          : raw && typeof raw === "object"
            ? Object.entries(raw).map(([kind, mode]) => ({ kind, mode }))
            : null;
        if (!changes) throw badInput(M.badKind);
        return toRest(await services.notificationMail.update(me, changes));
      },
    ),
  );

  const token = (req: RestRequest) => (typeof req.query.token === "string" ? req.query.token : "");
  const html = (text: string) => new TextAnswer("text/html; charset=utf-8", text);

  r.get(
    "/unsubscribe",
    documented(
      unsubscribeDoc("What the one-click link in a notification mail turns off, and a button to confirm (an HTML page; changes nothing)"),
      async (req, res) => {
        const t = services.notificationMail.describeToken(token(req));
        res.setHeader("cache-control", "no-store");
        if (!t) {
          res.status(400);
          return html(page("Unsubscribe", `<p role="alert">${M.linkInvalid}</p>`));
        }
        const what =
          t.scope === "digest"
            ? "the daily digest mail"
            : isMailKind(t.scope)
              ? `mails about: ${MAIL_KIND_LABELS[t.scope].toLowerCase()}`
              : "alerts for this saved search";
        // Back on the page after unsubscribing, or off in the settings already: nothing to ask.
        if (await services.notificationMail.alreadyOff(token(req))) {
          return html(page("Unsubscribed", `<p role="status">${M.alreadyOff}</p>`));
        }
        return html(
          page(
            "Unsubscribe",
            `<p>Stop ${what}? You can turn them on again in your mail settings.</p>` +
              `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
      },
    ),
  );

  r.post(
    "/unsubscribe",
    documented(
      unsubscribeDoc("One-click unsubscribe (RFC 8058): turns off what the mail's token names; answers an HTML page"),
      async (req, res) => {
        res.setHeader("cache-control", "no-store");
        try {
          await services.notificationMail.unsubscribe(token(req));
          return html(page("Unsubscribed", `<p role="status">${M.unsubscribed}</p>`));
        } catch (e) {
          if (!(e instanceof AppError && e.code === "BAD_USER_INPUT")) throw e;
          res.status(400);
          return html(page("Unsubscribe", `<p role="alert">${M.linkInvalid}</p>`));
        }
      },
    ),
  );
}
