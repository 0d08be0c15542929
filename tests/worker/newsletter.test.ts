import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decode, get, html, ORIGIN, post } from "./helpers";
import { ip } from "./fixtures";

type Mail = { subject: string; body: string; links: URL[] };

async function emailsTo(to: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare("SELECT subject, body FROM outbox WHERE channel = 'email' AND recipient = ? ORDER BY id")
    .bind(to)
    .all<{ subject: string; body: string }>();
  return results.map((r) => ({ ...r, links: [...r.body.matchAll(/(https?:\/\/\S+)/g)].map((m) => new URL(m[1]!)) }));
}

const linkOf = (mail: Mail, path: string) => mail.links.find((l) => l.pathname.endsWith(path))!;
const pathOf = (url: URL) => url.pathname + url.search;
const statusOf = (email: string) =>
  env.DB.prepare("SELECT status FROM newsletter_subscribers WHERE email = ?")
    .bind(email)
    .first<{ status: string }>()
    .then((r) => r?.status ?? null);

/** The footer's form as a browser without JavaScript posts it. */
const subscribe = (email: string, init: { lang?: string; headers?: Record<string, string>; consent?: boolean } = {}) =>
  post(`${init.lang ? `/${init.lang}` : ""}/subscribe`, { email, ...(init.consent === false ? {} : { consent: "on" }) }, { headers: init.headers ?? ip() });

const subscribeJson = (body: unknown, init: { path?: string; headers?: Record<string, string> } = {}) =>
  get(init.path ?? "/subscribe", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/json", ...(init.headers ?? ip()) },
  });

describe("the footer's newsletter form", () => {
  it("is on every page, the same for every shopper, and leaves anonymous pages cacheable", async () => {
    for (const path of ["/", "/ru/store/women", "/uk/cart"]) {
      const { body } = await html(path, { headers: ip() });
      const form = /<form[^>]*data-testid="newsletter-footer"[^>]*>[\s\S]*?<\/form>/.exec(body)?.[0] ?? "";
      expect(form, path).toContain('method="post"');
      expect(form, path).toMatch(/action="\/(?:ru\/|uk\/)?subscribe"/);
      expect(form).toContain('name="email"');
      expect(form).toContain('name="consent"');
      // Nothing per shopper: no token, no typed value.
      expect(form).not.toMatch(/type="hidden"|value="[^"o]/);
    }
    const home = await get("/", { headers: ip() });
    await home.body?.cancel();
    expect(home.headers.get("Cache-Control")).not.toContain("private");
  });

  it("names its e-mail field for what it is for: on a page with another e-mail field no two fields share a name", async () => {
    for (const [path, label] of [
      ["/ru/signup", "E-mail"],
      ["/signup", "E-pochta"],
    ] as const) {
      const { body } = await html(path, { headers: ip() });
      const labels = [...body.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]*)</g)].map((m) => m[2]!.trim());
      expect(
        labels.filter((l) => l === label),
        path,
      ).toHaveLength(1);
      expect(new Set(labels).size, path).toBe(labels.length);
    }
    expect(decode((await html("/ru/signup", { headers: ip() })).body)).toContain('<label for="newsletter-footer-email">E-mail для рассылки</label>');
  });
});

describe("double opt-in", () => {
  it("sends a confirmation link (and an unsubscribe link) from the configured origin; the link confirms once; thank-you", async () => {
    const res = await subscribe("News.Reader@Example.uz", { lang: "ru" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/ru/subscribe/check-email");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await statusOf("news.reader@example.uz")).toBe("pending");

    const check = await html("/ru/subscribe/check-email");
    expect(check.res.status).toBe(200);
    expect(check.body).toContain("Проверьте почту");
    expect(check.res.headers.get("Cache-Control")).toBe("private, no-store");

    const [mail] = await emailsTo("news.reader@example.uz");
    expect(mail!.subject).toBe("Подтвердите подписку");
    const confirm = linkOf(mail!, "/subscribe/confirm");
    const leave = linkOf(mail!, "/subscribe/unsubscribe");
    expect(confirm.origin).toBe(ORIGIN);
    expect(confirm.pathname).toBe("/ru/subscribe/confirm");
    expect(leave.origin).toBe(ORIGIN);
    // The token is stored hashed: the link's key is nowhere in the table.
    const token = confirm.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE confirm_hash = ?").bind(token).first<{ n: number }>();
    expect(stored!.n).toBe(0);

    const open = await get(pathOf(confirm));
    await open.body?.cancel();
    expect(open.status).toBe(303);
    expect(open.headers.get("Location")).toBe("/ru/subscribe/thank-you");
    expect(open.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await statusOf("news.reader@example.uz")).toBe("confirmed");
    const thanks = await html("/ru/subscribe/thank-you");
    expect(thanks.body).toContain("Спасибо!");

    // Single use.
    const again = await html(pathOf(confirm));
    expect(again.res.status).toBe(400);
    expect(again.body).toContain("Ссылка не работает");
  });

  it("a newer link replaces the older one; an expired link does not confirm", async () => {
    await subscribe("twice@example.uz");
    await subscribe("twice@example.uz");
    const [first, second] = await emailsTo("twice@example.uz");
    const old = await get(pathOf(linkOf(first!, "/subscribe/confirm")));
    await old.body?.cancel();
    expect(old.status).toBe(400);
    expect(await statusOf("twice@example.uz")).toBe("pending");

    await env.DB.prepare("UPDATE newsletter_subscribers SET confirm_expires_at = unixepoch() - 1 WHERE email = ?").bind("twice@example.uz").run();
    const expired = await get(pathOf(linkOf(second!, "/subscribe/confirm")));
    await expired.body?.cancel();
    expect(expired.status).toBe(400);
    expect(await statusOf("twice@example.uz")).toBe("pending");
  });

  it("answers the same for a new, a pending and a confirmed address (the confirmed one gets a note, not a link)", async () => {
    await subscribe("known@example.uz");
    const [mail] = await emailsTo("known@example.uz");
    await (await get(pathOf(linkOf(mail!, "/subscribe/confirm")))).body?.cancel();

    const known = await subscribe("known@example.uz");
    const unknown = await subscribe("unknown@example.uz");
    for (const res of [known, unknown]) {
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/subscribe/check-email");
      expect(await res.text()).toBe("");
    }
    const jsonKnown = await subscribeJson({ email: "known@example.uz", consent: true });
    const jsonUnknown = await subscribeJson({ email: "unknown2@example.uz", consent: true });
    expect(jsonKnown.status).toBe(200);
    expect(await jsonKnown.json()).toEqual(await jsonUnknown.json());

    expect(await statusOf("known@example.uz")).toBe("confirmed");
    const notes = await emailsTo("known@example.uz");
    expect(notes.length).toBe(3);
    expect(notes[1]!.links.map((l) => l.pathname)).toEqual(["/subscribe/unsubscribe"]);
  });
});

describe("unsubscribing", () => {
  it("works from any newsletter e-mail without signing in, and says so", async () => {
    await subscribe("leaver@example.uz", { lang: "uk" });
    const [mail] = await emailsTo("leaver@example.uz");
    await (await get(pathOf(linkOf(mail!, "/subscribe/confirm")))).body?.cancel();
    const leave = linkOf(mail!, "/subscribe/unsubscribe");
    expect(leave.pathname).toBe("/uk/subscribe/unsubscribe");

    // Opening the link changes nothing (mail scanners open links): the page asks.
    const page = await html(pathOf(leave));
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.body).toContain('data-testid="newsletter-unsubscribe"');
    expect(await statusOf("leaver@example.uz")).toBe("confirmed");

    const done = await post("/uk/subscribe/unsubscribe", { token: leave.searchParams.get("token")! });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/uk/subscribe/unsubscribe?done=1");
    expect(await statusOf("leaver@example.uz")).toBe("unsubscribed");
    expect((await html("/uk/subscribe/unsubscribe?done=1")).body).toContain("Ви відписалися");

    const bogus = await post("/uk/subscribe/unsubscribe", { token: "A".repeat(32) });
    expect(bogus.status).toBe(400);
    expect(await bogus.text()).toContain("Посилання не працює");

    // Subscribing again starts over with a new confirmation; the old unsubscribe link still works.
    await subscribe("leaver@example.uz");
    expect(await statusOf("leaver@example.uz")).toBe("pending");
    const second = (await emailsTo("leaver@example.uz")).at(-1)!;
    expect(linkOf(second, "/subscribe/unsubscribe").searchParams.get("token")).toBe(leave.searchParams.get("token"));
  });
});

describe("refusals", () => {
  it("without consent or with a bad e-mail: 400, localized errors, what was typed kept", async () => {
    const noConsent = await subscribe("typed@example.uz", { lang: "ru", consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await noConsent.text();
    expect(body).toContain("Отметьте согласие на получение рассылки");
    expect(body).toMatch(/value="typed@example.uz"/);
    const bad = await subscribe("not-an-email");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('aria-invalid="true"');
    expect(await statusOf("typed@example.uz")).toBeNull();
  });

  it("rate limits per address (3 an hour) and per client (10 an hour), with Retry-After", async () => {
    const headers = ip();
    for (let i = 0; i < 3; i++) expect((await subscribe("limited@example.uz", { headers: ip() })).status).toBe(303);
    const byAddress = await subscribe("limited@example.uz", { headers, lang: "uk" });
    expect(byAddress.status).toBe(429);
    expect(Number(byAddress.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await byAddress.text()).toContain("Забагато спроб");
    expect((await emailsTo("limited@example.uz")).length).toBe(3);

    const client = ip();
    for (let i = 0; i < 10; i++) expect((await subscribe(`client${i}@example.uz`, { headers: client })).status).toBe(303);
    const byClient = await subscribeJson({ email: "client-x@example.uz", consent: "on" }, { headers: client });
    expect(byClient.status).toBe(429);
    expect(Number(byClient.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await emailsTo("client-x@example.uz")).toEqual([]);
  });

  it("takes GET and POST only at /subscribe and /subscribe/unsubscribe", async () => {
    const put = await get("/subscribe", { method: "PUT", headers: { Origin: ORIGIN } });
    await put.body?.cancel();
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
    const thanks = await post("/subscribe/thank-you", { email: "x@example.uz" });
    await thanks.body?.cancel();
    expect(thanks.status).toBe(405);
    const unknown = await get("/subscribe/nothing");
    await unknown.body?.cancel();
    expect(unknown.status).toBe(404);
  });
});

describe("POST /subscribe as JSON", () => {
  it("answers success, 422 with named fields in the request's language, 400 for a malformed body", async () => {
    const ok = await subscribeJson({ email: "app@example.uz", consent: true }, { path: "/subscribe?lang=ru" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toContain("application/json");
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await ok.json()).toEqual({ success: true, message: expect.stringContaining("Мы отправили письмо") });
    expect(await statusOf("app@example.uz")).toBe("pending");
    expect(linkOf((await emailsTo("app@example.uz"))[0]!, "/subscribe/confirm").pathname).toBe("/ru/subscribe/confirm");

    const refused = await subscribeJson({ email: "nope" }, { path: "/uk/subscribe" });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { success: boolean; errors: { field: string; message: string }[] };
    expect(body.success).toBe(false);
    expect(body.errors.map((e) => e.field).sort()).toEqual(["consent", "email"]);
    expect(body.errors.find((e) => e.field === "consent")!.message).toBe("Позначте згоду на отримання розсилки");

    const malformed = await get("/subscribe", { method: "POST", body: "{", headers: { "Content-Type": "application/json", ...ip() } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { success: boolean }).success).toBe(false);
  });
});

describe("clean-up", () => {
  it("forgets addresses never confirmed a day after their link expired", async () => {
    await subscribe("forgotten@example.uz");
    await env.DB.prepare("UPDATE newsletter_subscribers SET confirm_expires_at = unixepoch() - 90000 WHERE email = ?").bind("forgotten@example.uz").run();
    const { purgeExpired } = await import("../../workers/maintenance");
    await purgeExpired(env.DB);
    expect(await statusOf("forgotten@example.uz")).toBeNull();
  });
});
