import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookieOf, get, ORIGIN } from "./helpers";
import { ip, signUp } from "./fixtures";

function api(path: string, method: string, cookie: string | null, body?: unknown, type: "json" | "form" = "json") {
  const headers: Record<string, string> = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", ...ip() };
  if (cookie) headers.Cookie = cookie;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    headers["Content-Type"] = type === "json" ? "application/json" : "application/x-www-form-urlencoded";
    payload = type === "json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>);
  }
  return get(path, { method, headers, body: payload });
}

describe("account JSON endpoints", () => {
  it("answer guests with 401 JSON, never a redirect", async () => {
    for (const [path, method] of [
      ["/api/account", "GET"],
      ["/api/account/save-details", "PUT"],
      ["/api/profile", "PUT"],
      ["/api/kid", "POST"],
      ["/api/kid/1", "DELETE"],
      ["/api/address", "GET"],
      ["/bpm/validate-contact", "POST"],
    ] as const) {
      const res = await api(`${path}?lang=ru`, method, null, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: "Сначала войдите в аккаунт." });
    }
  });

  it("read and save details with the spec's payload names (sizes as JSON strings, gender 1/0)", async () => {
    const { cookie } = await signUp({ email: "api-details@example.uz", firstName: "Api" });
    const saved = await api(
      "/api/account/save-details",
      "PUT",
      cookie,
      { firstName: "Jasur", lastName: "Aliyev", gender: "1", shoeSizes: '["42","43"]', clotheSizes: '["L"]', birthDay: "5", birthMonth: "11" },
      "form",
    );
    expect(saved.status).toBe(200);
    const account = (await (await api("/api/account", "GET", cookie)).json()) as {
      details: Record<string, unknown>;
      phones: unknown[];
      kids: unknown[];
      socials: unknown[];
    };
    expect(account.details).toMatchObject({
      firstName: "Jasur",
      lastName: "Aliyev",
      gender: 1,
      shoeSizes: ["42", "43"],
      clotheSizes: ["L"],
      birthDay: 5,
      birthMonth: 11,
    });
    expect(account).toHaveProperty("phones");
    expect(account).toHaveProperty("kids");
    expect(account.socials).toEqual([]);
    const profile = await api("/api/profile", "POST", cookie, { details: { firstName: "Jasurbek", gender: 1, shoeSizes: ["44"] } });
    expect(profile.status).toBe(200);
    const after = (await (await api("/api/account", "GET", cookie)).json()) as { details: Record<string, unknown> };
    expect(after.details).toMatchObject({ firstName: "Jasurbek", shoeSizes: ["44"] });
  });

  it("answer invalid data with 422 and localized per-field errors; malformed bodies with 400", async () => {
    const { cookie } = await signUp({ email: "api-bad@example.uz", firstName: "Api" });
    const res = await api("/api/profile?lang=uk", "PUT", cookie, { details: { firstName: "", birthDay: "40", birthMonth: "1" } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: "firstName", message: "Введіть ім'я." },
        { field: "birthDay", message: expect.stringContaining("День") },
      ]),
    );
    const broken = await get("/api/profile", {
      method: "PUT",
      body: "{not json",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: ORIGIN },
    });
    expect(broken.status).toBe(400);
    const array = await api("/api/profile", "PUT", cookie, [1, 2]);
    expect(array.status).toBe(400);
  });

  it("add, edit and delete kids; another shopper's kid id is 404", async () => {
    const a = await signUp({ email: "api-kid-a@example.uz", firstName: "Api" });
    const b = await signUp({ email: "api-kid-b@example.uz", firstName: "Api" });
    const made = await api("/api/kid", "POST", a.cookie, { gender: 0, birthday: "2017-07-07" });
    expect(made.status).toBe(201);
    const kidId = (await env.DB.prepare("SELECT id FROM kids WHERE user_id = ?").bind(a.id).first<{ id: number }>())!.id;
    // The created kid comes back with its id, so the client can edit it next.
    expect(await made.json()).toEqual({ success: true, item: { id: kidId, gender: 0, birthday: "2017-07-07" } });
    expect((await api(`/api/kid/${kidId}`, "PUT", a.cookie, { gender: 1, birthday: "2017-07-08" })).status).toBe(200);
    expect((await api(`/api/kid/${kidId}`, "PUT", b.cookie, { gender: 1, birthday: "2010-01-01" })).status).toBe(404);
    expect((await api(`/api/kid/${kidId}`, "DELETE", b.cookie)).status).toBe(404);
    expect((await api(`/api/kid/abc`, "DELETE", a.cookie)).status).toBe(404);
    expect((await api(`/api/kid/${kidId}`, "DELETE", a.cookie)).status).toBe(200);
    expect((await api("/api/kid", "POST", a.cookie, { gender: 3, birthday: "x" })).status).toBe(422);
  });

  it("manage addresses: list, create, edit, set main, delete; foreign ids are 404", async () => {
    const a = await signUp({ email: "api-addr-a@example.uz", firstName: "Api" });
    const b = await signUp({ email: "api-addr-b@example.uz", firstName: "Api" });
    const made = await api("/api/address", "POST", a.cookie, { city: "Toshkent", street: "Bobur", house: "3" });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({
      success: true,
      item: { id: expect.any(Number), city: "Toshkent", street: "Bobur", house: "3", apartment: "", comment: "", isMain: 1 },
    });
    expect((await api("/api/address", "POST", a.cookie, { city: "Toshkent", street: "Mirobod", house: "9" })).status).toBe(201);
    const list = (await (await api("/api/address", "GET", a.cookie)).json()) as { items: { id: number; street: string; isMain: number }[] };
    expect(list.items.map((x) => [x.street, x.isMain])).toEqual([
      ["Bobur", 1],
      ["Mirobod", 0],
    ]);
    const second = list.items[1]!.id;
    expect((await api(`/api/address/${second}/main`, "POST", a.cookie)).status).toBe(200);
    expect((await api(`/api/address/${second}`, "PUT", a.cookie, { city: "Toshkent", street: "Mirobod 2", house: "9" })).status).toBe(200);
    expect((await api(`/api/address/${second}`, "DELETE", b.cookie)).status).toBe(404);
    expect((await api(`/api/address/${second}/main`, "POST", b.cookie)).status).toBe(404);
    expect(((await (await api("/api/address", "GET", b.cookie)).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await api(`/api/address/${second}`, "DELETE", a.cookie)).status).toBe(200);
    const after = (await (await api("/api/address", "GET", a.cookie)).json()) as { items: { street: string; isMain: number }[] };
    expect(after.items).toEqual([expect.objectContaining({ street: "Bobur", isMain: 1 })]);
  });

  it("refuses control and bidi-override characters in text fields, with the field named; line breaks only in the comment", async () => {
    const a = await signUp({ email: "api-text@example.uz", firstName: "Api" });
    for (const [path, method, body, field] of [
      ["/api/address", "POST", { city: "Toshkent", street: "Bo\u0000bur", house: "3" }, "street"],
      ["/api/address", "POST", { city: "Tosh\u202Ekent", street: "Bobur", house: "3" }, "city"],
      ["/api/address", "POST", { city: "Toshkent", street: "Bobur\nkochasi", house: "3" }, "street"],
      ["/api/profile", "PUT", { details: { firstName: "\u202Enilufar" } }, "firstName"],
      ["/api/account/save-details", "PUT", { firstName: "Ali", lastName: "Vali\u2066" }, "lastName"],
    ] as const) {
      const res = await api(`${path}?lang=ru`, method, a.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toMatchObject({ success: false, errors: [{ field, message: "Уберите из поля служебные символы." }] });
    }
    const ok = await api("/api/address", "POST", a.cookie, { city: "Toshkent", street: "Bobur", house: "3", comment: "Podyezd 2\nKod 45" });
    expect(ok.status).toBe(201);
    const rows = await env.DB.prepare("SELECT city, street FROM addresses WHERE user_id = ?").bind(a.id).all<{ city: string; street: string }>();
    expect(rows.results).toEqual([{ city: "Toshkent", street: "Bobur" }]);
  });

  it("a value of the wrong JSON type is 422 naming the field, never stored as text", async () => {
    const a = await signUp({ email: "api-types@example.uz", firstName: "Api" });
    for (const [path, method, body, fields] of [
      ["/api/address", "POST", { city: "Toshkent", street: [1, 2], house: "3" }, ["street"]],
      ["/api/address", "POST", { city: { a: 1 }, street: "Bobur", house: ["3"] }, ["city", "house"]],
      ["/api/kid", "POST", { gender: 0, birthday: ["2017-07-07"] }, ["birthday"]],
      ["/api/profile", "PUT", { details: { firstName: ["Ali"] } }, ["firstName"]],
    ] as const) {
      const res = await api(`${path}?lang=ru`, method, a.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const answer = (await res.json()) as { errors: { field: string; message: string }[] };
      expect(answer.errors.map((e) => e.field)).toEqual(fields);
      expect(answer.errors[0]!.message).toBe("Это поле должно быть текстом.");
    }
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?").bind(a.id).first<{ n: number }>())!.n).toBe(0);
    // Lists where the call takes them: the sizes.
    expect((await api("/api/profile", "PUT", a.cookie, { details: { firstName: "Ali", shoeSizes: ["38", 41] } })).status).toBe(200);
  });

  it("change the phone: validate-contact then validate-sms (pending phone kept in the session)", async () => {
    const { cookie, id } = await signUp({ email: "api-phone@example.uz", firstName: "Api" });
    const start = await api("/bpm/validate-contact", "POST", cookie, {
      phone: "+998 97 000 11 22",
      token: "t",
      tokenType: "v3",
      operationType: "accountDetailsChangePhone",
    });
    expect(start.status).toBe(200);
    expect(await start.json()).toEqual({ data: { success: true } });
    const session = cookieOf(start) ?? cookie;
    const code = /\d{6}/.exec((await env.DB.prepare("SELECT body FROM outbox WHERE recipient = '+998970001122'").first<{ body: string }>())!.body)![0];
    const wrong = await api("/bpm/validate-sms", "POST", session, { sms: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(422);
    // As the spec's client reads a failure: data.success false, then the message (or the first of the list).
    expect(await wrong.json()).toMatchObject({ success: false, data: { success: false }, message: expect.any(String), errors: [{ field: "sms" }] });
    const badPhone = await api("/bpm/validate-contact?lang=ru", "POST", session, { phone: "12" });
    expect(badPhone.status).toBe(422);
    expect(await badPhone.json()).toMatchObject({ data: { success: false }, message: expect.stringMatching(/[А-Яа-я]/) });
    const ok = await api("/api/account/verify-sms", "POST", session, { sms: code });
    expect(ok.status).toBe(200);
    expect((await env.DB.prepare("SELECT phone FROM users WHERE id = ?").bind(id).first<{ phone: string }>())!.phone).toBe("+998970001122");
    const again = await api("/api/account/verify-sms", "POST", cookieOf(ok) ?? session, { sms: code });
    expect(again.status).toBe(409);
  });

  it("change the phone with the captcha: a refused or missing token is tokenError (no code sent, nothing pending); the fields are checked first", async () => {
    const { cookie } = await signUp({ email: "api-phone-captcha@example.uz", firstName: "Api" });
    const phone = "+998 97 000 33 44";
    const sent = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = '+998970003344'").first<{ n: number }>())!.n;
    const tokenError = { success: false, data: { success: false }, tokenError: "Подтвердите, что вы не робот, и попробуйте ещё раз.", captcha: "interactive" };
    for (const token of [{ token: "t.REJECT", tokenType: "v3" }, {}]) {
      const refused = await api("/api/account/change-phone?lang=ru", "POST", cookie, { phone, ...token, operationType: "accountDetailsChangePhone" });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ ...tokenError, message: tokenError.tokenError, errors: [{ field: "token" }] });
    }
    expect(await sent()).toBe(0);
    expect((await api("/api/account/verify-sms?lang=ru", "POST", cookie, { sms: "123456" })).status).toBe(409);
    // A mistyped phone is refused before the token is spent; another operation is not this call.
    const badPhone = await api("/api/account/change-phone?lang=ru", "POST", cookie, { phone: "12", token: "t.REJECT" });
    const badPhoneBody = await badPhone.json();
    expect(badPhoneBody).toMatchObject({ data: { success: false }, errors: [{ field: "phone" }] });
    expect(badPhoneBody).not.toHaveProperty("tokenError");
    const other = await api("/api/account/change-phone?lang=ru", "POST", cookie, { phone, token: "t", operationType: "publishReview" });
    expect([other.status, ((await other.json()) as { errors: { field: string }[] }).errors[0]!.field]).toEqual([422, "operationType"]);
    expect(await sent()).toBe(0);
    // The interactive challenge's token (v2) passes: the code goes out.
    const ok = await api("/api/account/change-phone?lang=uz", "POST", cookie, {
      phone,
      token: "t",
      tokenType: "v2",
      operationType: "accountDetailsChangePhone",
    });
    expect([ok.status, await ok.json()]).toEqual([200, { data: { success: true } }]);
    expect(await sent()).toBe(1);
  });

  it("change the e-mail: status true with a message, or false with the server's message", async () => {
    const { cookie } = await signUp({ email: "api-mail@example.uz", firstName: "Api" });
    await signUp({ email: "api-mail-taken@example.uz", firstName: "Api" });
    const ok = await api("/api/account/change-email?lang=ru", "POST", cookie, { email: "api-mail-new@example.uz" });
    expect(await ok.json()).toEqual({ status: true, message: expect.stringContaining("На новый адрес отправлена ссылка") });
    const taken = await api("/api/account/change-email?lang=ru", "POST", cookie, { email: "api-mail-taken@example.uz" });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toEqual({ status: false, error: true, message: expect.stringContaining("Аккаунт с этим e-mail уже есть") });
  });

  it("refuses cross-site calls (403) and unknown operations (404)", async () => {
    const { cookie } = await signUp({ email: "api-csrf@example.uz", firstName: "Api" });
    const cross = await get("/api/kid", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(cross.status).toBe(403);
    expect((await api("/api/account/drop-everything", "POST", cookie, {})).status).toBe(404);
  });
});
