import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get, html, post } from "./helpers";
import { ip, signUp } from "./fixtures";

const act = (cookie: string, fields: Record<string, string | undefined>, lang = "") =>
  post(`${lang}/account`, Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)), { cookie, headers: ip() });

describe("personal data", () => {
  it("saves name, birthday, gender and several sizes; says saved after the redirect", async () => {
    const { cookie, id } = await signUp({ email: "personal@example.uz" });
    const body = new URLSearchParams({
      intent: "save-details",
      firstName: "Madina",
      lastName: "Karimova",
      birthDay: "29",
      birthMonth: "2",
      birthYear: "1996",
      gender: "0",
    });
    for (const s of ["37", "38"]) body.append("shoeSizes", s);
    for (const s of ["S", "M", "bogus"]) body.append("clotheSizes", s);
    const res = await get("/account", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: "http://shop.test" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/account?section=personal&notice=saved#personal");
    const row = await env.DB.prepare(
      "SELECT first_name, last_name, birth_day, birth_month, birth_year, gender, shoe_sizes, clothe_sizes FROM users WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      first_name: "Madina",
      last_name: "Karimova",
      birth_day: 29,
      birth_month: 2,
      birth_year: 1996,
      gender: 0,
      shoe_sizes: '["37","38"]',
      clothe_sizes: '["S","M"]',
    });
    const page = await html("/account?section=personal&notice=saved", { headers: { Cookie: cookie } });
    expect(page.body).toMatch(/data-testid="section-notice">Saqlandi\./);
    const box = (size: string) => /<input[^>]*name="shoeSizes"[^>]*>/g[Symbol.match](page.body)!.find((tag) => tag.includes(`value="${size}"`))!;
    expect(box("37")).toContain("checked");
    expect(box("39")).not.toContain("checked");
  });

  it("validates personal data and birthday together, saves nothing, keeps what was typed", async () => {
    const { cookie, id } = await signUp({ email: "invalid@example.uz" });
    const res = await act(cookie, { intent: "save-details", firstName: "", lastName: "Typed", birthDay: "31", birthMonth: "2", gender: "7" }, "/ru");
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Введите имя.");
    expect(body).toContain("Выберите пол.");
    expect(body).toContain("День — от 1 до 31");
    expect(body).toMatch(/name="lastName"[^>]*value="Typed"/);
    expect((await env.DB.prepare("SELECT last_name FROM users WHERE id = ?").bind(id).first<{ last_name: string }>())!.last_name).toBe("");
    for (const fields of [
      { birthDay: "0", birthMonth: "1" },
      { birthDay: "1", birthMonth: "13" },
      { birthDay: "1" },
      { birthDay: "abc", birthMonth: "1" },
      { birthDay: "1", birthMonth: "1", birthYear: "1800" },
    ]) {
      const r = await act(cookie, { intent: "save-details", firstName: "A", ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe("kids", () => {
  it("adds, edits and deletes a kid", async () => {
    const { cookie, id } = await signUp({ email: "kids@example.uz" });
    expect((await act(cookie, { intent: "kid-add", gender: "1", birthday: "2019-05-04" })).status).toBe(303);
    const kid = (await env.DB.prepare("SELECT id, gender, birthday FROM kids WHERE user_id = ?").bind(id).first<{ id: number }>())!;
    expect(kid).toMatchObject({ gender: 1, birthday: "2019-05-04" });
    expect((await act(cookie, { intent: "kid-save", id: String(kid.id), gender: "0", birthday: "2020-01-31" })).status).toBe(303);
    expect(await env.DB.prepare("SELECT gender, birthday FROM kids WHERE id = ?").bind(kid.id).first()).toEqual({ gender: 0, birthday: "2020-01-31" });
    const page = await html("/account", { headers: { Cookie: cookie } });
    expect(page.body).toContain(`data-testid="kid-${kid.id}"`);
    expect((await act(cookie, { intent: "kid-delete", id: String(kid.id) })).status).toBe(303);
    expect(await env.DB.prepare("SELECT id FROM kids WHERE id = ?").bind(kid.id).first()).toBeNull();
  });

  it("refuses impossible birthdays and missing gender with 400", async () => {
    const { cookie } = await signUp({ email: "kids-bad@example.uz" });
    for (const fields of [
      { gender: "1", birthday: "2019-02-30" },
      { gender: "1", birthday: "2999-01-01" },
      { gender: "1", birthday: "yesterday" },
      { birthday: "2019-01-01" },
      { gender: "x", birthday: "2019-01-01" },
    ]) {
      expect((await act(cookie, { intent: "kid-add", ...fields })).status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe("addresses", () => {
  it("lists, creates, edits, sets main and deletes", async () => {
    const { cookie, id } = await signUp({ email: "addr@example.uz" });
    const add = (street: string) => act(cookie, { intent: "address-add", city: "Toshkent", street, house: "12", apartment: "5" });
    expect((await add("Amir Temur")).status).toBe(303);
    expect((await add("Navoiy")).status).toBe(303);
    const rows = () =>
      env.DB.prepare("SELECT id, street, is_main AS main FROM addresses WHERE user_id = ? ORDER BY id")
        .bind(id)
        .all()
        .then((r) => r.results as { id: number; street: string; main: number }[]);
    let list = await rows();
    expect(list.map((a) => a.main)).toEqual([1, 0]);
    expect((await act(cookie, { intent: "address-main", id: String(list[1]!.id) })).status).toBe(303);
    list = await rows();
    expect(list.map((a) => a.main)).toEqual([0, 1]);
    expect((await act(cookie, { intent: "address-save", id: String(list[0]!.id), city: "Samarqand", street: "Registon", house: "1" })).status).toBe(303);
    expect((await rows())[0]!.street).toBe("Registon");
    expect((await act(cookie, { intent: "address-delete", id: String(list[1]!.id) })).status).toBe(303);
    list = await rows();
    expect(list).toHaveLength(1);
    expect(list[0]!.main).toBe(1);
  });

  it("answers missing fields with 400 and keeps the form", async () => {
    const { cookie } = await signUp({ email: "addr-bad@example.uz" });
    const res = await act(cookie, { intent: "address-add", city: "Toshkent", street: "", house: "" }, "/uk");
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Вкажіть вулицю.");
    expect(body).toMatch(/name="city"[^>]*value="Toshkent"/);
  });

  it("refuses a bidi override or NUL in an address with the field's error, keeping the rest", async () => {
    const { cookie, id } = await signUp({ email: "addr-bidi@example.uz" });
    const res = await act(cookie, { intent: "address-add", city: "Tosh\u202Ekent", street: "Bobur\u0000", house: "12" }, "/ru");
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body.match(/Уберите из поля служебные символы\./g)?.length).toBeGreaterThanOrEqual(2);
    expect(body).toMatch(/name="house"[^>]*value="12"/);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?").bind(id).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("dates are checked against today, not the clock at module load (1970 on workerd)", () => {
  it("takes a birthday in 2001 and a kid born today", async () => {
    const { cookie, id } = await signUp({ email: "dates@example.uz" });
    const details = await act(cookie, { intent: "save-details", firstName: "Sevara", birthDay: "14", birthMonth: "3", birthYear: "2001" });
    expect(details.status).toBe(303);
    const today = new Date().toISOString().slice(0, 10);
    expect((await act(cookie, { intent: "kid-add", gender: "1", birthday: today })).status).toBe(303);
    const row = await env.DB.prepare("SELECT birth_year AS year, (SELECT birthday FROM kids WHERE user_id = ?1) AS kid FROM users WHERE id = ?1")
      .bind(id)
      .first<{ year: number; kid: string }>();
    expect(row).toEqual({ year: 2001, kid: today });
  });
});

describe("only the owner", () => {
  it("refuses guests on every account page and action", async () => {
    expect((await get("/account")).status).toBe(302);
    for (const intent of ["save-details", "kid-add", "kid-delete", "address-add", "address-delete", "phone-start", "email-change"]) {
      const res = await post("/account", { intent, id: "1" }, { headers: ip() });
      expect(res.status, intent).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login\?return_url=/);
    }
  });

  it("never lets one shopper read or change another's kids or addresses, whatever id is sent", async () => {
    const a = await signUp({ email: "owner-a@example.uz" });
    const b = await signUp({ email: "owner-b@example.uz" });
    await act(a.cookie, { intent: "kid-add", gender: "1", birthday: "2018-03-03" });
    await act(a.cookie, { intent: "address-add", city: "Buxoro", street: "Secret street", house: "7" });
    const kidId = (await env.DB.prepare("SELECT id FROM kids WHERE user_id = ?").bind(a.id).first<{ id: number }>())!.id;
    const addressId = (await env.DB.prepare("SELECT id FROM addresses WHERE user_id = ?").bind(a.id).first<{ id: number }>())!.id;

    const bPage = await html("/account", { headers: { Cookie: b.cookie } });
    expect(bPage.body).not.toContain("Secret street");
    expect(bPage.body).not.toContain(`kid-${kidId}`);

    const attempts: Record<string, string>[] = [
      { intent: "kid-save", id: String(kidId), gender: "0", birthday: "2010-01-01" },
      { intent: "kid-delete", id: String(kidId) },
      { intent: "address-save", id: String(addressId), city: "X", street: "Hijacked", house: "1" },
      { intent: "address-delete", id: String(addressId) },
      { intent: "address-main", id: String(addressId) },
    ];
    for (const fields of attempts) {
      const res = await act(b.cookie, fields);
      expect(res.status, fields.intent).toBe(404);
    }
    for (const badId of ["0", "-1", "abc", "99999999999", ""]) {
      expect((await act(b.cookie, { intent: "kid-delete", id: badId })).status, badId).toBe(404);
    }
    expect(await env.DB.prepare("SELECT gender, birthday FROM kids WHERE id = ?").bind(kidId).first()).toEqual({ gender: 1, birthday: "2018-03-03" });
    expect(await env.DB.prepare("SELECT street, is_main FROM addresses WHERE id = ?").bind(addressId).first()).toEqual({ street: "Secret street", is_main: 1 });
  });

  it("answers an unknown intent with 400", async () => {
    const { cookie } = await signUp({ email: "intent@example.uz" });
    expect((await act(cookie, { intent: "drop-table" })).status).toBe(400);
    expect((await act(cookie, {})).status).toBe(400);
  });
});

describe("phone change", () => {
  it("start → SMS code → verify → the details show the new phone", async () => {
    const { cookie, id } = await signUp({ email: "phone@example.uz" });
    const start = await act(cookie, { intent: "phone-start", phone: "+998 93 765 43 21" });
    expect(start.status).toBe(303);
    expect(start.headers.get("Location")).toBe("/account?section=phone&notice=codeSent&phone=%2B998937654321#phone");
    const sms = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = '+998937654321' ORDER BY id DESC").first<{ body: string }>();
    const code = /\d{6}/.exec(sms!.body)![0];
    const wrong = await act(cookie, { intent: "phone-verify", phone: "+998937654321", sms: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/name="sms"/);
    const ok = await act(cookie, { intent: "phone-verify", phone: "+998937654321", sms: code });
    expect(ok.status).toBe(303);
    expect((await env.DB.prepare("SELECT phone FROM users WHERE id = ?").bind(id).first<{ phone: string }>())!.phone).toBe("+998937654321");
    const page = await html("/account", { headers: { Cookie: cookie } });
    expect(page.body).toContain('data-testid="current-phone">+998 93 765 43 21<');
  });

  it("refuses a malformed phone, a phone of another account, and another account's code", async () => {
    const a = await signUp({ email: "phone-a@example.uz" });
    const b = await signUp({ email: "phone-b@example.uz" });
    expect((await act(a.cookie, { intent: "phone-start", phone: "12345" })).status).toBe(400);
    await env.DB.prepare("UPDATE users SET phone = '+998911112222' WHERE id = ?").bind(b.id).run();
    const taken = await act(a.cookie, { intent: "phone-start", phone: "+998911112222" }, "/ru");
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("Этот номер привязан к другому аккаунту.");
    // A code issued to A cannot be used by B.
    await act(a.cookie, { intent: "phone-start", phone: "+998955556666" });
    const code = /\d{6}/.exec((await env.DB.prepare("SELECT body FROM outbox WHERE recipient = '+998955556666'").first<{ body: string }>())!.body)![0];
    expect((await act(b.cookie, { intent: "phone-verify", phone: "+998955556666", sms: code })).status).toBe(400);
  });
});

describe("e-mail change", () => {
  it("sends a link to the new address; the address changes only when it is opened", async () => {
    const { cookie, id } = await signUp({ email: "before@example.uz" });
    const res = await act(cookie, { intent: "email-change", email: "After@Example.uz" });
    expect(res.status).toBe(303);
    expect((await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())!.email).toBe("before@example.uz");
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = 'after@example.uz'").first<{ body: string }>();
    const link = new URL(/(http\S+)/.exec(mail!.body)![1]!);
    expect(link.pathname).toBe("/account/confirm-email-change");
    const open = await get(link.pathname + link.search);
    expect(open.headers.get("Location")).toBe("/account?email=changed#email");
    expect(await env.DB.prepare("SELECT email, email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = ?").bind(id).first()).toEqual({
      email: "after@example.uz",
      confirmed: 1,
    });
    const reused = await get(link.pathname + link.search);
    expect(reused.headers.get("Location")).toBe("/account?email=link-invalid#email");
  });

  it("says why it cannot: taken, the same, malformed", async () => {
    await signUp({ email: "someone@example.uz" });
    const { cookie } = await signUp({ email: "mine@example.uz" });
    const taken = await act(cookie, { intent: "email-change", email: "someone@example.uz" }, "/ru");
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("Аккаунт с этим e-mail уже есть.");
    expect((await act(cookie, { intent: "email-change", email: "mine@example.uz" })).status).toBe(400);
    expect((await act(cookie, { intent: "email-change", email: "nope" })).status).toBe(400);
  });
});
