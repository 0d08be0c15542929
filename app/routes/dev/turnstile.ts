import { data } from "react-router";
import type { Route } from "./+types/turnstile";
import { getApp } from "~/server/context.server";
import { standInVerdict } from "~/server/turnstile-stand-in";

/**
 * Stand-ins for Turnstile on local runs (DEV_CAPTCHA=1; there is no network here):
 * `POST /dev/turnstile/siteverify` answers as Cloudflare's siteverify does for its test
 * secrets; `GET /dev/turnstile/api.js` is a widget that behaves like Turnstile's: the
 * managed (invisible) widget hands over Cloudflare's dummy token at once, the interactive
 * one after a click. `sessionStorage["turnstile-stand-in"] = "reject-invisible"` makes the
 * invisible token one the verify stand-in refuses (to play the fallback).
 */
const WIDGET = `(() => {
  const widgets = new Map();
  let next = 0;
  const dummy = "XXXX.DUMMY.TOKEN.XXXX";
  window.turnstile = {
    render(target, o) {
      const el = typeof target === "string" ? document.querySelector(target) : target;
      const id = String(++next);
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = o["response-field-name"] || "cf-turnstile-response";
      el.append(input);
      const w = { el, token: "" };
      widgets.set(id, w);
      const done = (token) => { w.token = token; input.value = token; if (o.callback) o.callback(token); };
      if (o.appearance === "always") {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "✓ Turnstile (stand-in)";
        button.setAttribute("data-testid", "turnstile-stand-in");
        button.onclick = () => { button.disabled = true; done(dummy); };
        el.append(button);
      } else {
        const reject = sessionStorage.getItem("turnstile-stand-in") === "reject-invisible";
        setTimeout(() => done(reject ? dummy + ".REJECT" : dummy), 30);
      }
      return id;
    },
    reset(id) { const w = widgets.get(id); if (w) w.token = ""; },
    remove(id) { const w = widgets.get(id); if (w) w.el.replaceChildren(); widgets.delete(id); },
    getResponse(id) { return widgets.get(id)?.token; },
    isExpired() { return false; },
    execute() {},
    ready(cb) { cb(); },
  };
  const onload = document.currentScript && new URL(document.currentScript.src).searchParams.get("onload");
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;

export function loader({ params, context }: Route.LoaderArgs) {
  if (params.file !== "api.js" || getApp(context).env.DEV_CAPTCHA !== "1") throw data(null, { status: 404 });
  return new Response(WIDGET, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function action({ params, context, request }: Route.ActionArgs) {
  if (params.file !== "siteverify" || getApp(context).env.DEV_CAPTCHA !== "1") throw data(null, { status: 404 });
  // Siteverify takes a form; anything else is its "bad request" (never a 500).
  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ success: false, "error-codes": ["bad-request"] }, { status: 400 });
  return Response.json(standInVerdict(String(form.get("secret") ?? ""), String(form.get("response") ?? "")));
}
