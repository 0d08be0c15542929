import { data } from "react-router";
import type { Route } from "./+types/outbox";
import { getApp } from "~/server/context.server";
import { texts } from "~/i18n/resources.server";
import { listOutbox } from "~/outbox/index.server";
import { useI18n } from "~/i18n/use-i18n";

/**
 * Development only: every SMS and e-mail the shop wrote, so a person (or a
 * test) can read codes and links without a provider. Absent unless
 * DEV_OUTBOX is "1".
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  if (env.DEV_OUTBOX !== "1") throw data(null, { status: 404 });
  return {
    i18n: texts(getApp(context).defaultLang, ["auth"]),
    messages: await listOutbox(env.DB),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox" }, { name: "robots", content: "noindex" }];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section>
      <h1>{t("auth:outbox.title")}</h1>
      <table className="outbox" data-testid="outbox">
        <tbody>
          {loaderData.messages.map((m) => (
            <tr key={m.id} data-channel={m.channel} data-recipient={m.recipient}>
              <td>{m.id}</td>
              <td>{m.channel}</td>
              <td>{m.recipient}</td>
              <td>{m.subject}</td>
              <td className="outbox__body">{m.body}</td>
              <td>{m.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
