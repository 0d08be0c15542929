import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { purgeExpired } from "../../workers/maintenance";
import { buyable, clientAddress, Shopper, signUp } from "./fixtures";
import { get, html, nameOf, post } from "./helpers";

type Sent = { channel: string; subject: string; body: string; link: URL | null };

async function messagesTo(recipient: string): Promise<Sent[]> {
  const { results } = await env.DB.prepare("SELECT channel, subject, body FROM outbox WHERE recipient = ? ORDER BY id")
    .bind(recipient)
    .all<{ channel: string; subject: string; body: string }>();
  return results.map((r) => ({ ...r, link: /(https?:\/\/\S+)/.exec(r.body)?.[1] ? new URL(/(https?:\/\/\S+)/.exec(r.body)![1]!) : null }));
}

let friends = 0;
/** A friend's phone no earlier test used (the limits count per recipient). */
const friendPhone = () => {
  const n = String(++friends).padStart(4, "0");
  return { typed: `90 123 ${n.slice(0, 2)} ${n.slice(2)}`, stored: `+99890123${n}` };
};
const friendEmail = () => `friend-${++friends}-${crypto.randomUUID().slice(0, 6)}@example.uz`;

const { p, skus } = buyable(2, { sizes: 2 });
const other = buyable(3).sku;

/** The product page's form as a page without JavaScript posts it. */
const hint = (s: Shopper, fields: Record<string, string>, lang = "ru") => s.post(`${lang === "uz" ? "" : `/${lang}`}/product/${p.slug}/gift-hint`, fields);
const hintJson = (s: Shopper, body: Record<string, unknown>, lang = "ru") => s.postJson(`/gift-hints/create?lang=${lang}`, { product_id: p.id, ...body });

describe("the product page's gift hint", () => {
  it("is linked from the product page, and is a page of its own with the sizes (one chosen by the URL), the friend's contact and the name", async () => {
    const { body } = await html(`/ru/product/${p.slug}`);
    expect(body).toContain(`href="/ru/product/${p.slug}/gift-hint#gift-hint" data-testid="gift-hint-link"`);
    const page = await html(`/ru/product/${p.slug}/gift-hint?size=${skus[1]!.id}`);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).not.toContain("private");
    expect(page.body).toContain('data-testid="gift-hint-form"');
    expect(page.body).toMatch(new RegExp(`<input type="radio" name="size" checked="" value="${skus[1]!.id}"`));
    expect(page.body).toContain('name="contact"');
    expect(page.body).toContain('name="name"');
  });

  it("sends the product and size to a friend's phone through the outbox, with the shopper's name and a link that opens the product with that size chosen", async () => {
    const guest = new Shopper();
    const friend = friendPhone();
    const res = await hint(guest, { size: String(skus[1]!.id), contact: friend.typed, name: "Dilnoza" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/ru/product/${p.slug}/gift-hint?sent=1#gift-hint`);
    expect(guest.cookie).toBeDefined();
    const [sms] = await messagesTo(friend.stored);
    expect(sms!.channel).toBe("sms");
    expect(sms!.body).toContain("Dilnoza");
    expect(sms!.body).toContain(nameOf(p, "ru"));
    expect(sms!.body).toContain(skus[1]!.size);
    expect(sms!.link!.origin).toBe("http://shop.test");
    expect(sms!.link!.pathname).toBe(`/ru/product/${p.slug}/gift-hint`);
    const thanks = await guest.get(`/ru/product/${p.slug}/gift-hint?sent=1`);
    expect(thanks.body).toContain('data-testid="gift-hint-sent"');
    // The friend's link: the product with the size chosen.
    const open = await get(sms!.link!.pathname + sms!.link!.search);
    expect(open.status).toBe(303);
    expect(open.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(open.headers.get("Location")).toBe(`/ru/product/${p.slug}?size=${skus[1]!.id}`);
    const product = await html(open.headers.get("Location")!);
    expect(product.body).toMatch(new RegExp(`<input type="radio" name="purchasableId" checked="" value="${skus[1]!.id}"`));
    // The token on another product's page opens nothing.
    expect((await get(`/ru/product/${buyable(3).p.slug}/gift-hint${sms!.link!.search}`)).status).toBe(400);
    // Again: the same product (the link keeps working).
    expect((await get(sms!.link!.pathname + sms!.link!.search)).headers.get("Location")).toBe(`/ru/product/${p.slug}?size=${skus[1]!.id}`);
  });

  it("sends an e-mail to a friend's address, in the page's language", async () => {
    const to = friendEmail();
    expect((await hint(new Shopper(), { size: String(skus[0]!.id), contact: to.toUpperCase(), name: "Aziz" }, "uk")).status).toBe(303);
    const [mail] = await messagesTo(to);
    expect(mail!.channel).toBe("email");
    expect(mail!.subject).toBe("Aziz натякає на подарунок");
    expect(mail!.link!.pathname).toBe(`/uk/product/${p.slug}/gift-hint`);
  });

  it("refuses bad input with the fields' messages in the page's language, keeping what was typed", async () => {
    const guest = new Shopper();
    const empty = await hint(guest, { size: "", contact: "", name: "" });
    expect(empty.status).toBe(400);
    const body = await empty.text();
    for (const message of ["Выберите размер", "Введите телефон или e-mail друга", "Введите ваше имя"]) expect(body).toContain(message);
    const wrong = await hint(guest, { size: String(skus[0]!.id), contact: "not a phone", name: "Kamola" }, "uz");
    expect(wrong.status).toBe(400);
    const text = await wrong.text();
    expect(text).toContain("+998 raqamini yoki e-mail manzilini kiriting");
    expect(text).toContain('value="not a phone"');
    expect(text).toContain('value="Kamola"');
    // Another product's size.
    const foreign = await hint(guest, { size: String(other.id), contact: friendPhone().typed, name: "Kamola" });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("Выберите размер");
  });

  it("keeps at most five open hints per shopper: the sixth is refused with the limit's message until a friend opens one", async () => {
    const member = await signUp();
    const phones = Array.from({ length: 6 }, friendPhone);
    for (const phone of phones.slice(0, 5)) expect((await hint(member, { size: String(skus[0]!.id), contact: phone.typed, name: "Lola" })).status).toBe(303);
    const sixth = await hint(member, { size: String(skus[0]!.id), contact: phones[5]!.typed, name: "Lola" });
    expect(sixth.status).toBe(409);
    expect(await sixth.text()).toContain("Намёков на подарок — не больше 5");
    expect(await messagesTo(phones[5]!.stored)).toEqual([]);
    // A friend opens theirs: one is no longer open.
    const [sms] = await messagesTo(phones[0]!.stored);
    await get(sms!.link!.pathname + sms!.link!.search);
    expect((await hint(member, { size: String(skus[0]!.id), contact: phones[5]!.typed, name: "Lola" })).status).toBe(303);
    // Another shopper has their own five.
    expect((await hint(new Shopper(), { size: String(skus[0]!.id), contact: friendPhone().typed, name: "Bobur" })).status).toBe(303);
  });

  it("lets no more than five through when a shopper sends many at once", async () => {
    const member = await signUp();
    const contacts = Array.from({ length: 9 }, () => friendEmail());
    const answers = await Promise.all(contacts.map((contact) => hintJson(member, { size: skus[0]!.id, contact, name: "Said" }).then((r) => r.status)));
    expect(answers.filter((s) => s === 201)).toHaveLength(5);
    expect(answers.filter((s) => s === 409)).toHaveLength(4);
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM gift_hints WHERE user_id = ?").bind(member.id).first<{ n: number }>();
    expect(open!.n).toBe(5);
    // Each hint went with its message in the same batch, and a refused one wrote none.
    const sent = await env.DB.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE recipient IN (${contacts.map(() => "?").join(",")})`)
      .bind(...contacts.map((f) => f.toLowerCase()))
      .first<{ n: number }>();
    expect(sent!.n).toBe(5);
  });

  it("is rate limited per client address and per friend, with Retry-After", async () => {
    const from = clientAddress();
    const asClient = (i: number) =>
      post(`/ru/product/${p.slug}/gift-hint`, { size: String(skus[0]!.id), contact: friendEmail(), name: `N${i}` }, { headers: { "CF-Connecting-IP": from } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await asClient(i)).status);
    // Each post is a new guest (no cookie kept), so the cap of open hints is not what stops it.
    expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await asClient(11);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Слишком много намёков");
    const friend = friendPhone();
    const toFriend = () => hint(new Shopper(), { size: String(skus[0]!.id), contact: friend.typed, name: "Ulug'bek" });
    for (let i = 0; i < 3; i++) expect((await toFriend()).status).toBe(303);
    const fourth = await toFriend();
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("says so for a link of no hint, above the form", async () => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "", "%3Cscript%3E"]) {
      const { res, body } = await html(`/ru/product/${p.slug}/gift-hint?token=${token}`);
      expect(res.status, token).toBe(400);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(body).toContain('data-testid="gift-hint-invalid"');
      expect(body).toContain("Эта ссылка на подарок не работает");
      expect(body).toContain('data-testid="gift-hint-form"');
    }
  });
});

describe("POST /gift-hints/create", () => {
  it("sends a hint (201, JSON), refuses bad input with 422 and named fields in the asked language, and takes only POST", async () => {
    const guest = new Shopper();
    const to = friendEmail();
    const ok = await hintJson(guest, { size: skus[0]!.id, contact: to, name: "Nodira" }, "uz");
    expect(ok.status).toBe(201);
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await ok.json()).toMatchObject({ success: true });
    expect((await messagesTo(to))[0]!.link!.pathname).toBe(`/product/${p.slug}/gift-hint`);
    const bad = await hintJson(guest, { size: "x", contact: "12", name: "" }, "uk");
    expect(bad.status).toBe(422);
    const { errors } = (await bad.json()) as { errors: { field: string; message: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "size", message: "Виберіть розмір" },
        { field: "contact", message: "Введіть номер +998 або адресу e-mail" },
        { field: "name", message: "Введіть ваше ім'я" },
      ]),
    );
    const unknown = await guest.postJson("/gift-hints/create?lang=ru", { product_id: 999999, size: skus[0]!.id, contact: friendEmail(), name: "A" });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("product_id");
    const wrongMethod = await get("/gift-hints/create");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("POST");
    const broken = await get("/gift-hints/create", { method: "POST", body: "{", headers: { "Content-Type": "application/json", Origin: "http://shop.test" } });
    expect(broken.status).toBe(400);
  });

  it("answers the sixth open hint with 409 and the limit's code", async () => {
    const member = await signUp();
    for (let i = 0; i < 5; i++) expect((await hintJson(member, { size: skus[0]!.id, contact: friendEmail(), name: "Rustam" })).status).toBe(201);
    const sixth = await hintJson(member, { size: skus[0]!.id, contact: friendEmail(), name: "Rustam" }, "uz");
    expect(sixth.status).toBe(409);
    expect(await sixth.json()).toMatchObject({
      success: false,
      code: "max_gift_hints",
      max: 5,
      message: "Sovg'a ishoralari ko'pi bilan 5 ta: do'stlaringiz oldingilarini ochguncha kuting.",
    });
  });
});

describe("the daily clean-up", () => {
  it("removes hints a month past their end or their opening, and keeps the others", async () => {
    const now = Math.floor(Date.now() / 1000);
    const day = 86400;
    const insert = (hash: string, expires: number, opened: number | null) =>
      env.DB.prepare(
        `INSERT INTO gift_hints (token_hash, guest_key, product_id, sku_id, channel, recipient, sender_name, lang, expires_at, opened_at)
         VALUES (?, 'k', 1, 1, 'sms', '+998901110000', 'A', 'uz', ?, ?)`,
      )
        .bind(hash, expires, opened)
        .run();
    await insert("purge-expired", now - 31 * day, null);
    await insert("purge-opened", now + day, now - 31 * day);
    await insert("keep-open", now + day, null);
    await insert("keep-recent", now - day, now - day);
    await purgeExpired(env.DB, now);
    const { results } = await env.DB.prepare("SELECT token_hash AS h FROM gift_hints WHERE guest_key = 'k' ORDER BY h").all<{ h: string }>();
    expect(results.map((r) => r.h)).toEqual(["keep-open", "keep-recent"]);
  });
});
