import type { Route } from "./+types/payment";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { clickCallbackSchema } from "~/orders/index";
import { clickAnswer, clickCallback } from "~/orders/index.server";
import { apiContext, readPayload } from "~/server/api.server";

/**
 * Click's server-to-server calls (POST /api/payment/click/prepare and
 * /complete, form-encoded): answered in Click's protocol, whose `error` code
 * Click reads. A body that is not Click's shape answers -8 with 400.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, t } = apiContext(context);
  const op = params.op === "prepare" ? "prepare" : "complete";
  const payload = await readPayload(request, t);
  const submission = parseForm(payloadForm(payload), clickCallbackSchema);
  const answer =
    submission.status === "success"
      ? await clickCallback(app.env, submission.value, op, (work) => app.ctx.waitUntil(work), app.dispatch)
      : clickAnswer(payload, "request", {}, 400);
  return Response.json(answer.body, { status: answer.status });
}
